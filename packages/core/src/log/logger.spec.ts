import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { newLogger } from './logger.js';

const capture = () => {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
  return { stream, lines };
};
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('newLogger', () => {
  it('writes JSON lines with ts, level, msg and the child fields', async () => {
    const { stream, lines } = capture();
    const log = newLogger({ stream, level: 'info' }).child({ controller: 'widget', controllerKind: 'Widget' });
    log.child({ namespace: 'ns', name: 'w1', reconcileID: 'r-1' }).info('reconciled', { requeues: 0 });
    log.debug('hidden at info');
    await flush();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'reconciled',
      controller: 'widget',
      controllerKind: 'Widget',
      namespace: 'ns',
      name: 'w1',
      reconcileID: 'r-1',
      requeues: 0,
    });
    expect(Date.parse(entry.ts)).not.toBeNaN();
  });

  it('redacts data and stringData fields', async () => {
    const { stream, lines } = capture();
    newLogger({ stream, level: 'info' }).info('oops', {
      data: { password: 'hunter2' },
      stringData: { token: 'x' },
      name: 'secret',
    });
    await flush();
    expect(lines[0]).not.toContain('hunter2');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      data: '[redacted]',
      stringData: '[redacted]',
      name: 'secret',
    });
  });

  it('has a readable console format', async () => {
    const { stream, lines } = capture();
    newLogger({ stream, format: 'console', level: 'debug' }).debug('starting workers', { workerCount: 2 });
    await flush();
    expect(lines[0]).toMatch(/starting workers \{"workerCount":2\}$/);
  });
});

describe('newLogger with errors', () => {
  it('writes a thrown Error with its stack and cause chain in the error field', async () => {
    const { stream, lines } = capture();
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED' });
    newLogger({ stream }).error('reconciler error', { error: new Error('unable to get Widget ns/w1', { cause }) });
    await flush();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      msg: 'reconciler error',
      error: {
        name: 'Error',
        message: 'unable to get Widget ns/w1',
        stack: expect.stringContaining('Error: unable to get Widget ns/w1\n    at '),
        cause: { message: 'connect ECONNREFUSED 127.0.0.1:6443', code: 'ECONNREFUSED', stack: expect.any(String) },
      },
    });
  });

  it('writes a thrown non-Error with its fields, in both formats', async () => {
    for (const format of ['json', 'console'] as const) {
      const { stream, lines } = capture();
      newLogger({ stream, format }).error('reconciler error', { error: { code: 409, reason: 'Conflict' } });
      newLogger({ stream, format }).error('reconciler error', { error: 'a string' });
      await flush();
      expect(lines.join('\n')).not.toContain('[object Object]');
      expect(lines[0]).toContain('"error":{"code":409,"reason":"Conflict"}');
      expect(lines[1]).toContain('"error":"a string"');
    }
  });

  it('serializes an Error under any field name, and a cyclic one', async () => {
    const { stream, lines } = capture();
    const err = new Error('loop') as Error & { self?: unknown };
    err.self = err;
    newLogger({ stream }).warn('unable to release', { lastError: err });
    await flush();
    expect(JSON.parse(lines[0] as string).lastError).toMatchObject({ message: 'loop', self: '[Circular]' });
  });
});

describe('newLogger, the lines as winston wrote them', () => {
  it('sorts the keys, merges the call fields over the base fields over the child fields, and appends a message field', async () => {
    const { stream, lines } = capture();
    newLogger({ stream, level: 'info', fields: { logger: 'op', a: 1 } })
      .child({ a: 2, b: 1, zeta: 0 })
      .child({ b: 2 })
      .info('started', { message: 'twice', b: 3, when: new Date(0), big: 10n, skip: undefined });
    await flush();
    expect(lines[0]).toMatch(
      /^\{"a":1,"b":3,"big":"10","level":"info","logger":"op","msg":"started twice","ts":"[^"]+","when":"1970-01-01T00:00:00.000Z","zeta":0\}$/,
    );
  });

  it('writes a cycle in a field as "[Circular]" in both formats', async () => {
    for (const format of ['json', 'console'] as const) {
      const { stream, lines } = capture();
      const loop: Record<string, unknown> = { a: 1 };
      loop.self = loop;
      newLogger({ stream, format, level: 'info' }).info('loop', { loop });
      await flush();
      expect(lines[0]).toContain('"self":"[Circular]"');
    }
  });

  it('writes nothing at a level it does not know', async () => {
    const { stream, lines } = capture();
    newLogger({ stream, level: 'trace' as 'info' }).error('dropped');
    await flush();
    expect(lines).toEqual([]);
  });

  it('logs through a winston logger of your own, and serializeErrors() is a winston format for it', async () => {
    const winston = (await import('winston')).default;
    const { serializeErrors } = await import('./winston.js');
    const { stream, lines } = capture();
    const own = winston.createLogger({
      format: winston.format.combine(serializeErrors(), winston.format.json()),
      transports: [new winston.transports.Stream({ stream })],
    });
    newLogger({ winston: own, fields: { logger: 'mine' } }).error('failed', { error: new Error('boom') });
    await flush();
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 'error',
      message: 'failed',
      logger: 'mine',
      error: { name: 'Error', message: 'boom', stack: expect.stringContaining('Error: boom') },
    });
  });
});
