import { describe, expect, it } from '@jest/globals';
import { eventually } from './eventually.js';

describe('eventually', () => {
  it('retries until the check passes and returns its result', async () => {
    let tries = 0;
    const result = await eventually(
      () => {
        tries++;
        if (tries < 3) throw new Error(`not yet (${tries})`);
        return 'done';
      },
      { timeout: 1000, interval: 5 },
    );
    expect([result, tries]).toEqual(['done', 3]);
  });

  it('throws the last error once the timeout has passed', async () => {
    let tries = 0;
    const started = Date.now();
    await expect(
      eventually(
        async () => {
          tries++;
          throw new Error(`attempt ${tries}`);
        },
        { timeout: 50, interval: 10 },
      ),
    ).rejects.toThrow(`attempt`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(tries).toBeGreaterThan(1);
  });

  it('still takes the timeout and interval as numbers', async () => {
    await expect(eventually(() => Promise.reject(new Error('never')), 30, 10)).rejects.toThrow('never');
  });
});
