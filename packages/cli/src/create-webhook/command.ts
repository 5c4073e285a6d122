/**
 * `operant create webhook --group batch --version v1 --kind CronJob [--defaulting]
 * [--programmatic-validation] [--conversion --spoke v2] [--force] [--repo-dir dir]`:
 * kubebuilder's `create webhook`, for a kind `create api` made. Writes the webhook class
 * with its unit spec and an envtest suite (or a converter per spoke), registers them in
 * `app.module.ts`, makes `pnpm manifests` run webhook-gen (crd-gen, for conversion), adds
 * `config/webhook` and `config/certmanager` on the first webhook and wires them into
 * `config/default`, and records the webhooks in PROJECT. Refuses a kind the project does not
 * have, and webhooks the kind has already unless forced.
 * @module
 */
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { addKustomizeResource, registerWebhook } from '../create-api/register.js';
import { CliError } from '../errors.js';
import { type CommandIo, processIo } from '../io.js';
import { Edits } from '../scaffold/edits.js';
import { resourceNames, validateVersion } from '../scaffold/names.js';
import { type ProjectResource, readProjectFile, writeProjectFile } from '../scaffold/project-file.js';
import { importPath } from '../scaffold/source-layout.js';
import { type ScaffoldFile, writeScaffold } from '../scaffold/write-files.js';
import { addWebhooksToDefault } from './default-kustomization.js';
import { webhookLayout } from './layout.js';
import { addWebhooksToManifests } from './manifests-script.js';
import { allowWebhookTraffic, NETWORK_POLICY_KUSTOMIZATION } from './network-policy.js';
import { conversionClass, conversionFile, crdKustomizeConfig } from './templates/conversion.js';
import { kustomizeWebhookFiles } from './templates/kustomize-webhook.js';
import { webhookClass, webhookFile } from './templates/webhook.js';
import { webhookSpecFile } from './templates/webhook-spec.js';
import { webhookSuiteFile } from './templates/webhook-suite.js';

export interface CreateWebhookOptions {
  group: string;
  version: string;
  kind: string;
  /** A mutating webhook: `default(obj)`. */
  defaulting?: boolean;
  /** A validating webhook: `validateCreate`, `validateUpdate`. */
  programmaticValidation?: boolean;
  /** A conversion webhook between this version (the hub) and each `spoke`. */
  conversion?: boolean;
  /** The versions converted to and from this one; each must be a version of the kind in the project. */
  spoke?: string[];
  force?: boolean;
  /** The project directory (default: the current directory). */
  repoDir?: string;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The kind's resource in PROJECT, checked against what is asked; throws `CliError`. */
function checkAgainstProject(resources: readonly ProjectResource[], options: CreateWebhookOptions, gvk: string) {
  const find = (version: string) =>
    resources.find((r) => r.group === options.group && r.version === version && r.kind === options.kind);
  const resource = find(options.version);
  if (resource?.api === undefined) {
    throw new CliError(
      'config',
      `unable to create a webhook for ${gvk}: the project has no such kind; run operant create api --group ${options.group} --version ${options.version} --kind ${options.kind} first`,
    );
  }
  const had = resource.webhooks;
  const again = [
    ...(options.defaulting && had?.defaulting ? ['--defaulting'] : []),
    ...(options.programmaticValidation && had?.validation ? ['--programmatic-validation'] : []),
  ];
  if (again.length > 0 && !options.force) {
    throw new CliError(
      'exists',
      `unable to create the webhooks of ${gvk}: it has ${again.join(' and ')} already (see PROJECT); use --force`,
    );
  }
  for (const spoke of options.spoke ?? []) {
    validateVersion(spoke);
    if (spoke === options.version) throw new CliError('config', `--spoke ${spoke} is the hub version itself`);
    if (find(spoke)?.api === undefined) {
      throw new CliError(
        'config',
        `unable to convert ${gvk} to ${spoke}: the project has no ${options.kind} ${spoke}; run operant create api --version ${spoke} first`,
      );
    }
  }
  return resource;
}

function checkFlags(options: CreateWebhookOptions): void {
  if (!options.defaulting && !options.programmaticValidation && !options.conversion) {
    throw new CliError(
      'config',
      'create webhook needs at least one of --defaulting, --programmatic-validation and --conversion',
    );
  }
  if (options.conversion && (options.spoke ?? []).length === 0) {
    throw new CliError('config', '--conversion needs --spoke <version> (repeat it, or comma-separate, for several)');
  }
  if (!options.conversion && (options.spoke ?? []).length > 0) {
    throw new CliError('config', '--spoke needs --conversion');
  }
}

/** Scaffolds the kind's webhooks; resolves to the paths written or changed. Throws `CliError`. */
export async function createWebhook(options: CreateWebhookOptions, io: CommandIo = processIo): Promise<string[]> {
  checkFlags(options);
  const dir = resolve(options.repoDir ?? '.');
  const project = await readProjectFile(dir);
  const names = resourceNames(options.group, options.version, options.kind, project.domain);
  const gvk = `${names.qualifiedGroup}/${names.version} ${names.kind}`;
  const resource = checkAgainstProject(project.resources ?? [], options, gvk);
  const kinds = { defaulting: options.defaulting === true, validation: options.programmaticValidation === true };
  const admission = kinds.defaulting || kinds.validation;
  const spokes = options.conversion ? (options.spoke ?? []) : [];
  const layout = webhookLayout(names, resource.path);
  const apiDirOf = (version: string) =>
    (project.resources ?? []).find((r) => r.group === names.group && r.kind === names.kind && r.version === version)
      ?.path ?? `src/api/${version}`;

  const files: ScaffoldFile[] = [];
  if (admission) {
    const namespaced = resource.api?.namespaced !== false;
    files.push(
      webhookFile(names, kinds, layout),
      webhookSpecFile(names, kinds, layout),
      webhookSuiteFile(names, kinds, namespaced, layout),
    );
  }
  files.push(...spokes.map((spoke) => conversionFile(names, spoke, layout, apiDirOf(spoke))));
  const firstWebhook = !(await exists(join(dir, 'config/webhook/service.yaml')));
  if (firstWebhook) files.push(...kustomizeWebhookFiles(project.projectName));
  if (spokes.length > 0 && !(await exists(join(dir, crdKustomizeConfig.path)))) files.push(crdKustomizeConfig);

  const edits = new Edits(dir);
  const modulePath = (path: string) => importPath('src/app.module.ts', path);
  if (admission) {
    await edits.edit('src/app.module.ts', (t) => registerWebhook(t, webhookClass(names), modulePath(layout.webhook)));
  }
  for (const spoke of spokes) {
    const path = modulePath(layout.conversion(spoke));
    await edits.edit('src/app.module.ts', (t) => registerWebhook(t, conversionClass(names, spoke), path));
  }
  await edits.edit('package.json', (t) => addWebhooksToManifests(t, { admission, conversion: spokes.length > 0 }));
  await edits.edit('config/default/kustomization.yaml', (t) =>
    addWebhooksToDefault(t, {
      mutating: kinds.defaulting,
      validating: kinds.validation,
      ...(spokes.length > 0 ? { conversionCrd: `${names.plural}.${names.qualifiedGroup}` } : {}),
    }),
  );
  const policies = join(dir, NETWORK_POLICY_KUSTOMIZATION);
  if (
    admission &&
    (await access(policies).then(
      () => true,
      () => false,
    ))
  ) {
    await edits.edit(NETWORK_POLICY_KUSTOMIZATION, allowWebhookTraffic);
  }
  if (spokes.length > 0) {
    const file = 'config/crd/kustomization.yaml';
    await edits.edit(file, (t) => addKustomizeResource(t, 'kustomizeconfig.yaml', file, 'configurations'));
  }
  const written = await writeScaffold(dir, files, options.force);
  const changed = await edits.write();
  await writeProjectFile(dir, {
    ...project,
    resources: (project.resources ?? []).map((r) => (r === resource ? withWebhooks(r, kinds, spokes) : r)),
  });
  changed.push('PROJECT');
  io.stdout(
    `wrote ${[...written, ...changed].join(', ')}\nNext: edit ${admission ? layout.webhook : layout.conversion(spokes[0] as string)}, then run pnpm manifests\n`,
  );
  return [...written, ...changed];
}

/** The resource with what was scaffolded now added to what it had. */
function withWebhooks(
  resource: ProjectResource,
  kinds: { defaulting: boolean; validation: boolean },
  spokes: readonly string[],
): ProjectResource {
  const had = resource.webhooks;
  const spoke = [...new Set([...(had?.spoke ?? []), ...spokes])].sort();
  return {
    ...resource,
    webhooks: {
      ...(had?.conversion || spokes.length > 0 ? { conversion: true } : {}),
      ...(had?.defaulting || kinds.defaulting ? { defaulting: true } : {}),
      ...(spoke.length > 0 ? { spoke } : {}),
      ...(had?.validation || kinds.validation ? { validation: true } : {}),
      webhookVersion: 'v1',
    },
  };
}

const versions = (value: string, previous: string[] = []) => [...previous, ...value.split(',').filter((v) => v !== '')];

export function createWebhookCommand(): Command {
  return new Command('webhook')
    .description('scaffold webhooks for a kind of the project (kubebuilder create webhook)')
    .requiredOption('--group <group>', 'API group, without the domain (e.g. batch)')
    .requiredOption('--version <version>', 'API version (e.g. v1)')
    .requiredOption('--kind <kind>', 'kind, PascalCase (e.g. CronJob)')
    .option('--defaulting', 'a defaulting (mutating) webhook')
    .option('--programmatic-validation', 'a validating webhook')
    .option('--conversion', 'a conversion webhook; --version is the hub')
    .option(
      '--spoke <versions>',
      'the versions converted to and from the hub (repeatable, or comma-separated)',
      versions,
    )
    .option('--force', 'overwrite files that exist and re-create webhooks the kind has')
    .option('--repo-dir <dir>', 'project directory (default: the current directory)')
    .action(async (options: CreateWebhookOptions) => {
      await createWebhook(options);
    });
}
