/**
 * What both queues share about stopping: `shutDown` stops handing out keys at once (waiting
 * getters resolve undefined, delayed adds are dropped); `shutDownWithDrain` also waits until
 * every key handed out has been marked `done`.
 * @module
 */

export abstract class QueueLifecycle<T> {
  protected stopping = false;
  /** Getters waiting for a key. */
  protected readonly waiters: ((next: T | undefined) => void)[] = [];
  private readonly drained: (() => void)[] = [];

  /** Keys handed out and not yet `done`. */
  abstract processingLen(): number;

  /** Drops the delayed adds and their timer. */
  protected abstract dropDelayed(): void;

  get shuttingDown(): boolean {
    return this.stopping;
  }

  /** Stops handing out keys: waiting and later `get`s resolve undefined; delayed keys are dropped. */
  shutDown(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.dropDelayed();
    for (const waiter of this.waiters.splice(0)) waiter(undefined);
    this.drainedIfIdle();
  }

  /** `shutDown`, then resolves once every handed-out key is `done`. */
  shutDownWithDrain(): Promise<void> {
    const drained = new Promise<void>((resolve) => this.drained.push(resolve));
    this.shutDown();
    this.drainedIfIdle();
    return drained;
  }

  /** Call after a key is `done`: resolves the drain once stopping and nothing is in flight. */
  protected drainedIfIdle(): void {
    if (!this.stopping || this.processingLen() > 0) return;
    for (const resolve of this.drained.splice(0)) resolve();
  }
}
