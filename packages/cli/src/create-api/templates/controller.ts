/**
 * `src/controllers/[<group>/]<kind>.controller.ts`: kubebuilder's `internal/controller/<kind>_controller.go`.
 * A `@Controller({ for: Kind })`, with a hint at `owns` and the kind tokens, whose
 * `@Reconcile` reads the object and records the generation it saw in
 * `status.observedGeneration` (writing only when it changed): the place to put the
 * operator's logic.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import { importPath, type SourcePaths } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export function controllerFile(names: ResourceNames, paths: SourcePaths): ScaffoldFile {
  const { kind, reconciler, variable } = names;
  return {
    path: paths.controller,
    content: `/**
 * Reconciles ${kind} objects: moves the cluster towards the state a ${kind}'s spec asks for.
 * @module
 */
import {
  CLIENT,
  type Client,
  Controller,
  Inject,
  ignoreNotFound,
  Reconcile,
  type ReconcileContext,
  type Request,
} from '@operant/core';
import { mergePatch } from '@operant/core/client';
import { ${kind} } from '${importPath(paths.controller, `${paths.apiDir}/index.ts`)}';

// TODO(user): name the kinds reconcile creates, with the kind tokens of @operant/core/kinds
// (\`owns: [Deployment, Service]\`), so that a change to one of them reconciles its ${kind}
@Controller({ for: ${kind} })
export class ${reconciler} {
  constructor(@Inject(CLIENT) private readonly client: Client) {}

  /**
   * Called with the namespace and name of a ${kind} that changed (or of one whose children
   * changed): read the current state, converge, and be idempotent. A thrown error requeues
   * the request with backoff.
   */
  @Reconcile()
  async reconcile(request: Request, { log }: ReconcileContext): Promise<void> {
    const ${variable} = await this.client.get(${kind}, request).catch(ignoreNotFound);
    if (${variable} === undefined) return; // deleted: its owned objects are garbage-collected

    // TODO(user): your logic here

    const generation = ${variable}.metadata?.generation;
    if (${variable}.status?.observedGeneration === generation) return; // nothing changed: no write
    await this.client.status().patch(${variable}, mergePatch({ status: { observedGeneration: generation } }));
    log.info('reconciled', { generation });
  }
}
`,
  };
}
