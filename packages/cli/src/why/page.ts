/**
 * Where `operant why` reads: the path of the manager's `/debug/reconciles` JSON
 * (`DebugReconciles`, `{ controllers: ControllerReconciles[] }`) for an object key and a
 * kind, and a check that an answer has that shape.
 * @module
 */
import type { DebugReconciles } from '@operant/core/manager';

export const RECONCILES_PATH = '/debug/reconciles';

/** The page's JSON for `key` (`namespace/name`, or `name` when cluster-scoped), of the controllers of `kind` if given. */
export function reconcilesQuery(key: string, kind?: string): string {
  const query = new URLSearchParams({ format: 'json' });
  if (kind !== undefined) query.set('kind', kind);
  query.set('key', key);
  return `${RECONCILES_PATH}?${query.toString()}`;
}

/** Whether `value` has the page's shape (a `controllers` array of objects with `keys` arrays). */
export function isDebugReconciles(value: unknown): value is DebugReconciles {
  const controllers = (value as { controllers?: unknown } | null)?.controllers;
  return (
    Array.isArray(controllers) &&
    controllers.every(
      (c) => typeof c === 'object' && c !== null && typeof c.controller === 'string' && Array.isArray(c.keys),
    )
  );
}
