/**
 * One WATCH request, read as newline-delimited JSON events until the server closes it, an
 * `ERROR` event arrives, the inactivity watchdog fires, or the signal aborts. It resolves
 * with how it ended and never rejects: the reflector decides what to do next (resume,
 * relist, back off). A 410 arrives either as the HTTP status or as an in-stream `ERROR`;
 * both end as `gone`.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import type { Status } from '../api/status.js';
import { ClientError, statusError } from '../api/status-error.js';
import { parseStatus, type RestClient, type RestRequest } from '../client/rest.js';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';

export interface WatchEvent {
  type: WatchEventType;
  object: KubernetesObject;
}

export type WatchEnd =
  | { reason: 'closed' }
  | { reason: 'aborted' }
  | { reason: 'gone'; error: ClientError }
  | { reason: 'error'; error: ClientError };

export interface WatchRequest extends Omit<RestRequest, 'method' | 'signal'> {
  /** Abort the watch when no bytes arrived for this long (ms). */
  inactivityMs: number;
  /** Used in error messages ("unable to watch ConfigMap in default"). */
  action: string;
}

/** Runs one watch, calling `onEvent` for each event, in order. */
export async function runWatch(
  rest: RestClient,
  req: WatchRequest,
  onEvent: (event: WatchEvent) => void,
  signal: AbortSignal,
): Promise<WatchEnd> {
  const controller = new AbortController();
  let inactive = false;
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  // one timer for the watch, pushed back on every chunk (refresh, not a new timer per chunk)
  const timer = setTimeout(() => {
    inactive = true;
    controller.abort();
  }, req.inactivityMs);
  const arm = () => void timer.refresh();
  try {
    const res = await rest.send({ ...req, method: 'GET', signal: controller.signal });
    if (res.status !== 200) {
      const status = parseStatus(await res.text().catch(() => ''));
      const error = statusError(req.action, res.status, status);
      return error.kind === 'gone' ? { reason: 'gone', error } : { reason: 'error', error };
    }
    const body = res.stream();
    if (body === null) return { reason: 'closed' };
    return await readEvents(body, req.action, onEvent, arm);
  } catch (err) {
    if (signal.aborted) return { reason: 'aborted' };
    if (inactive) {
      return {
        reason: 'error',
        error: new ClientError('timeout', `${req.action}: no data for ${req.inactivityMs} ms`, { cause: err }),
      };
    }
    const error = ClientError.is(err)
      ? err
      : new ClientError('transport', `${req.action}: ${String(err)}`, { cause: err });
    return { reason: 'error', error };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
    controller.abort();
  }
}

async function readEvents(
  body: AsyncIterable<Uint8Array>,
  action: string,
  onEvent: (event: WatchEvent) => void,
  onData: () => void,
): Promise<WatchEnd> {
  const decoder = new TextDecoder();
  let buffered = '';
  // leaving the loop early (return, throw) destroys the body, which ends the request
  for await (const value of body) {
    onData();
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (line === '') continue;
      const event = JSON.parse(line) as { type: string; object: KubernetesObject };
      if (event.type === 'ERROR') {
        const status = event.object as Status;
        const error = statusError(action, status.code ?? 500, status);
        return error.kind === 'gone' ? { reason: 'gone', error } : { reason: 'error', error };
      }
      onEvent(event as WatchEvent);
    }
  }
  return { reason: 'closed' };
}
