/**
 * What `operant why` reads: the JSON of the manager's `/debug/reconciles` page
 * (`?format=json`), `{ controllers: ControllerReconciles[] }`, each with its primary kind,
 * and the page's path for a kind and an object key.
 * @module
 */
import type { ControllerReconciles } from '@operant/core/trace';

/** One controller's recent reconciles, as the page lists it. */
export interface PageControllerReconciles extends ControllerReconciles {
  /** The kind the controller reconciles (its `for`), when it has one. */
  readonly kind?: string;
}

/** The body of `GET /debug/reconciles?format=json`. */
export interface ReconcilesPage {
  readonly controllers: readonly PageControllerReconciles[];
}

export const RECONCILES_PATH = '/debug/reconciles';

/** The page's JSON for `key` (`namespace/name`, or `name` when cluster-scoped), of the controllers of `kind` if given. */
export function reconcilesQuery(key: string, kind?: string): string {
  const query = new URLSearchParams({ format: 'json' });
  if (kind !== undefined) query.set('kind', kind);
  query.set('key', key);
  return `${RECONCILES_PATH}?${query.toString()}`;
}

/** Whether `value` has the page's shape (a `controllers` array of objects with `keys` arrays). */
export function isReconcilesPage(value: unknown): value is ReconcilesPage {
  const controllers = (value as { controllers?: unknown } | null)?.controllers;
  return (
    Array.isArray(controllers) &&
    controllers.every(
      (c) => typeof c === 'object' && c !== null && typeof c.controller === 'string' && Array.isArray(c.keys),
    )
  );
}
