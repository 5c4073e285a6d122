import { describe, expect, it } from '@jest/globals';
import { eventually } from '@operant/testing';
import { noopLogger } from '../api/logger.js';
import { ClientError } from '../api/status-error.js';
import { WriteQueue } from './write-queue.js';

function logged() {
  const lines: string[] = [];
  const logger = {
    ...noopLogger,
    error: (m: string) => lines.push(`error ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
    child: () => logger,
  };
  return { logger, lines };
}

describe('WriteQueue', () => {
  it('runs writes one at a time, in order', async () => {
    const queue = new WriteQueue({ logger: noopLogger });
    const order: string[] = [];
    let running = 0;
    const write = (name: string) => ({
      fields: {},
      run: async () => {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setImmediate(resolve));
        order.push(name);
        running--;
      },
    });
    for (const name of ['a', 'b', 'c']) queue.push(write(name));
    await queue.idle();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('retries a write that got no answer, up to maxTries, and logs one line when it gives up', async () => {
    const { logger, lines } = logged();
    const queue = new WriteQueue({ logger, maxTries: 3, retryDelayMs: 1 });
    let tries = 0;
    queue.push({
      fields: {},
      run: async () => {
        tries++;
        throw new ClientError('transport', 'connection refused');
      },
    });
    await eventually(() => expect(lines).toEqual(['error unable to write an event']));
    expect(tries).toBe(3);
  });

  it('does not retry what the API server refused, except AlreadyExists for a series', async () => {
    const { logger, lines } = logged();
    const queue = new WriteQueue({ logger, maxTries: 2, retryDelayMs: 1 });
    const tries = { forbidden: 0, exists: 0, series: 0 };
    const failing = (key: keyof typeof tries, kind: 'forbidden' | 'alreadyExists', series = false) => ({
      fields: {},
      series,
      run: async () => {
        tries[key]++;
        throw new ClientError(kind, kind, { code: kind === 'forbidden' ? 403 : 409 });
      },
    });
    queue.push(failing('forbidden', 'forbidden'));
    queue.push(failing('exists', 'alreadyExists'));
    queue.push(failing('series', 'alreadyExists', true));
    await eventually(() => expect(lines).toHaveLength(3));
    expect(tries).toEqual({ forbidden: 1, exists: 1, series: 2 });
  });

  it('drops writes beyond maxPending with a warning', async () => {
    const { logger, lines } = logged();
    const queue = new WriteQueue({ logger, maxPending: 2 });
    let runs = 0;
    for (let i = 0; i < 4; i++) queue.push({ fields: {}, run: async () => void runs++ });
    await queue.idle();
    expect(runs).toBe(2);
    expect(lines).toEqual([
      'warn dropping an event: too many pending event writes',
      'warn dropping an event: too many pending event writes',
    ]);
  });
});
