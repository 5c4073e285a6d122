/**
 * The background writer of Events (client-go's `attemptRecording`): writes run one at a
 * time in order, so the create of an Event lands before the patch of its series. At most
 * `maxPending` wait (more are dropped, as client-go drops when its channel is full). A write
 * that failed without an answer from the API server is retried after about `retryDelayMs`
 * (plus up to 25 % jitter), `maxTries` times in all; every other failure is one log line.
 * @module
 */
import type { LogFields, Logger } from '../api/logger.js';
import { ClientError, isAlreadyExists } from '../api/status-error.js';

export interface WriteQueueOptions {
  logger: Logger;
  /** Default 1000, client-go's `maxQueuedEvents`. */
  maxPending?: number;
  /** Default 12, client-go's `maxTriesPerEvent`. */
  maxTries?: number;
  /** Default 10 s, client-go's `defaultSleepDuration`. */
  retryDelayMs?: number;
}

export interface Write {
  run(): Promise<void>;
  /** Log fields naming the Event. */
  fields: LogFields;
  /** A series patch that raced its own create: AlreadyExists is worth another try. */
  series?: boolean;
}

export class WriteQueue {
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly maxPending: number;
  private readonly maxTries: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: WriteQueueOptions) {
    this.maxPending = options.maxPending ?? 1000;
    this.maxTries = options.maxTries ?? 12;
    this.retryDelayMs = options.retryDelayMs ?? 10_000;
  }

  push(write: Write, tries = 1): void {
    if (this.pending >= this.maxPending) {
      this.options.logger.warn('dropping an event: too many pending event writes', write.fields);
      return;
    }
    this.pending++;
    this.chain = this.chain
      .then(() => this.attempt(write, tries))
      .finally(() => {
        this.pending--;
      });
  }

  /** Resolves once every write pushed so far is done (retries scheduled for later are not waited for). */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Cancels the scheduled retries. */
  stop(): void {
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
  }

  private async attempt(write: Write, tries: number): Promise<void> {
    try {
      await write.run();
    } catch (err) {
      if (tries < this.maxTries && retryable(err, write.series === true)) {
        this.options.logger.debug('unable to write an event, retrying', { ...write.fields, error: err });
        const timer = setTimeout(
          () => {
            this.retries.delete(timer);
            this.push(write, tries + 1);
          },
          this.retryDelayMs * (1 + Math.random() * 0.25),
        );
        timer.unref();
        this.retries.add(timer);
        return;
      }
      this.options.logger.error('unable to write an event', { ...write.fields, tries, error: err });
    }
  }
}

/** client-go retries what got no Status from the API server, and a series whose create raced. */
function retryable(err: unknown, series: boolean): boolean {
  if (series && isAlreadyExists(err)) return true;
  return !ClientError.is(err) || err.kind === 'transport';
}
