/**
 * The rules a controller's dependents must satisfy, checked here and nowhere else (the
 * builder at `build()`, the scanner for `@Dependent` methods): a `for` kind to own them,
 * names that are unique label values, `dependsOn` naming dependents of the same
 * controller, no cycle among them, and a domain-qualified `finalizerName`. Like the
 * controller rules, they return problems.
 * @module
 */
import type { BuilderProblem } from './errors.js';

/** A dependent as the rules see it; `where` names it in messages (`dependent(ConfigMap)`, `@Dependent on Widget.config`). */
export interface DeclaredDependent {
  name: string;
  dependsOn: readonly string[];
  where: string;
}

/** A label value: at most 63 characters, alphanumerics with `-`, `_`, `.` inside. */
const labelValue = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)$/;

export function checkDependents(
  subject: string,
  dependents: readonly DeclaredDependent[],
  hasFor: boolean,
): BuilderProblem[] {
  const problems: BuilderProblem[] = [];
  const problem = (message: string) => problems.push({ kind: 'invalidDependent', message: `${subject}${message}` });
  if (dependents.length > 0 && !hasFor)
    problem('dependents can only be used together with for(): they belong to its objects');
  const byName = new Map<string, DeclaredDependent>();
  for (const d of dependents) {
    if (!labelValue.test(d.name)) {
      problem(
        `${d.where}: the name ${JSON.stringify(d.name)} is not a label value (at most 63 letters, digits, "-", "_", "."); set "name"`,
      );
    }
    const taken = byName.get(d.name);
    if (taken !== undefined) problem(`${d.where}: the name ${d.name} is already used by ${taken.where}; set "name"`);
    else byName.set(d.name, d);
  }
  for (const d of dependents) {
    for (const dependency of d.dependsOn) {
      if (!byName.has(dependency)) {
        problem(
          `${d.where}: dependsOn names ${dependency}, which is no dependent of this controller (${[...byName.keys()].join(', ')})`,
        );
      }
    }
  }
  const cycle = findCycle(byName);
  if (cycle !== undefined) problem(`the dependents depend on each other in a cycle: ${cycle.join(' → ')}`);
  return problems;
}

/** A qualified name with a domain prefix, as the API server wants of a finalizer: `example.com/name`. */
const finalizerName =
  /^(?=.{1,253}\/)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

/** The `finalizerName` option, when given: `<domain>/<name>` (java-operator-sdk refuses others too). */
export function checkFinalizerName(subject: string, name: string | undefined): BuilderProblem[] {
  if (name === undefined || finalizerName.test(name)) return [];
  const message = `${subject}finalizerName ${JSON.stringify(name)} is not a domain-qualified name (example.com/name)`;
  return [{ kind: 'invalidDependent', message }];
}

/** A cycle of `dependsOn` as the names along it (first name repeated at the end), or undefined. */
function findCycle(byName: ReadonlyMap<string, DeclaredDependent>): string[] | undefined {
  const done = new Set<string>();
  const visit = (name: string, path: string[]): string[] | undefined => {
    const at = path.indexOf(name);
    if (at >= 0) return [...path.slice(at), name];
    if (done.has(name)) return undefined;
    for (const next of byName.get(name)?.dependsOn ?? []) {
      const cycle = visit(next, [...path, name]);
      if (cycle !== undefined) return cycle;
    }
    done.add(name);
    return undefined;
  };
  for (const name of byName.keys()) {
    const cycle = visit(name, []);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}
