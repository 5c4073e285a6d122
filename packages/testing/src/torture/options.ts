/**
 * What users pass to `torture(options)`: the controller under test (`setup`), the
 * `scenario` of user actions, the kinds whose end state is compared, the invariants, and
 * which perturbations run, how many and with which seed.
 * @module
 */

import type { KubernetesObject, Logger } from '@operant/core';
import type { KubeConfigSource } from '@operant/core/client';
import type { ManagerOptions } from '@operant/core/manager';
import type { ResourceType } from '@operant/core/resources';
import type { TortureSetup } from './setup.js';

/** The perturbations `torture` knows, by the name replays use. */
export type PerturbationKind = 'crash' | 'writeFailure' | 'staleRead' | 'missedState';

/** Every perturbation, in the order `torture` runs them. */
export const PERTURBATION_KINDS: readonly PerturbationKind[] = ['crash', 'writeFailure', 'staleRead', 'missedState'];

/** An object a step refers to: its kind and name (the namespace is the run's). */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  name: string;
}

/** An object a scenario applies: apiVersion, kind, metadata (a name, no namespace), spec and the rest. */
export type ScenarioObject = KubernetesObject & { readonly [field: string]: unknown };

/**
 * One user action. Objects carry no namespace: each run puts them in its own.
 *
 * - `apply`: create the object, or replace the spec, labels and annotations of the existing one.
 * - `patch`: a JSON merge patch of the object (`{ spec: { replicas: 5 } }`), as `kubectl patch --type merge`.
 * - `delete`: delete the object (background propagation).
 *
 * A step acts on any kind: the primary resource, or a child the controller made ("edit a child
 * externally"). After each step `torture` waits until the controller is quiet again.
 */
export type ScenarioStep =
  | { action: 'apply'; object: ScenarioObject }
  | { action: 'patch'; object: ObjectRef; patch: Record<string, unknown> }
  | { action: 'delete'; object: ObjectRef };

/** The objects of one run at quiescence, by kind (as `kinds` names them), normalised (see `TortureOptions.ignoreFields`). */
export type EndState = Readonly<Record<string, readonly KubernetesObject[]>>;

/**
 * A property every end state must have, e.g. "exactly one Deployment per primary". Returns a
 * description of the violation, or undefined when it holds. Runs on the reference run too.
 */
export interface Invariant {
  /** Names the invariant in the report. */
  name: string;
  check(state: EndState): string | undefined;
}

/**
 * Generated scenarios (`TortureOptions.generate`), after Acto (SOSP '23): sequences of specs
 * of one custom resource drawn from its CRD's schema — create the object with the first,
 * change it to each next one, perhaps delete it — each run cleanly, every step checked for
 * convergence; the first failing sequence is shrunk (fast-check) to a minimal one.
 */
export interface GenerateOptions {
  /** The custom resource class (`@CustomResource`) whose specs are generated from its schema. */
  for: ResourceType;
  /** The name of the object every sequence makes. Default `generated`. */
  name?: string;
  /** How many sequences run, unless one fails first (fast-check's `numRuns`). Default 8. */
  runs?: number;
  /** At most this many specs in a sequence: the create, then the changes. Default 4. */
  maxSpecs?: number;
  /** Whether a sequence may end by deleting the object. Default true. */
  delete?: boolean;
  /**
   * Whether the object, read from the API server once a step is quiet, shows that the
   * controller caught up with its spec, e.g.
   * `converged: (w: Widget) => w.status?.replicas === w.spec?.replicas`. Default: no check.
   */
  converged?(object: KubernetesObject): boolean;
}

export interface TortureOptions {
  /**
   * The control plane to run on: an envtest `Environment`'s `kubeConfig()`, or
   * `sharedKubeConfig()` of `@operant/testing/jest`. Each run uses a namespace of its own in
   * it; CRDs must be installed beforehand. Required unless `backend` is `fake`.
   */
  kubeConfig?: KubeConfigSource;
  /**
   * Where the runs happen: `controlPlane` (default), the API server of `kubeConfig`; `fake`, no
   * control plane at all: each run on a fresh fake client of `@operant/testing/fake` (its API
   * server semantics; the `@CustomResource` classes among `kinds` default and validate as
   * their CRDs would), each manager one whose client and cache are backed by it. `setup` is
   * the same; a plain unit test, in seconds. What the fake does not model: docs/torture.md.
   */
  backend?: 'controlPlane' | 'fake';
  /**
   * The controller under test, registered on each manager (a crash starts a new one): an
   * application's root `@Module` (wired as `OperantFactory.create(AppModule, { manager })`
   * wires it), a `@Controller` class, or a function that registers it, e.g. a builder:
   * `(mgr) => controllerManagedBy(mgr).for(Widget).owns(ConfigMap).complete(new WidgetReconciler(mgr.client))`.
   * The reconciler must use the manager's client (and cache): that is where the
   * perturbations hook in.
   */
  setup: TortureSetup;
  /** The user actions of every run, in order. */
  scenario: readonly ScenarioStep[];
  /** The kinds whose objects make the end state (the primary and its children). */
  kinds: readonly ResourceType[];
  /**
   * Fields left out of the comparison besides the volatile ones (`metadata.resourceVersion`,
   * `uid`, `generation`, `creationTimestamp`, `deletionTimestamp`, `managedFields`, the owner
   * references' `uid`, every `*Time`/`*Timestamp` field): dotted paths such as `status.lastSync`
   * or `metadata.annotations.checksum`. The run's namespace reads `<namespace>` wherever it
   * appears, and a generated name (`generateName`) reads `<prefix><generated>`, in the name
   * and in any field that holds it, so that runs compare; objects of one name are counted.
   */
  ignoreFields?: readonly string[];
  /** Checked on every end state, the reference's included. */
  invariants?: readonly Invariant[];
  /** Which perturbations to run, in this order (default all: crash, writeFailure, staleRead, missedState). */
  perturbations?: readonly PerturbationKind[];
  /**
   * Chooses which points run when a perturbation has more than `maxRunsPerPerturbation`, and
   * the length of stale and held-back windows; with `generate`, fast-check's seed. Default 1.
   * Part of every replay string.
   */
  seed?: number;
  /** At most this many perturbed runs per perturbation (default 12); runs take a few seconds each. */
  maxRunsPerPerturbation?: number;
  /**
   * Runs the clean reference, then only this perturbed run: the `replay` string of a
   * divergence (`'crash:1:after-3'`). Without it, `OPERANT_TORTURE_REPLAY` in the environment
   * does the same, for every `torture` call of the process (pick the test with `jest -t`). A
   * replay reproduces the run as far as the controller's reads and writes come in the same order.
   * With `generate`, the counterexample's replay (`generated:1:0:0`) runs its shrunk sequence only.
   */
  replay?: string;
  /**
   * How long the controller must be idle to be quiet: no reconcile running, queued or finished,
   * no read or write, no event delivered. Default 500 ms. A controller that requeues itself
   * more often than this never becomes quiet.
   */
  settleMs?: number;
  /**
   * How long a manager may take to start and each step to become quiet. Default 30 s. Past it,
   * a perturbed run is a divergence ("did not become quiet") and the reference run a `TortureError`.
   */
  stepBudgetMs?: number;
  /**
   * How long a stale read lasts after it starts, and how long update events are held back for
   * missed states; the seed picks between half and all of it. Default 1500 ms.
   */
  staleWindowMs?: number;
  /**
   * Options of every manager (`registry`, `logger`, `readLive`, …). `torture` sets the
   * kubeConfig, the cache's `defaultNamespaces` (the run's namespace), its own metrics registry
   * and, unless given, a graceful shutdown timeout of 5 s and `recordCauses: true` (the wait for
   * quiet reads the controllers' recent reconciles: a key retrying after an error is not quiet,
   * and an error loop or a hot loop ends the step; a controller that records nothing is judged
   * by the metrics alone).
   */
  manager?: Omit<ManagerOptions, 'kubeConfig' | 'metrics' | 'leaderElection'>;
  /** Where `torture` says what it runs (default: silent). */
  logger?: Logger;
  /**
   * Runs generated scenarios instead of the perturbations: sequences of specs of one custom
   * resource, each after the steps of `scenario` (say, objects the resource needs), each step
   * checked to converge. The report's `counterexample` is the first failing sequence, shrunk.
   * The seed is `seed`'s; a replay is the counterexample's (`generated:<seed>:<path>`).
   */
  generate?: GenerateOptions;
  /**
   * Called after each run, the reference first, with its summary (a `TortureRun` of the
   * report: `injection` is undefined when a perturbed run never reached its point), how many
   * runs are done and how many are planned (the reference included; known once the reference
   * has run). `operant torture` draws its progress with it. With `generate`, after each
   * sequence (planned: `generate.runs`, more while a failure shrinks).
   */
  onRun?(
    run: { name: string; durationMs: number; diverged: boolean; injection: { what: string; on: string } | undefined },
    progress: { done: number; planned: number },
  ): void;
  /**
   * Once it aborts, no new perturbed run starts: the report covers the runs made (`operant
   * torture --budget`). With `generate`, no new sequence runs; a failure found keeps the
   * smallest form shrinking reached.
   */
  signal?: AbortSignal;
}
