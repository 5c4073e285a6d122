// What operant torture shows while runs proceed when stderr is no terminal (a CI log): one
// line per run, with its place among the planned runs, its outcome and its time.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import type { CommandIo } from '../io.js';
import { lineProgress, runProgress } from './progress.js';

function captured(): { io: CommandIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t) }, out, err };
}

describe('lineProgress', () => {
  it('prints one line per run on stderr', () => {
    const { io, out, err } = captured();
    const progress = lineProgress(io);
    progress.onRun({ name: 'reference', durationMs: 2_512, diverged: false }, { done: 1, planned: 4 });
    progress.onRun({ name: 'crash:1:after-1', durationMs: 640, diverged: true }, { done: 2, planned: 4 });
    progress.stop();
    expect(err.join('')).toBe('[1/4] reference  ok  2.5 s\n[2/4] crash:1:after-1  diverged  0.6 s\n');
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
    progress.onRun({ name: 'reference', durationMs: 1_000, diverged: false }, { done: 1, planned: 2 });
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
    progress.onRun({ name: 'reference', durationMs: 1_000, diverged: false }, { done: 1, planned: 3 });
    progress.onRun({ name: 'crash:1:after-1', durationMs: 500, diverged: true }, { done: 2, planned: 3 });
    progress.stop();
    expect(err).toEqual([]);
    expect(written.join('')).toMatch(/runs .* 2\/3 \| divergences 1 \| crash:1:after-1 diverged/);
  });
});
