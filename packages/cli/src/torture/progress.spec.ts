// What operant torture shows while runs proceed when stderr is no terminal (a CI log): one
// line per run, with its place among the planned runs, its outcome and its time.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import type { CommandIo } from '../io.js';
import { lineProgress, runProgress } from './progress.js';

const crash = { what: 'crash after write 1', on: 'create Gizmo torture-1a2b/web-*' };
const reference = (durationMs: number) => ({ name: 'reference', durationMs, diverged: false, injection: undefined });

function captured(): { io: CommandIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t) }, out, err };
}

describe('lineProgress', () => {
  it('prints one line per run on stderr, and says when a perturbed run did not reach its point', () => {
    const { io, out, err } = captured();
    const progress = lineProgress(io);
    progress.onRun(reference(2_512), { done: 1, planned: 4 });
    progress.onRun(
      { name: 'crash:1:after-1', durationMs: 640, diverged: false, injection: crash },
      { done: 2, planned: 4 },
    );
    progress.onRun(
      { name: 'crash:1:after-9', durationMs: 600, diverged: false, injection: undefined },
      { done: 3, planned: 4 },
    );
    progress.onRun(
      { name: 'crash:1:after-2', durationMs: 700, diverged: true, injection: crash },
      { done: 4, planned: 4 },
    );
    progress.stop();
    expect(err.join('')).toBe(
      [
        '[1/4] reference  ok  2.5 s',
        '[2/4] crash:1:after-1  ok  0.6 s',
        '[3/4] crash:1:after-9  ok (point not reached)  0.6 s',
        '[4/4] crash:1:after-2  diverged  0.7 s',
        '',
      ].join('\n'),
    );
    expect(out).toEqual([]);
  });
});

describe('runProgress', () => {
  it('prints lines when the stream is no terminal', () => {
    const { io, err } = captured();
    const stream = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    const written: string[] = [];
    stream.on('data', (chunk) => written.push(String(chunk)));
    const progress = runProgress(io, stream);
    progress.onRun(reference(1_000), { done: 1, planned: 2 });
    progress.stop();
    expect(err).toEqual(['[1/2] reference  ok  1.0 s\n']);
    expect(written).toEqual([]);
  });

  it('draws a bar on a terminal, with the divergences and the last run', () => {
    const { io, err } = captured();
    const written: string[] = [];
    const stream = Object.assign(new PassThrough(), {
      isTTY: true,
      columns: 120,
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
    }) as unknown as NodeJS.WriteStream;
    stream.on('data', (chunk) => written.push(String(chunk)));
    const progress = runProgress(io, stream);
    progress.onRun(reference(1_000), { done: 1, planned: 3 });
    progress.onRun(
      { name: 'crash:1:after-1', durationMs: 500, diverged: true, injection: crash },
      { done: 2, planned: 3 },
    );
    progress.stop();
    expect(err).toEqual([]);
    expect(written.join('')).toMatch(/runs .* 2\/3 \| divergences 1 \| crash:1:after-1 diverged/);
  });
});
