/**
 * `WriteContext`: what the fake client's writes (`FakeWrites`) run through — its tracker,
 * kind resolution and traits, schema admission, interceptors and the write log. The
 * `FakeClient` provides it; the writes depend on this contract, not on the client class.
 * @module
 */
import type { KubernetesObject } from '@operant/core';
import { type ResourceInfo } from '@operant/core/internal';
import type { Operation, Verb, WriteRecord } from './interceptor.js';
import type { KindTraits } from './kinds.js';
import type { ObjectTracker } from './tracker.js';

export interface WriteContext {
  readonly tracker: ObjectTracker;
  /** The kind of an object passed to a write: its class, else its apiVersion and kind. */
  resolveObject(obj: KubernetesObject, action: string): ResourceInfo;
  traits(info: ResourceInfo): KindTraits;
  /** Defaults and validates `obj` against the kind's `@operant/crd` class, when one was given. */
  admit(info: ResourceInfo, obj: KubernetesObject, action: string, old?: KubernetesObject): Promise<KubernetesObject>;
  /** An operation of `verb` on `obj`. */
  operation(verb: Verb, info: ResourceInfo, obj: KubernetesObject, options: object, action: string): Operation;
  /** The field manager of a write. */
  managerOf(options: { fieldOwner?: string; fieldManager?: string }): string;
  /** Records a write and returns a mutable copy of its result. */
  recorded<T extends KubernetesObject>(
    record: Omit<WriteRecord, 'object' | 'error'>,
    body: () => Promise<KubernetesObject | undefined>,
  ): Promise<T>;
  /** Runs `op` through the interceptors, then `body`. */
  run<R>(op: Operation, body: () => Promise<R>): Promise<R>;
}
