import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { newLogger } from './winston.js';

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
