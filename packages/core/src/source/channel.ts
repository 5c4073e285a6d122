/**
 * `channel(events, handler, ...predicates)`: generic events from outside the cluster — an
 * async iterable (an async generator, a stream) or an EventEmitter emitting `'event'` —
 * delivered as `generic` events (controller-runtime's `source.Channel`). Objects need only
 * `metadata.name` (and `namespace`). Iteration stops when the controller stops; an error
 * thrown by the iterable is logged and ends the source, not the process. An EventEmitter does
 * not buffer: events emitted before the controller starts are lost (an async iterable waits).
 * @module
 */
import type { EventEmitter } from 'node:events';
import type { EventHandler, RequestQueue } from '../api/event-handler.js';
import { type Logger, noopLogger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { Predicate } from '../api/predicate.js';
import type { Source } from '../api/source.js';
import { dispatcher } from './dispatch.js';

export type ChannelInput<T> = AsyncIterable<T> | EventEmitter;

const isEmitter = (input: unknown): input is EventEmitter =>
  typeof (input as EventEmitter).on === 'function' && typeof (input as EventEmitter).off === 'function';

class ChannelSource<T extends KubernetesObject> implements Source {
  private started = false;

  constructor(
    private readonly input: ChannelInput<T>,
    private readonly handler: EventHandler<T>,
    private readonly predicates: readonly Predicate<T>[],
  ) {}

  async start(signal: AbortSignal, queue: RequestQueue, log: Logger = noopLogger): Promise<void> {
    if (this.started) throw new Error(`unable to start ${this}: it was already started`);
    this.started = true;
    const sourceLog = log.child({ source: String(this) });
    const dispatch = dispatcher(this.handler, this.predicates, queue, sourceLog, { name: String(this), channel: true });
    const input = this.input;
    if (isEmitter(input)) {
      const listener = (object: T) => void dispatch('generic', { object });
      input.on('event', listener);
      signal.addEventListener('abort', () => input.off('event', listener), { once: true });
      return;
    }
    void (async () => {
      const iterator = input[Symbol.asyncIterator]();
      const stop = () => void iterator.return?.().catch(() => undefined);
      signal.addEventListener('abort', stop, { once: true });
      try {
        while (!signal.aborted) {
          const next = await iterator.next();
          if (next.done || signal.aborted) break;
          await dispatch('generic', { object: next.value });
        }
      } catch (err) {
        sourceLog.error('channel source ended with an error', { error: err });
      } finally {
        signal.removeEventListener('abort', stop);
      }
    })();
  }

  toString(): string {
    return 'channel source';
  }
}

export function channel<T extends KubernetesObject>(
  input: ChannelInput<T>,
  handler: EventHandler<T>,
  ...predicates: Predicate<T>[]
): Source {
  return new ChannelSource(input, handler, predicates);
}
