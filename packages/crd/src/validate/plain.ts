/**
 * Small helpers over plain JSON values, shared by the walks of `validate()`.
 * @module
 */

/** A JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
