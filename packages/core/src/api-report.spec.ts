/**
 * The public surface is reviewed, not accumulated: the root of `@operant/core` exports
 * exactly the everyday names listed here, and `api/*.api.md` (scripts/api-report.mjs) states
 * every entry point's names and declarations as the built `.d.ts` does (the test scripts
 * run `tsc -b` first). A change to the surface fails here until `pnpm api:update` rewrites
 * the reports (and, for the root, this list says so), so that it shows in review; and the
 * names of all entry points together stay within scripts/api-surface.mjs's budget.
 * @module
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type ApiReport,
  apiReports,
  committedReports,
  compareReports,
  updateCommand,
} from '../../../scripts/api-report.mjs';
import { apiSurface, PUBLIC_NAME_BUDGET, publicNameCount } from '../../../scripts/api-surface.mjs';
import * as root from './index.js';

/** The root's values: the decorators, starting an application, the reconcile contract, the errors. */
const rootValues = [
  // decorators
  'Controller',
  'DefaultingWebhook',
  'Dependent',
  'GenerationChanged',
  'Inject',
  'Injectable',
  'Module',
  'Predicate',
  'Rbac',
  'Reconcile',
  'ValidatingWebhook',
  'Watches',
  // starting an application, and the tokens its controllers inject
  'CLIENT',
  'EVENT_RECORDER',
  'LOGGER',
  'MANAGER',
  'OperantFactory',
  'managerOptionsFromFlags',
  'runOperator',
  // the reconcile contract
  'done',
  'isTerminalError',
  'requeue',
  'requeueAfter',
  'TerminalError',
  // controller-runtime's controllerutil and predicate packages
  'controllerutil',
  'predicate',
  // errors
  'ignoreAlreadyExists',
  'ignoreNotFound',
  'isAlreadyExists',
  'isConflict',
  'isNotFound',
  'isOperantError',
  'OperantError',
];

/** The root's types (interfaces, type aliases, classes exported as types only). */
const rootTypes = [
  'Client',
  'EventRecorder',
  'KubernetesObject',
  'Logger',
  'Manager',
  'OperantErrorReason',
  'Operator',
  'ReconcileContext',
  'Reconciler',
  'Request',
  'Result',
];

const sorted = (names: readonly string[]): string[] => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('the public API', () => {
  let current: Map<string, ApiReport>;
  beforeAll(() => {
    current = apiReports();
  });

  it('should export exactly the everyday names at the root of @operant/core', () => {
    const report = [...current.values()].find((r) => r.specifier === '@operant/core');
    expect(report?.names).toEqual(sorted([...rootValues, ...rootTypes]));
    expect(sorted(Object.keys(root))).toEqual(sorted(rootValues));
  });

  it(`should match the committed report of every entry point (${updateCommand} rewrites api/)`, () => {
    const committed = committedReports();
    // the first changed file as a diff, then the list of every stale one
    for (const [file, { text }] of current) {
      if (committed.has(file)) expect({ file, text }).toEqual({ file, text: committed.get(file) });
    }
    expect(compareReports(current, committed)).toEqual({ changed: [], added: [], removed: [] });
  });

  it(`should export at most ${PUBLIC_NAME_BUDGET} names over every entry point of every package`, () => {
    expect(publicNameCount(apiSurface())).toBeLessThanOrEqual(PUBLIC_NAME_BUDGET);
    // every entry point's names count, namespace members too: a name exported twice counts twice
    expect(
      publicNameCount({ entries: [{ specifier: 'x', values: 2, types: 1, nsValues: 3, nsTypes: 0 }], packages: [] }),
    ).toBe(6);
  });

  it('should report a changed, a new and a removed entry point', () => {
    const committed = new Map([...current].map(([file, { text }]) => [file, text]));
    const [first, second] = [...committed.keys()];
    committed.set(first as string, `${committed.get(first as string)}\nexport declare const extra: number;\n`);
    committed.delete(second as string);
    committed.set('operant-gone.api.md', '');
    expect(compareReports(current, committed)).toEqual({
      changed: [first],
      added: [second],
      removed: ['operant-gone.api.md'],
    });
  });
});
