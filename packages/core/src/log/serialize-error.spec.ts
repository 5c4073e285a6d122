import { describe, expect, it } from '@jest/globals';
import { serializeError } from './serialize-error.js';

describe('serializeError', () => {
  it('writes an Error with its name, message, stack and own fields', () => {
    const err = Object.assign(new RangeError('unable to get Widget ns/w1'), { code: 'ECONNRESET', statusCode: 503 });
    expect(serializeError(err)).toEqual({
      name: 'RangeError',
      message: 'unable to get Widget ns/w1',
      stack: expect.stringMatching(/^RangeError: unable to get Widget ns\/w1\n\s+at /),
      code: 'ECONNRESET',
      statusCode: 503,
    });
  });

  it('follows the cause chain, causes that are not Errors included', () => {
    const root = { reason: 'Conflict', details: { kind: 'Widget' } };
    const err = new Error('unable to update Widget ns/w1', { cause: new TypeError('fetch failed', { cause: root }) });
    expect(serializeError(err)).toMatchObject({
      message: 'unable to update Widget ns/w1',
      cause: {
        name: 'TypeError',
        message: 'fetch failed',
        stack: expect.stringContaining('TypeError: fetch failed'),
        cause: { reason: 'Conflict', details: { kind: 'Widget' } },
      },
    });
  });

  it('bounds a cause chain that never ends', () => {
    let err = new Error('level 0');
    for (let i = 1; i < 50; i++) err = new Error(`level ${i}`, { cause: err });
    let depth = 0;
    let node = serializeError(err) as { cause?: unknown };
    while (typeof node.cause === 'object') {
      node = node.cause as { cause?: unknown };
      depth++;
    }
    expect(depth).toBe(7);
    expect(node.cause).toBe('[truncated]');
  });

  it('writes the own fields of a thrown plain object, never [object Object]', () => {
    const thrown = { code: 409, reason: 'AlreadyExists', retry: () => true, at: new Date(0), big: 10n };
    expect(serializeError(thrown)).toEqual({
      code: 409,
      reason: 'AlreadyExists',
      at: '1970-01-01T00:00:00.000Z',
      big: '10',
    });
  });

  it('marks cycles, in objects and in cause chains', () => {
    const obj: Record<string, unknown> = { name: 'loop' };
    obj.self = obj;
    obj.list = [obj, 1];
    expect(serializeError(obj)).toEqual({ name: 'loop', self: '[Circular]', list: ['[Circular]', 1] });
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as Error & { cause?: unknown }).cause = b;
    expect(serializeError(a)).toMatchObject({ message: 'a', cause: { message: 'b', cause: '[Circular]' } });
    expect(() => JSON.stringify(serializeError(a))).not.toThrow();
  });

  it('keeps a value met twice outside its own path (not a cycle)', () => {
    const shared = { x: 1 };
    expect(serializeError({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });

  it('bounds deep nesting, long arrays, many keys and long strings', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 10_000; i++) deep = { deep };
    expect(JSON.stringify(serializeError(deep))).toContain('"[truncated]"');
    const list = serializeError({ list: Array.from({ length: 100 }, (_, i) => i) }) as { list: unknown[] };
    expect(list.list).toHaveLength(21);
    expect(list.list.at(-1)).toBe('… 80 more');
    const wide = serializeError(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])));
    expect(Object.keys(wide as object)).toHaveLength(41);
    expect(serializeError('x'.repeat(10_000))).toMatch(/^x{8192}… \(10000 characters\)$/);
  });

  it('writes strings, numbers and other primitives as they are, or as their text', () => {
    expect(serializeError('boom')).toBe('boom');
    expect(serializeError(42)).toBe(42);
    expect(serializeError(false)).toBe(false);
    expect(serializeError(null)).toBeNull();
    expect(serializeError(undefined)).toBe('undefined');
    expect(serializeError(Symbol('s'))).toBe('Symbol(s)');
    expect(serializeError(Number.NaN)).toBe('NaN');
    expect(serializeError(function named() {})).toBe('[function named]');
  });

  it('writes the errors of an AggregateError', () => {
    const err = new AggregateError([new Error('one'), 'two'], 'both failed');
    expect(serializeError(err)).toMatchObject({
      name: 'AggregateError',
      message: 'both failed',
      errors: [{ message: 'one' }, 'two'],
    });
  });

  it('redacts data and stringData at any depth, and survives a throwing getter', () => {
    const secret = { kind: 'Secret', data: { password: 'aHVudGVyMg==' }, stringData: { token: 'x' } };
    const err = Object.assign(new Error('unable to create Secret ns/s'), { object: secret });
    Object.defineProperty(err, 'broken', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('aHVudGVyMg==');
    expect(out).toMatchObject({
      object: { kind: 'Secret', data: '[redacted]', stringData: '[redacted]' },
      broken: '[unreadable: no]',
    });
  });

  it('writes buffers and typed arrays as their size', () => {
    expect(serializeError({ body: Buffer.from('abc') })).toEqual({ body: '[Buffer of 3 bytes]' });
  });
});
