/**
 * `jsonLine(record)`: a log record as one line of JSON, as winston's `json` format writes it,
 * with the library it uses (safe-stable-stringify): keys sorted at every depth, a value met
 * again on its own path as `"[Circular]"`, a bigint as its text, `toJSON()` honoured (a Date
 * as ISO text), `undefined`, functions and symbols left out (`null` in arrays), and
 * non-finite numbers as `null`.
 * @module
 */
import { configure } from 'safe-stable-stringify';

const stringify = configure({ deterministic: true, circularValue: '[Circular]', bigint: true });

/** A bigint as its text, as winston's `json` format writes it. */
const bigintAsText = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : value);

/** `record` as one line of JSON (see the module header). */
export function jsonLine(record: object): string {
  return stringify(record, bigintAsText) ?? '{}';
}
