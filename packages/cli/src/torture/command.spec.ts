// How operant torture ends, from a report: the summary table per perturbation, the budget's
// note, the divergence with the command that replays it, and the exit codes (0 survived,
// 1 diverged, 2 cannot judge).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { torture } from '@operant/testing/torture';
import type { CommandIo } from '../io.js';
import type { TortureArgs } from './arguments.js';
import { conclude, EXIT, replayCommand } from './command.js';

type Report = Awaited<ReturnType<typeof torture>>;

const args: TortureArgs = {
  entry: 'test/memcached.torture.ts',
  scenarioFile: undefined,
  seed: undefined,
  budget: { ms: 60_000, text: '1m' },
  replay: undefined,
  kubeconfig: undefined,
  crdPaths: ['config/crd/bases'],
};

const run = (name: string, durationMs: number, diverged = false) => ({
  name,
  durationMs,
  diverged,
  injection: undefined,
  restarts: 0,
});

const report = (runs: Report['runs'], divergence?: Partial<NonNullable<Report['divergence']>>): Report =>
  ({ runs, reference: {}, divergence, durationMs: 0 }) as Report;

function captured(): { io: CommandIo; out: () => string; err: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t) },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

describe('conclude', () => {
  it('prints a table per perturbation and exits 0 when every run matched', () => {
    const { io, out, err } = captured();
    const runs = [
      run('reference', 2_500),
      run('crash:1:after-1', 600),
      run('crash:1:after-2', 700),
      run('staleRead:1:Memcached/m@1#2', 1_200),
    ];
    expect(conclude(args, report(runs), 4, false, io)).toBe(EXIT.survived);
    expect(out()).toBe(
      [
        'perturbation  runs  divergences   time',
        'reference        1            0  2.5 s',
        'crash            2            0  1.3 s',
        'staleRead        1            0  1.2 s',
        'total            4            0  5.0 s',
        'no divergence: every perturbed run ended as the reference did',
        '',
      ].join('\n'),
    );
    expect(err()).toBe('');
  });

  it('prints the report and the replay command and exits 1 on a divergence', () => {
    const { io, out } = captured();
    const runs = [run('reference', 1_000), run('staleRead:3:Memcached/m@1#2', 1_000, true)];
    const divergence = { replay: 'staleRead:3:Memcached/m@1#2', message: 'the end state diverged under …' };
    expect(conclude(args, report(runs, divergence), 9, false, io)).toBe(EXIT.diverged);
    expect(out()).toContain('staleRead        1            1  1.0 s');
    expect(out()).toContain('\nthe end state diverged under …\n');
    expect(out()).toMatch(
      /\nreplay: operant torture test\/memcached.torture.ts --crds config\/crd\/bases --replay 'staleRead:3:Memcached\/m@1#2'\n$/,
    );
  });

  it('says when the budget stopped the runs, and exits 0 on the runs made', () => {
    const { io, out } = captured();
    expect(conclude(args, report([run('reference', 1_000), run('crash:1:after-1', 1_000)]), 9, true, io)).toBe(
      EXIT.survived,
    );
    expect(out()).toContain('the budget of 1m was spent: 2 of 9 runs made, no new run started\n');
  });

  it('cannot judge when no perturbed run was made: the budget, or no point to perturb', () => {
    const spent = captured();
    expect(conclude(args, report([run('reference', 1_000)]), 9, true, spent.io)).toBe(EXIT.cannotJudge);
    expect(spent.err()).toBe('operant torture: cannot judge: the budget was spent before any perturbed run\n');
    const none = captured();
    expect(conclude(args, report([run('reference', 1_000)]), 1, false, none.io)).toBe(EXIT.cannotJudge);
    expect(none.err()).toBe('operant torture: cannot judge: the reference run offered no point to perturb\n');
  });
});

describe('conclude with generated scenarios', () => {
  const generated = [run('generated 1', 3_000), run('generated 2', 2_000), run('generated 3', 4_000, true)];

  it('prints the counterexample and its replay command and exits 1', () => {
    const { io, out } = captured();
    const counterexample = { replay: 'generated:1:2:0', message: 'a generated sequence did not converge …' };
    const found = { ...report(generated), counterexample } as Report;
    expect(conclude(args, found, 0, false, io)).toBe(EXIT.diverged);
    expect(out()).toContain('generated        3            1  9.0 s\n');
    expect(out()).toContain('\na generated sequence did not converge …\n');
    expect(out()).toMatch(/\nreplay: operant torture \S+ --crds config\/crd\/bases --replay generated:1:2:0\n$/);
  });

  it('exits 0 when every sequence converged, a single one included', () => {
    const { io, out, err } = captured();
    expect(conclude(args, report([run('generated 1', 3_000)]), 0, false, io)).toBe(EXIT.survived);
    expect(out()).toContain('no counterexample: every generated sequence converged\n');
    expect(err()).toBe('');
  });
});

describe('replayCommand', () => {
  it('keeps the scenario and the cluster, and quotes what the shell would read', () => {
    const onCluster = { ...args, scenarioFile: 'my scenario.yaml', kubeconfig: 'kc.yaml' };
    expect(replayCommand(onCluster, 'crash:1:after-3')).toBe(
      "operant torture test/memcached.torture.ts --scenario 'my scenario.yaml' --kubeconfig kc.yaml --replay crash:1:after-3",
    );
  });
});

describe('operant torture on a command line commander refuses', () => {
  const bin = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
  const run = (...args: string[]) => spawnSync(process.execPath, [bin, 'torture', ...args], { encoding: 'utf8' });

  it('exits 2 (cannot judge), not 1 (diverged), naming what it refused', () => {
    const unknown = run('test/x.torture.ts', '--no-such-flag');
    expect(unknown.stderr).toContain("unknown option '--no-such-flag'");
    expect(unknown.status).toBe(EXIT.cannotJudge);
    const missing = run();
    expect(missing.stderr).toContain("missing required argument 'entry'");
    expect(missing.status).toBe(EXIT.cannotJudge);
  });

  it('exits 0 after its help', () => {
    const help = run('--help');
    expect(help.stdout).toContain('Exit code: 0 when every run ended as the reference did');
    expect(help.status).toBe(0);
  });
});
