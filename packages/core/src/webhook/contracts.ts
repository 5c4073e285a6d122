/**
 * What users implement: `CustomValidator` (`validateCreate`, `validateUpdate`,
 * `validateDelete`, each optional; return warnings, throw `denied(...)`/`invalid(...)` to
 * refuse), `CustomDefaulter` (`default` changes the object in place or returns a new one),
 * and `Converter` between a spoke version and the hub (controller-runtime's
 * `admission.CustomValidator`, `admission.CustomDefaulter`, `conversion.Convertible`); and
 * what the builder and the manager see of the server that serves them, `WebhookServer`
 * (controller-runtime's `webhook.Server`; `newWebhookServer(options)` makes the default one).
 * @module
 */
import type { AddressInfo } from 'node:net';
import type { Logger } from '../api/logger.js';
import type { KubernetesObject } from '../api/object.js';
import type { LeaderElectionRunnable, Runnable } from '../api/runnable.js';
import type { AdmissionRequest, AdmissionResponse } from './admission.js';

/** Warnings shown to the client (kubectl prints them); may be empty. */
export type Warnings = readonly string[];

/** What every admission method gets besides the object. */
export interface AdmissionContext {
  request: AdmissionRequest;
  /** Aborts when the handler's time is up. */
  signal: AbortSignal;
  log: Logger;
}

// methods that return nothing are the common case, so `void` belongs here
// biome-ignore lint/suspicious/noConfusingVoidType: see above
type Maybe<T> = T | undefined | void | Promise<T | undefined | void>;

export interface CustomValidator<T extends KubernetesObject = KubernetesObject> {
  validateCreate?(obj: T, ctx: AdmissionContext): Maybe<Warnings>;
  validateUpdate?(oldObj: T, newObj: T, ctx: AdmissionContext): Maybe<Warnings>;
  validateDelete?(obj: T, ctx: AdmissionContext): Maybe<Warnings>;
}

export interface CustomDefaulter<T extends KubernetesObject = KubernetesObject> {
  /** Fills in defaults on `obj` (a copy of the request's object); may return a replacement instead. */
  default(obj: T, ctx: AdmissionContext): Maybe<T>;
}

/**
 * Converts one spoke version to and from the hub (the version every other converts
 * through, usually the storage version). Both directions must keep what the other version
 * cannot hold (in annotations, or in hub fields) so that a round trip loses nothing.
 */
export interface Converter<
  Spoke extends KubernetesObject = KubernetesObject,
  Hub extends KubernetesObject = KubernetesObject,
> {
  toHub(spoke: Spoke): Hub | Promise<Hub>;
  fromHub(hub: Hub): Spoke | Promise<Spoke>;
}

/** What serves one admission route: the validating and defaulting handlers, or your own. */
export type AdmissionHandler = (ctx: AdmissionContext) => Promise<AdmissionResponse>;

/** The hubs and spokes served at `/convert`. */
export interface ConversionRegistry {
  /** Names the version every other version of `group`/`kind` converts through. */
  setHub(group: string, kind: string, version: string): void;
  /** Adds the converter between `version` (a spoke) and the hub of `group`/`kind`. */
  addSpoke(group: string, kind: string, version: string, converter: Converter): void;
}

/**
 * An HTTPS server for admission and conversion webhooks: a runnable that does not need
 * leader election (every replica answers the API server).
 */
export interface WebhookServer extends Runnable, LeaderElectionRunnable {
  readonly conversions: ConversionRegistry;
  /** Serves an admission handler at `path`; `verb` (`validate`, `default`) names it in messages. */
  register(path: string, handler: AdmissionHandler, verb: string): void;
  /** Registered admission paths, sorted. */
  paths(): string[];
  /** Resolves with the bound address once the server listens. */
  address(): Promise<AddressInfo>;
  /** A readiness check: passes once a TLS handshake with the server succeeds (controller-runtime's `StartedChecker`). */
  startedChecker(): () => Promise<void>;
}
