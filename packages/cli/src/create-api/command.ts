/**
 * `operant create api --group cache --version v1 --kind RedisCluster [--no-resource]
 * [--no-controller] [--no-namespaced] [--dependents] [--force] [--repo-dir dir]`: kubebuilder's
 * `create api`. Writes the kind's class, its controller, a controller suite, a sample and
 * editor/viewer ClusterRoles, and registers them (root module, version index,
 * kustomizations, PROJECT); in a multigroup project under a folder per group
 * (`scaffold/source-layout.ts`). Refuses names kubebuilder refuses, a kind the project
 * already has, a cluster-scoped kind in a namespaced project (its Role cannot grant one),
 * and a project without PROJECT. `--dependents` scaffolds a controller whose Deployment is a
 * dependent (`templates/dependent-controller.ts`) and a status with conditions.
 * @module
 */
import { resolve } from 'node:path';
import { Command } from 'commander';
import { CliError } from '../errors.js';
import { type CommandIo, processIo } from '../io.js';
import { Edits } from '../scaffold/edits.js';
import { type ResourceNames, resourceNames } from '../scaffold/names.js';
import { findResource, type ProjectFile, readProjectFile, writeProjectFile } from '../scaffold/project-file.js';
import { importPath, sourcePaths } from '../scaffold/source-layout.js';
import { type ScaffoldFile, writeScaffold } from '../scaffold/write-files.js';
import { addExport, addKustomizeResource, registerController } from './register.js';
import { apiIndexHeader, apiIndexLine, apiIndexPath } from './templates/api-index.js';
import { controllerFile } from './templates/controller.js';
import { controllerSuite } from './templates/controller-suite.js';
import { dependentControllerFile, dependentControllerSuite } from './templates/dependent-controller.js';
import { rbacRoleFiles, rbacRolePaths } from './templates/rbac-roles.js';
import { sampleFile, samplePath } from './templates/sample.js';
import { typesFile } from './templates/types.js';

export interface CreateApiOptions {
  group: string;
  version: string;
  kind: string;
  /** Scaffold the kind's class, CRD entry and sample (default true). */
  resource?: boolean;
  /** Scaffold the controller and its suite (default true). */
  controller?: boolean;
  /** A namespaced kind (default true); false: cluster-scoped. */
  namespaced?: boolean;
  /** The controller declares a Deployment as a dependent instead of a hand-written reconcile (default false). */
  dependents?: boolean;
  force?: boolean;
  /** The project directory (default: the current directory). */
  repoDir?: string;
}

/** What the project already has of this kind, checked against the options. */
function checkAgainstProject(project: ProjectFile, names: ResourceNames, options: CreateApiOptions) {
  const existing = findResource(project, names.group, names.version, names.kind);
  const others = (project.resources ?? []).filter(
    (r) => r.group === names.group && r.kind === names.kind && r.version !== names.version,
  );
  const gvk = `${names.qualifiedGroup}/${names.version} ${names.kind}`;
  if (options.resource !== false && existing?.api !== undefined && !options.force) {
    throw new CliError('exists', `unable to create the API ${gvk}: the project has it already (see PROJECT)`);
  }
  const controlled = [existing, ...others].find((r) => r?.controller === true);
  if (options.controller !== false && controlled !== undefined && !options.force) {
    throw new CliError(
      'exists',
      `unable to create a controller for ${gvk}: the project has one for ${names.kind} (${controlled.version}); use --no-controller`,
    );
  }
  if (options.resource === false && existing?.api === undefined) {
    throw new CliError('config', `--no-resource needs the API ${gvk} in the project; create it first`);
  }
  const otherApi = others.find((r) => r.api !== undefined)?.api;
  const namespaced = existing?.api?.namespaced ?? otherApi?.namespaced ?? options.namespaced !== false;
  if (project.namespaced && !namespaced && options.resource !== false) {
    throw new CliError(
      'config',
      `unable to create the API ${gvk}: it is cluster-scoped and the project is namespaced (its manager's Role cannot grant a cluster-scoped kind)`,
    );
  }
  return {
    /** All versions of a kind share its scope. */
    namespaced,
    /** The kind's first version: it gets `@StorageVersion()` and the kind's editor/viewer roles. */
    firstVersion: otherApi === undefined,
  };
}

/** Scaffolds one API; resolves to the paths written or changed. Throws `CliError`. */
export async function createApi(options: CreateApiOptions, io: CommandIo = processIo): Promise<string[]> {
  const dir = resolve(options.repoDir ?? '.');
  const project = await readProjectFile(dir);
  const names = resourceNames(options.group, options.version, options.kind, project.domain);
  const { namespaced, firstVersion } = checkAgainstProject(project, names, options);
  const paths = sourcePaths(names, project.multigroup === true);
  const resource = options.resource !== false;
  const controller = options.controller !== false;
  if (!resource && !controller) throw new CliError('config', 'nothing to do: both --no-resource and --no-controller');
  const dependents = options.dependents === true;
  if (dependents && !controller)
    throw new CliError('config', '--dependents scaffolds a controller: drop --no-controller');
  if (dependents && !namespaced) {
    throw new CliError(
      'config',
      '--dependents needs a namespaced kind: its Deployment lives in the namespace of the object',
    );
  }

  const files: ScaffoldFile[] = [];
  if (resource) {
    files.push(typesFile(names, paths, namespaced, firstVersion, dependents), sampleFile(names, project.projectName));
    if (firstVersion) files.push(...rbacRoleFiles(names, paths, project.projectName));
  }
  if (controller && dependents)
    files.push(dependentControllerFile(names, paths), dependentControllerSuite(names, paths));
  else if (controller) files.push(controllerFile(names, paths), controllerSuite(names, paths, namespaced));
  const edits = new Edits(dir);
  if (resource) {
    const crdFile = `bases/${names.qualifiedGroup}_${names.plural}.yaml`;
    await edits.edit(apiIndexPath(paths), (t) => addExport(t, apiIndexLine(names)), apiIndexHeader(names));
    await edits.edit('config/crd/kustomization.yaml', (t) => addKustomizeResource(t, crdFile, 'config/crd'));
    await edits.edit('config/samples/kustomization.yaml', (t) =>
      addKustomizeResource(t, samplePath(names).replace('config/samples/', ''), 'config/samples'),
    );
    for (const path of firstVersion ? rbacRolePaths(paths) : []) {
      const file = path.replace('config/rbac/', '');
      await edits.edit('config/rbac/kustomization.yaml', (t) => addKustomizeResource(t, file, 'config/rbac'));
    }
  }
  if (controller) {
    const module = importPath('src/app.module.ts', paths.controller);
    await edits.edit('src/app.module.ts', (t) => registerController(t, names.reconciler, module));
  }
  const written = await writeScaffold(dir, files, options.force);
  const changed = await edits.write();
  const others = (project.resources ?? []).filter(
    (r) => !(r.group === names.group && r.version === names.version && r.kind === names.kind),
  );
  const previous = findResource(project, names.group, names.version, names.kind);
  await writeProjectFile(dir, {
    ...project,
    resources: [
      ...others,
      {
        ...(resource || previous?.api ? { api: { crdVersion: 'v1' as const, namespaced } } : {}),
        ...(controller || previous?.controller ? { controller: true } : {}),
        domain: project.domain,
        group: names.group,
        kind: names.kind,
        path: paths.apiDir,
        version: names.version,
      },
    ],
  });
  changed.push('PROJECT');
  io.stdout(
    `wrote ${[...written, ...changed].join(', ')}\nNext: edit ${paths.apiDir}/${names.lower}.types.ts, then run pnpm manifests\n`,
  );
  return [...written, ...changed];
}

export function createApiCommand(): Command {
  const api = new Command('api')
    .description('scaffold a kind and its controller (kubebuilder create api)')
    .requiredOption('--group <group>', 'API group, without the domain (e.g. cache)')
    .requiredOption('--version <version>', 'API version (e.g. v1, v1alpha1)')
    .requiredOption('--kind <kind>', 'kind, PascalCase (e.g. RedisCluster)')
    .option('--resource', 'scaffold the kind (default)')
    .option('--no-resource', 'do not scaffold the kind (a controller for a kind the project has)')
    .option('--controller', 'scaffold the controller (default)')
    .option('--no-controller', 'do not scaffold a controller')
    .option('--namespaced', 'a namespaced kind (default)')
    .option('--no-namespaced', 'a cluster-scoped kind')
    .option(
      '--dependents',
      'the controller declares a Deployment as a dependent (@Dependent) instead of a hand-written reconcile',
    )
    .option('--force', 'overwrite files that exist and re-create a kind the project has')
    .option('--repo-dir <dir>', 'project directory (default: the current directory)')
    .action(async (options: CreateApiOptions) => {
      await createApi(options);
    });
  return api;
}
