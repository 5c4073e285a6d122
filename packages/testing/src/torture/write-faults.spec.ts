import { describe, expect, it } from '@jest/globals';
import { ClientError } from '@operant/core/client';
import type { Perturbation } from './perturbation.js';
import { type WriteCall, WriteFaults } from './write-faults.js';

const info = { group: 'demo.operant.dev', version: 'v1', kind: 'Widget', plural: 'widgets', namespaced: true };
const call = (verb: WriteCall['verb'], status = false): WriteCall => ({
  verb,
  status,
  info,
  namespace: 'ns',
  name: 'web',
});

/** WriteFaults for `point`, with the writes it sent and the crashes it asked for. */
function faults(p: Perturbation | undefined) {
  const sent: string[] = [];
  let crashes = 0;
  const w = new WriteFaults(
    p,
    () => {
      crashes++;
    },
    async () => ({ controller: 'widget', reconcile: 4 }),
  );
  const write = (c: WriteCall, crashed = false) =>
    w.write(
      c,
      () => crashed,
      async () => {
        sent.push(c.verb);
        return c.verb;
      },
    );
  return { w, sent, write, crashes: () => crashes };
}

describe('WriteFaults', () => {
  it('numbers and traces every write, and passes them through without a perturbation', async () => {
    const f = faults(undefined);
    await expect(f.write(call('create'))).resolves.toBe('create');
    await expect(f.write(call('update', true))).resolves.toBe('update');
    expect(f.w.trace).toEqual([
      { index: 1, verb: 'create', status: false },
      { index: 2, verb: 'update', status: true },
    ]);
    expect(f.w.injection).toBeUndefined();
  });

  it('crashes after the write reached the API server, and the writer never hears back', async () => {
    const f = faults({ kind: 'crash', seed: 1, point: 'after-2' });
    await f.write(call('create'));
    const err = await f.write(call('update')).catch((e: unknown) => e);
    expect(ClientError.is(err, 'aborted')).toBe(true);
    expect((err as Error).message).toBe('unable to update Widget ns/web: the manager crashed (injected)');
    expect(f.sent).toEqual(['create', 'update']);
    expect(f.crashes()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve)); // the controller is looked up after the fact
    expect(f.w.injection).toMatchObject({
      what: 'crash after write 2',
      on: 'update Widget ns/web',
      controller: 'widget',
    });
  });

  it('crashes before a status write without sending it', async () => {
    const f = faults({ kind: 'crash', seed: 1, point: 'before-1' });
    await expect(f.write(call('update', true))).rejects.toThrow(
      'unable to update status of Widget ns/web: the manager crashed',
    );
    expect(f.sent).toEqual([]);
    expect(f.crashes()).toBe(1);
  });

  it('refuses every write of a manager that crashed', async () => {
    const f = faults(undefined);
    await expect(f.write(call('create'), true)).rejects.toThrow('the manager crashed');
    expect(f.sent).toEqual([]);
  });

  it.each([
    ['conflict', 'conflict', []],
    ['unavailable', 'transport', []],
    ['lostResponse', 'transport', ['update']],
    ['tooManyRequests', 'tooManyRequests', []],
  ] as const)('fails the write with %s', async (failure, kind, sent) => {
    const f = faults({ kind: 'writeFailure', seed: 1, point: `1-${failure}` });
    const err = await f.write(call('update')).catch((e: unknown) => e);
    expect(ClientError.is(err, kind)).toBe(true);
    expect((err as Error).message).toMatch(/^unable to update Widget ns\/web: /);
    expect(f.sent).toEqual(sent);
    await expect(f.write(call('update'))).resolves.toBe('update');
  });

  it('gives a 409 the Status of a conflict, and a 429 its code', async () => {
    const failed = (point: string, verb: WriteCall['verb']) =>
      faults({ kind: 'writeFailure', seed: 1, point })
        .write(call(verb))
        .then(
          () => undefined,
          (e: unknown) => e as ClientError,
        );
    const conflict = await failed('1-conflict', 'patch');
    expect(conflict?.code).toBe(409);
    expect(conflict?.status?.reason).toBe('Conflict');
    expect((await failed('1-tooManyRequests', 'create'))?.code).toBe(429);
  });
});
