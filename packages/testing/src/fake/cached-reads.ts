/**
 * `CachedReads`: which reads the fake client refuses, decided as the manager decides them.
 * The manager's client answers a get or list from the cache for kinds the cache holds (its
 * `byObject` options and every kind a controller's for/owns/watches opened an informer
 * for), from the API server for kinds in `readLive`, and refuses the rest with core's
 * `notCachedError` text. Until `enforce()` the fake reads everything (the API reader).
 * @module
 */
import { gvkString, notCachedError, type ResourceInfo } from '@operant/core/internal';

export class CachedReads {
  private readonly cached = new Set<string>();
  private readonly live = new Set<string>();
  private enforced = false;

  /** From now on, reads of kinds neither cached nor live are refused. */
  enforce(): void {
    this.enforced = true;
  }

  /** A kind the cache holds (a `byObject` entry, or an informer was opened for it). */
  cache(info: ResourceInfo): void {
    this.cached.add(gvkString(info));
  }

  /** A kind read from the API server (`readLive`). */
  readLive(info: ResourceInfo): void {
    this.live.add(gvkString(info));
  }

  /** Throws the real client's `notCached` error when the manager's client would refuse this read. */
  check(info: ResourceInfo, action: string): void {
    if (!this.enforced) return;
    const gvk = gvkString(info);
    if (this.live.has(gvk) || this.cached.has(gvk)) return;
    throw notCachedError(action, info);
  }
}
