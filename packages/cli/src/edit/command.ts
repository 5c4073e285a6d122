/**
 * `operant edit [--multigroup | --no-multigroup] [--namespaced] [--repo-dir dir]`:
 * kubebuilder's `edit`. `--multigroup` records the layout in PROJECT; later `create api`
 * calls put each group in folders of its own, and existing kinds stay where they are (move
 * them by hand, as kubebuilder says). `--namespaced` turns a cluster-wide project into a
 * namespace-scoped one, as `init --namespaced` writes it (init/templates/manager-scope.ts):
 * the RoleBinding and an empty Role (`pnpm manifests` fills it), `--namespace` in the
 * manifests script, `WATCH_NAMESPACE` in config/manager, and src/main.ts when its statement
 * that creates the operator is still the scaffolded one (otherwise it says what to change).
 * It refuses a project with a cluster-scoped kind. Every change is computed before any file
 * is written.
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { isMap, isSeq, parseAllDocuments, type YAMLSeq } from 'yaml';
import { CliError } from '../errors.js';
import {
  createOperatorStatement,
  managerRole,
  manifestsScript,
  WATCH_NAMESPACE,
  watchNamespaceComment,
} from '../init/templates/manager-scope.js';
import { type CommandIo, processIo } from '../io.js';
import { type ProjectFile, readProjectFile, renderProjectFile } from '../scaffold/project-file.js';

export interface EditOptions {
  /** true: a folder per API group from now on; false: back to one folder per version. */
  multigroup?: boolean;
  /** Make the manager namespace-scoped (there is no way back: edit the files by hand). */
  namespaced?: boolean;
  /** The project directory (default: the current directory). */
  repoDir?: string;
}

/** Edits the project; resolves to the paths changed. Throws `CliError`. */
export async function edit(options: EditOptions, io: CommandIo = processIo): Promise<string[]> {
  const dir = resolve(options.repoDir ?? '.');
  const project = await readProjectFile(dir);
  if (options.multigroup === undefined && options.namespaced === undefined) {
    throw new CliError('config', 'nothing to edit: pass --multigroup, --no-multigroup or --namespaced');
  }
  const next: ProjectFile = {
    ...project,
    ...(options.multigroup === undefined ? {} : { multigroup: options.multigroup }),
  };
  const files = new Map<string, string>();
  const notes: string[] = [];
  if (options.namespaced && !project.namespaced) {
    next.namespaced = true;
    await namespacedFiles(dir, project, files, notes);
  }
  files.set('PROJECT', renderProjectFile(next));
  for (const [path, content] of files) await writeFile(join(dir, path), content);
  io.stdout(`changed ${[...files.keys()].join(', ')}\n${notes.map((n) => `${n}\n`).join('')}`);
  return [...files.keys()];
}

async function namespacedFiles(dir: string, project: ProjectFile, files: Map<string, string>, notes: string[]) {
  const cluster = project.resources?.find((r) => r.api?.namespaced === false);
  if (cluster !== undefined) {
    throw new CliError(
      'config',
      `unable to make the project namespaced: its kind ${cluster.kind} (${cluster.group}) is cluster-scoped, which a Role cannot grant`,
    );
  }
  const read = (path: string) =>
    readFile(join(dir, path), 'utf8').catch((err: unknown) => {
      throw new CliError('noProject', `unable to read ${path}: was the project made by operant init?`, { cause: err });
    });
  for (const file of managerRole({ namespaced: true })) files.set(file.path, file.content);
  notes.push('Next: run pnpm manifests to write the Role of config/rbac/role.yaml');

  const pkg = JSON.parse(await read('package.json')) as { scripts?: Record<string, string> };
  const manifests = pkg.scripts?.manifests;
  if (manifests === manifestsScript({})) {
    pkg.scripts = { ...pkg.scripts, manifests: manifestsScript({ namespaced: true }) };
    files.set('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  } else {
    notes.push('package.json: add --namespace system to the operant rbac-gen of the manifests script');
  }

  files.set('config/manager/manager.yaml', withWatchNamespace(await read('config/manager/manager.yaml')));

  const main = await read('src/main.ts');
  const scaffolded = createOperatorStatement({ name: project.projectName });
  if (main.includes(scaffolded)) {
    files.set(
      'src/main.ts',
      main.replace(scaffolded, createOperatorStatement({ name: project.projectName, namespaced: true })),
    );
  } else {
    notes.push(
      `src/main.ts: read ${WATCH_NAMESPACE} and pass manager: { cache: { defaultNamespaces: namespaces, clusterWide: false } } (docs/getting-started.md)`,
    );
  }
}

/** config/manager/manager.yaml with the pod's namespace as `WATCH_NAMESPACE` in the manager container. */
export function withWatchNamespace(source: string): string {
  const docs = parseAllDocuments(source);
  const deployment = docs.find((d) => d.get('kind') === 'Deployment');
  const containers = deployment?.getIn(['spec', 'template', 'spec', 'containers']);
  const manager = isSeq(containers)
    ? (containers.items.find((c) => isMap(c) && c.get('name') === 'manager') ?? containers.items[0])
    : undefined;
  if (deployment === undefined || !isMap(manager)) {
    throw new CliError(
      'config',
      'unable to add WATCH_NAMESPACE to config/manager/manager.yaml: it has no manager container',
    );
  }
  const env = (manager.get('env') as YAMLSeq | undefined) ?? deployment.createNode([]);
  if (!env.items.some((e) => isMap(e) && e.get('name') === WATCH_NAMESPACE)) {
    const entry = deployment.createNode({
      name: WATCH_NAMESPACE,
      valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } },
    });
    entry.commentBefore = ` ${watchNamespaceComment}`;
    env.add(entry);
  }
  manager.set('env', env);
  return docs.map((d) => d.toString()).join('');
}

export function editCommand(): Command {
  return new Command('edit')
    .description("change a project's layout or scope (kubebuilder edit)")
    .option('--multigroup', 'a folder per API group for the kinds created from now on')
    .option('--no-multigroup', 'one folder per version for the kinds created from now on')
    .option('--namespaced', 'a manager that watches only its own namespace, with a Role there')
    .option('--repo-dir <dir>', 'project directory (default: the current directory)')
    .action(async (options: EditOptions) => {
      await edit(options);
    });
}
