/**
 * A controller under test as a child process on core 1: spawn (through `taskset`), RSS and
 * CPU sampled from procfs every 250 ms, `mem` queries over stdin (heap after a GC and the
 * peer's reconcile counters), and a stop that closes stdin, then SIGTERM, then SIGKILL.
 * `BENCH_PEER_STDOUT=<prefix>` copies each peer's stdout to `<prefix>.<pid>`.
 * @module
 */
import { spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { CONTROLLER_CPUS, canPin } from './control-plane.mjs';

const TICKS = 100; // USER_HZ on Linux

function procStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM'), rssAnon: kb('RssAnon') };
  } catch {
    return undefined;
  }
}

function procCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime + stime
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds per thread kind of a process (procfs: the stat of each task of the process, the thread's name with
 * its trailing number dropped): Node's main thread, V8's workers (concurrent GC, compilers),
 * libuv's pool; Go's threads all share the binary's name.
 */
export function threadCpuSeconds(pid) {
  const byName = {};
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[-_ ]?[0-9]+$/, '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byName[name] = (byName[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / TICKS;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byName;
}

export function startPeer(peer, { kubeconfig, workers, extraEnv = {} }) {
  const [cmd, args] = peer.command({ cpuProfDir: extraEnv.BENCH_CPU_PROF_DIR });
  const env = { ...process.env, KUBECONFIG: kubeconfig, BENCH_WORKERS: String(workers), ...peer.env, ...extraEnv };
  const child = canPin
    ? spawn('taskset', ['-c', CONTROLLER_CPUS, cmd, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(cmd, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const started = performance.now();
  let stderr = '';
  let exit;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal, atSeconds: (performance.now() - started) / 1000 };
      resolve(exit);
    });
  });
  child.stderr.on('data', (c) => {
    stderr = (stderr + c.toString()).slice(-20_000);
  });
  const waiters = [];
  let buffer = '';
  // BENCH_PEER_STDOUT=<prefix>: each peer's stdout also goes to <prefix>.<pid> (a V8 trace, `gc-trace.mjs`)
  const copyTo = process.env.BENCH_PEER_STDOUT ? `${process.env.BENCH_PEER_STDOUT}.${child.pid}` : undefined;
  child.stdout.on('data', (c) => {
    if (copyTo !== undefined) appendFileSync(copyTo, c);
    buffer += c.toString();
    let i = buffer.indexOf('\n');
    while (i >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      i = buffer.indexOf('\n');
      if (!line.startsWith('{')) continue;
      try {
        const message = JSON.parse(line);
        if (message.mem === true) waiters.shift()?.(message);
      } catch {}
    }
  });
  child.stdin.on('error', () => {});
  const samples = [];
  let peakRss = 0;

  const timer = setInterval(() => {
    const s = procStatus(child.pid);
    if (s === undefined) return;
    peakRss = Math.max(peakRss, s.hwm || 0, s.rss || 0);
    samples.push({ t: (performance.now() - started) / 1000, rss: s.rss });
  }, 250);
  timer.unref();

  return {
    pid: child.pid,
    get exit() {
      return exit;
    },
    /** The highest RSS so far: the last sample's high-water mark, or the process's now while it runs (a peer done within the first 250 ms has no sample). */
    get peakRss() {
      const s = exit === undefined ? procStatus(child.pid) : undefined;
      return Math.max(peakRss, s?.hwm || 0, s?.rss || 0);
    },
    samples,
    rss: () => procStatus(child.pid)?.rss ?? Number.NaN,
    /** The anonymous part of the RSS (the rest is file pages: the binary's code, shared and clean). */
    rssAnon: () => procStatus(child.pid)?.rssAnon ?? Number.NaN,
    cpuSeconds: () => procCpuSeconds(child.pid),
    threadCpuSeconds: () => threadCpuSeconds(child.pid),
    stderrTail: () => stderr.slice(-2000),
    /** Heap after a GC and reconcile counters from the peer, or undefined after `timeoutMs`. */
    mem(timeoutMs = 15_000) {
      if (exit !== undefined) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const t = setTimeout(() => {
          const idx = waiters.indexOf(done);
          if (idx >= 0) waiters.splice(idx, 1);
          resolve(undefined);
        }, timeoutMs);
        const done = (m) => {
          clearTimeout(t);
          resolve(m);
        };
        waiters.push(done);
        child.stdin.write('mem\n');
      });
    },
    async stop() {
      clearInterval(timer);
      if (exit !== undefined) return exit;
      child.stdin.end();
      const wait = (ms) => Promise.race([exited, new Promise((r) => setTimeout(r, ms))]);
      await wait(4000);
      if (exit === undefined) child.kill('SIGTERM');
      await wait(4000);
      if (exit === undefined) child.kill('SIGKILL');
      return exited;
    },
  };
}
