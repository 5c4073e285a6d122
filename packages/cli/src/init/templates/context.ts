/**
 * What every `init` template reads: the project's names and the dependency specs of the
 * `@operant/*` packages (published versions, or tarballs with `--operant-source`).
 * @module
 */
import { createHash } from 'node:crypto';
import type { OperantPackage } from '../../scaffold/versions.js';

export interface InitContext {
  domain: string;
  /** The project name (a DNS-1123 label): package name, namespace prefix, image name. */
  name: string;
  /** The copyright owner (package.json `author`, README). */
  owner: string | undefined;
  /** The dependency spec of each `@operant/*` package (`^0.1.0` or `file:…tgz`). */
  operant: Record<OperantPackage, string>;
  /** Set with `--operant-source`: pnpm overrides that send every `@operant/*` to the tarballs. */
  overrides: boolean;
  /** `--namespaced`: the manager watches only its namespace, with a Role there (manager-scope.ts). */
  namespaced?: boolean;
  /** `--multigroup`: a folder per API group under src/api, src/controllers and test. */
  multigroup?: boolean;
}

/** kubebuilder's leader election ID: a short hash of the project, then the domain (`8bc4f4ba.example.com`). */
export function leaderElectionId(context: Pick<InitContext, 'domain' | 'name'>): string {
  const hash = createHash('sha256').update(`${context.name}.${context.domain}`).digest('hex').slice(0, 8);
  return `${hash}.${context.domain}`;
}
