/**
 * One control-plane process (etcd, kube-apiserver, kube-controller-manager): started in its
 * own process group with its output in a log file, polled until ready, stopped with SIGTERM
 * to the group and SIGKILL after the stop timeout. Groups still alive when the test process
 * exits are killed from an exit hook, so a crashed suite does not leave servers behind.
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { EnvtestError } from './errors.js';

const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

function trackGroup(pid: number): void {
  liveGroups.add(pid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const group of liveGroups) killGroup(group, 'SIGKILL');
    });
  }
}

/** True when a process with this pid exists (zombies of our own children excluded by `exited`). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ProcessOptions {
  name: string;
  command: string;
  args: readonly string[];
  logFile: string;
  /** Also copy output to this process's stdout/stderr (`KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT`). */
  attachOutput?: boolean;
}

export class ControlPlaneProcess {
  private child: ChildProcess | undefined;
  private exit: Promise<void> | undefined;
  private exitStatus: string | undefined;

  constructor(readonly options: ProcessOptions) {}

  get name(): string {
    return this.options.name;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.exitStatus === undefined;
  }

  start(): void {
    const { command, args, logFile, attachOutput } = this.options;
    const log = openSync(logFile, 'a');
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        detached: true,
        stdio: ['ignore', attachOutput ? 'pipe' : log, attachOutput ? 'pipe' : log],
      });
    } finally {
      if (!attachOutput) closeSync(log);
    }
    if (attachOutput) {
      const copy = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
        to.write(chunk);
        writeSync(log, chunk);
      };
      child.stdout?.on('data', copy(process.stdout));
      child.stderr?.on('data', copy(process.stderr));
      child.once('close', () => closeSync(log));
    }
    this.child = child;
    this.exit = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitStatus = signal !== null ? `signal ${signal}` : `exit code ${code}`;
        if (child.pid !== undefined) liveGroups.delete(child.pid);
        resolve();
      });
      child.once('error', (err) => {
        this.exitStatus = `spawn error: ${err.message}`;
        resolve();
      });
    });
    if (child.pid !== undefined) trackGroup(child.pid);
  }

  /** The last `lines` lines of the process's output. */
  tail(lines = 40): string {
    try {
      const text = readFileSync(this.options.logFile, 'utf8').trimEnd().split('\n');
      return text.slice(-lines).join('\n');
    } catch {
      return '(no output)';
    }
  }

  private failure(kind: 'startFailed' | 'startTimeout', what: string): EnvtestError {
    return new EnvtestError(
      kind,
      `unable to start ${this.name}: ${what}\n--- last output of ${this.name} (${this.options.logFile}) ---\n${this.tail()}`,
    );
  }

  /** Polls `probe` every `intervalMs` until it returns true, the process exits, or `timeoutMs` passes. */
  async waitUntilReady(probe: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let lastError = '';
    for (;;) {
      if (!this.running) throw this.failure('startFailed', `it exited (${this.exitStatus ?? 'not started'})`);
      try {
        if (await probe()) return;
      } catch (err) {
        lastError = (err as Error).message;
      }
      if (Date.now() >= deadline) {
        const detail = lastError === '' ? '' : ` (last probe error: ${lastError})`;
        throw this.failure('startTimeout', `not ready within ${timeoutMs} ms${detail}`);
      }
      await sleep(intervalMs);
    }
  }

  /** SIGTERM to the process group, then SIGKILL after `timeoutMs`. Safe to call more than once. */
  async stop(timeoutMs: number): Promise<void> {
    const child = this.child;
    if (child?.pid === undefined || this.exit === undefined) return;
    if (this.exitStatus === undefined) {
      killGroup(child.pid, 'SIGTERM');
      const timer = new AbortController(); // cancelled once the process exits: no timer outlives stop()
      const stopped = await Promise.race([
        this.exit.then(() => true),
        sleep(timeoutMs, false, { signal: timer.signal }).catch(() => false),
      ]);
      timer.abort();
      if (!stopped) {
        killGroup(child.pid, 'SIGKILL');
        await this.exit;
      }
    }
    // children of the process (none expected) share its group: make sure the group is gone
    killGroup(child.pid, 'SIGKILL');
    liveGroups.delete(child.pid);
  }
}
