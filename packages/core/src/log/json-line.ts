/**
 * `jsonLine(record)`: a log record as one line of JSON, as winston's `json` format writes it
 * (safe-stable-stringify): keys sorted at every depth, a value met again on its own path as
 * `"[Circular]"`, a bigint as its text, `toJSON()` honoured (a Date as ISO text), `undefined`,
 * functions and symbols left out (`null` in arrays), and non-finite numbers as `null`.
 * @module
 */

/** `record` as one line of JSON (see the module header). */
export function jsonLine(record: object): string {
  return write('', record, []) ?? '{}';
}

function write(key: string, given: unknown, path: object[]): string | undefined {
  const value = hasToJSON(given) ? given.toJSON(key) : given;
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return String(value);
    case 'bigint':
      return `"${value}"`;
    case 'object':
      if (value === null) return 'null';
      if (path.includes(value)) return '"[Circular]"';
      return writeObject(value, path);
    default:
      return undefined;
  }
}

function writeObject(value: object, path: object[]): string {
  path.push(value);
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) parts.push(write(String(i), value[i], path) ?? 'null');
  } else {
    for (const key of Object.keys(value).sort()) {
      const text = write(key, (value as Record<string, unknown>)[key], path);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
  }
  path.pop();
  return Array.isArray(value) ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}

function hasToJSON(value: unknown): value is { toJSON(key: string): unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
