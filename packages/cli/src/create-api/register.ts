/**
 * The edits `create api` and `create webhook` make to files that exist: a controller or a
 * webhook class into `app.module.ts` (its import kept in order among the relative imports,
 * the class at the controllers or webhooks marker), a line into the version's `index.ts`,
 * and a resource into a kustomization list. Each is a pure function of the file's text.
 * @module
 */
import { isSeq, parseDocument, YAMLSeq } from 'yaml';
import { CliError } from '../errors.js';
import { CONTROLLERS_MARKER, IMPORTS_MARKER, WEBHOOKS_MARKER } from '../init/templates/app-module.js';

/** Sorted by module path, as Biome's import organizer sorts them. */
function insertSorted(lines: readonly string[], line: string, path: (line: string) => string): string[] {
  if (lines.includes(line)) return [...lines];
  return [...lines, line].sort((a, b) => (path(a) < path(b) ? -1 : path(a) > path(b) ? 1 : 0));
}

const importPath = (line: string) => /from '([^']+)'/.exec(line)?.[1] ?? line;

/** Adds `import { Class } from './controllers/x.controller.js'` and `Class,` to the module. */
export function registerController(source: string, className: string, modulePath: string): string {
  return registerAt(source, className, modulePath, CONTROLLERS_MARKER);
}

/** Adds `import { Class } from './webhooks/v1/x.webhook.js'` and `Class,` to the module's `webhooks`. */
export function registerWebhook(source: string, className: string, modulePath: string): string {
  return registerAt(source, className, modulePath, WEBHOOKS_MARKER);
}

function registerAt(source: string, className: string, modulePath: string, marker: string): string {
  const lines = source.split('\n');
  const importsAt = lines.findIndex((l) => l.trim() === IMPORTS_MARKER);
  const markerAt = lines.findIndex((l) => l.trim() === marker);
  if (importsAt === -1 || markerAt === -1) {
    throw new CliError(
      'config',
      `unable to add ${className} to src/app.module.ts: the "${IMPORTS_MARKER}" and "${marker}" markers are missing; add it by hand`,
    );
  }
  const imported = lines.find((l) => l.startsWith(`import { ${className} } from `) && importPath(l) !== modulePath);
  if (imported !== undefined) {
    throw new CliError(
      'exists',
      `unable to add ${className} to src/app.module.ts: it imports a ${className} from ${importPath(imported)} already; give one of the kinds another name`,
    );
  }
  const indent = /^\s*/.exec(lines[markerAt] ?? '')?.[0] ?? '';
  if (!lines.includes(`${indent}${className},`)) lines.splice(markerAt, 0, `${indent}${className},`);
  let first = importsAt;
  while (first > 0 && /^import .* from '\.{1,2}\//.test(lines[first - 1] ?? '')) first--;
  const relative = lines.slice(first, importsAt);
  const added = insertSorted(relative, `import { ${className} } from '${modulePath}';`, importPath);
  lines.splice(first, relative.length, ...added);
  return lines.join('\n');
}

/** Adds `export * from './x.types.js';` to a version's index, keeping the exports sorted. */
export function addExport(source: string, line: string): string {
  const lines = source.replace(/\n$/, '').split('\n');
  const firstExport = lines.findIndex((l) => l.startsWith('export '));
  const head = firstExport === -1 ? lines : lines.slice(0, firstExport);
  const exports = firstExport === -1 ? [] : lines.slice(firstExport);
  return `${[...head, ...insertSorted(exports, line, importPath)].join('\n')}\n`;
}

/** Adds a path to the `resources` list (or another list, `key`) of a kustomization, keeping its comments. */
export function addKustomizeResource(source: string, resource: string, file: string, key = 'resources'): string {
  const doc = parseDocument(source);
  const current = doc.get(key);
  if (current !== undefined && current !== null && !isSeq(current)) {
    throw new CliError('config', `unable to add ${resource} to ${file}: its "${key}" is not a list`);
  }
  const seq = isSeq(current) ? current : new YAMLSeq();
  seq.flow = false;
  if (!seq.items.some((item) => String((item as { value?: unknown }).value ?? item) === resource)) {
    seq.add(doc.createNode(resource));
  }
  doc.set(key, seq);
  return doc.toString();
}
