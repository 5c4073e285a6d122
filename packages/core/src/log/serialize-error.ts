/**
 * `serializeError(value)`: whatever was thrown, as JSON-safe log data, so an error line says
 * what happened and where — never `[object Object]` or `{}`:
 *
 * - an Error → `{ name, message, stack, …its own enumerable fields (code, statusCode, kind,
 *   body…), cause, errors }`, the `cause` chain (and an AggregateError's `errors`) serialized
 *   the same way;
 * - any other object → its own enumerable fields (a Date as ISO text, a Buffer as its size);
 * - strings, numbers and booleans → as they are; `undefined`, symbols, bigints and
 *   functions → their text.
 *
 * Bounded, so a log line stays a line: nesting (cause chains included) stops at 8 levels
 * with `'[truncated]'`, a value met again on its own path is `'[Circular]'`, arrays keep 20
 * items and objects 40 keys, strings 8 KiB. Fields named `data` or `stringData` are redacted
 * at every depth, as the logger does at the top.
 * @module
 */

const maxDepth = 8;
const maxItems = 20;
const maxKeys = 40;
const maxString = 8192;
/** Fields whose value a log line never shows (a Secret's `data` and `stringData`). */
export const redacted: ReadonlySet<string> = new Set(['data', 'stringData']);

/** Whether `value` is an Error (also one from another realm). */
export function isError(value: unknown): value is Error {
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';
}

/** Whether a log field goes through `serializeError`: one named `error` or `err`, or one holding an Error. */
export function isErrorField(key: string, value: unknown): boolean {
  return key === 'error' || key === 'err' || isError(value);
}

/** Any thrown value as JSON-safe log data (see the module header). */
export function serializeError(value: unknown): unknown {
  if (value === undefined) return 'undefined';
  return toJsonSafe(value, 0, []);
}

function toJsonSafe(value: unknown, depth: number, path: object[]): unknown {
  switch (typeof value) {
    case 'string':
      return value.length > maxString ? `${value.slice(0, maxString)}… (${value.length} characters)` : value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
    case 'undefined':
      return value;
    case 'bigint':
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name || 'anonymous'}]`;
  }
  if (value === null) return null;
  const object = value as object;
  if (path.includes(object)) return '[Circular]';
  if (depth >= maxDepth) return '[truncated]';
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (ArrayBuffer.isView(object)) return `[${object.constructor.name} of ${object.byteLength} bytes]`;
  const inner = [...path, object];
  const nested = (v: unknown) => toJsonSafe(v, depth + 1, inner);
  if (Array.isArray(object) || object instanceof Set) {
    const items = [...object];
    const kept = items.slice(0, maxItems).map(nested);
    return items.length > maxItems ? [...kept, `… ${items.length - maxItems} more`] : kept;
  }
  if (object instanceof Map) return fields(Object.fromEntries([...object].map(([k, v]) => [String(k), v])), nested);
  if (isError(object)) return errorFields(object, nested);
  return fields(object, nested);
}

function errorFields(err: Error, nested: (v: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: read(err, 'name'),
    message: read(err, 'message'),
    stack: read(err, 'stack'),
    ...fields(err, nested, ['name', 'message', 'stack', 'cause', 'errors']),
  };
  for (const key of ['name', 'message', 'stack']) out[key] = nested(out[key]);
  if ('cause' in err) out.cause = nested(read(err, 'cause'));
  const errors = read(err, 'errors');
  if (Array.isArray(errors)) out.errors = nested(errors);
  return out;
}

/** Own enumerable fields, each made JSON-safe; functions dropped, `data`/`stringData` redacted. */
function fields(object: object, nested: (v: unknown) => unknown, skip: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(object).filter((k) => !skip.includes(k));
  for (const key of keys.slice(0, maxKeys)) {
    const v = read(object, key);
    if (typeof v === 'function') continue;
    out[key] = redacted.has(key) ? '[redacted]' : nested(v);
  }
  if (keys.length > maxKeys) out['…'] = `${keys.length - maxKeys} more fields`;
  return out;
}

/** A property, or the text of what its getter threw. */
function read(object: object, key: string): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch (err) {
    return `[unreadable: ${isError(err) ? err.message : String(err)}]`;
  }
}
