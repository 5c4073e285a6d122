import { describe, expect, it } from '@jest/globals';
import { parseReplay, pointsOf, replayString } from './perturbation.js';
import { TortureError } from './torture-error.js';

describe('replay strings', () => {
  it('round-trip through parseReplay and replayString', () => {
    for (const replay of [
      'crash:1:after-3',
      'crash:7:before-12',
      'writeFailure:2:3-lostResponse',
      'staleRead:0:Gadget/web@2#1',
      'staleRead:1:ConfigMap/web.conf@gone#3',
      'missedState:3:Gadget/web#2',
    ]) {
      expect(replayString(parseReplay(replay))).toBe(replay);
    }
    expect(parseReplay(' crash:42:after-1 ')).toEqual({ kind: 'crash', seed: 42, point: 'after-1' });
  });

  it('refuses what is not a perturbation, a seed or a point of that perturbation', () => {
    const cases: [string, string][] = [
      ['flood:1:1', 'expected <perturbation>:<seed>:<point>'],
      ['crash:1', 'expected <perturbation>:<seed>:<point>'],
      ['crash:x:after-1', 'the seed is not a number'],
      ['crash:1:3', '"3" is not a point of crash'],
      ['writeFailure:1:3', '"3" is not a point of writeFailure'],
      ['writeFailure:1:3-teapot', '"3-teapot" is not a point of writeFailure'],
      ['staleRead:1:0', '"0" is not a point of staleRead'],
      ['staleRead:1:Gadget/web#1', '"Gadget/web#1" is not a point of staleRead'],
      ['missedState:1:Gadget/web@2#1', '"Gadget/web@2#1" is not a point of missedState'],
    ];
    for (const [replay, why] of cases) {
      expect(() => parseReplay(replay)).toThrow(`unable to read the replay "${replay}": ${why}`);
      expect(
        TortureError.is(
          catchError(() => parseReplay(replay)),
          'invalidReplay',
        ),
      ).toBe(true);
    }
  });
});

describe('pointsOf', () => {
  const writes = [
    { index: 1, verb: 'create', status: false },
    { index: 2, verb: 'update', status: true },
    { index: 3, verb: 'delete', status: false },
  ];
  const trace = { writes, staleReads: ['Gadget/web@1#1', 'Gadget/web@1#2'], updateEvents: ['Gadget/web#1'] };

  it('crashes after every write and before every status write', () => {
    expect(pointsOf('crash', trace)).toEqual(['after-1', 'before-2', 'after-2', 'after-3']);
  });

  it('fails every write every way, with conflicts only where a 409 means one', () => {
    expect(pointsOf('writeFailure', trace)).toEqual([
      '1-unavailable',
      '1-lostResponse',
      '1-tooManyRequests',
      '2-conflict',
      '2-unavailable',
      '2-lostResponse',
      '2-tooManyRequests',
      '3-unavailable',
      '3-lostResponse',
      '3-tooManyRequests',
    ]);
  });

  it('makes every read of an object with a history a stale read, and every update event the start of missed states', () => {
    expect(pointsOf('staleRead', trace)).toEqual(['Gadget/web@1#1', 'Gadget/web@1#2']);
    expect(pointsOf('missedState', trace)).toEqual(['Gadget/web#1']);
    expect(pointsOf('staleRead', { writes: [], staleReads: [], updateEvents: [] })).toEqual([]);
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}
