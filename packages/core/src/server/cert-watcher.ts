/**
 * Keeps a serving certificate and key from a folder current (controller-runtime's
 * `certwatcher`): reads `tls.crt` and `tls.key`, then reloads when the folder changes
 * (`fs.watch`, which also sees Kubernetes' atomic symlink swaps of Secret volumes) and on a
 * poll interval as a fallback. A pair that does not load (half written, key not matching)
 * keeps the previous one in use and is logged; `onChange` hears each new pair.
 * @module
 */
import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../api/logger.js';
import type { CertPair } from './cert-pair.js';
import { ServerError } from './errors.js';

export interface CertWatcherOptions {
  certDir: string;
  certName?: string;
  keyName?: string;
  /** Re-read the files this often even without a change event. Default 10 s. */
  pollIntervalMs?: number;
  logger: Logger;
  onChange: (pair: CertPair) => void;
}

export class CertWatcher {
  private current: CertPair | undefined;
  private reading: Promise<void> | undefined;
  private readonly certPath: string;
  private readonly keyPath: string;

  constructor(private readonly options: CertWatcherOptions) {
    this.certPath = join(options.certDir, options.certName ?? 'tls.crt');
    this.keyPath = join(options.certDir, options.keyName ?? 'tls.key');
  }

  /** Reads the pair; throws `ServerError('certificate')` when it is missing or does not load. */
  async read(): Promise<CertPair> {
    let pair: CertPair;
    try {
      const [cert, key] = await Promise.all([readFile(this.certPath), readFile(this.keyPath)]);
      pair = { cert, key };
      // node:tls is loaded with the first pair, not with the package
      process.getBuiltinModule('node:tls').createSecureContext(pair); // throws when the key does not match or either is malformed
    } catch (err) {
      throw new ServerError(
        'certificate',
        `unable to load the serving certificate ${this.certPath} and key ${this.keyPath}: ${(err as Error).message}`,
        { cause: err },
      );
    }
    this.current = pair;
    return pair;
  }

  private reload(): Promise<void> {
    this.reading ??= (async () => {
      const before = this.current;
      try {
        const pair = await this.read();
        if (before?.cert.equals(pair.cert) && before.key.equals(pair.key)) return;
        this.options.logger.info('serving certificate reloaded', { certDir: this.options.certDir });
        this.options.onChange(pair);
      } catch (err) {
        if (before !== undefined) this.current = before;
        this.options.logger.error('keeping the previous serving certificate', { error: err });
      }
    })().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /** Watches until `signal` aborts. Call `read()` first for the initial pair. */
  async watch(signal: AbortSignal): Promise<void> {
    let watcher: FSWatcher | undefined;
    let debounce: NodeJS.Timeout | undefined;
    try {
      watcher = watch(this.options.certDir, { persistent: false }, () => {
        clearTimeout(debounce);
        debounce = setTimeout(() => void this.reload(), 50);
      });
      watcher.on('error', (err) =>
        this.options.logger.warn('unable to watch the certificate folder; polling only', { error: err }),
      );
    } catch (err) {
      this.options.logger.warn('unable to watch the certificate folder; polling only', { error: err });
    }
    const poll = setInterval(() => void this.reload(), this.options.pollIntervalMs ?? 10_000);
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    clearInterval(poll);
    clearTimeout(debounce);
    watcher?.close();
    await this.reading;
  }
}
