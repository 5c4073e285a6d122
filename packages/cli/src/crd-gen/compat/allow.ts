/**
 * `--allow`: deliberate breaks. An entry is a rule name (`enum`: every change that rule
 * finds), a field path (`spec.size`: every change at it or below it), a CRD name, or
 * `rule:path` (that rule at that path). A path may be prefixed by its version
 * (`v1/spec.size`) or CRD and version (`widgets.demo.operant.dev/v1/spec.size`).
 * @module
 */
import type { Change } from './change.js';

const under = (path: string | undefined, entry: string): boolean =>
  path !== undefined && path !== '' && (path === entry || path.startsWith(`${entry}.`) || path.startsWith(`${entry}[`));

function matchesPath(c: Change, entry: string): boolean {
  const parts = entry.split('/');
  const path = parts.pop() as string;
  const [crd, version] = parts.length === 2 ? parts : [undefined, parts[0]];
  if (crd !== undefined && crd !== c.crd) return false;
  if (version !== undefined && version !== c.version) return false;
  return under(c.path, path);
}

/** True when `entry` allows the change `c`. */
export function allows(entry: string, c: Change): boolean {
  if (entry === c.rule || entry === c.crd) return true;
  const colon = entry.indexOf(':');
  if (colon > 0) return entry.slice(0, colon) === c.rule && matchesPath(c, entry.slice(colon + 1));
  return matchesPath(c, entry);
}

/** The changes no entry allows, and those some entry does. */
export function applyAllow(changes: readonly Change[], entries: readonly string[]) {
  const allowed = changes.filter((c) => entries.some((entry) => allows(entry, c)));
  return { reported: changes.filter((c) => !allowed.includes(c)), allowed };
}
