/**
 * What the decorators record (`*Metadata`). The scanner turns it into a `ControllerSpec`.
 * @module
 */
import type { AnyClass } from '@operant/crd';
import type { EventHandler } from '../../api/event-handler.js';
import type { Predicate } from '../../api/predicate.js';
import type { Source } from '../../api/source.js';
import type { PredicatePlacement } from '../../builder/controller-rules.js';
import type { ControllerOptions } from '../../controller/controller.js';
import type { DependentOptions, DependentStatusFunc } from '../../dependent/dependent.js';
import type { ExternalDependentOptions } from '../../dependent/external.js';
import type { ResourceType } from '../../resources/resource-type.js';

export type MemberKey = string | symbol;

// any class (constructor), whatever its parameters: @operant/crd's, the one declaration
export type { AnyClass };

/** What `@Controller(...)` takes. */
export interface ControllerDecoratorOptions
  extends Omit<ControllerOptions, 'logger' | 'metrics' | 'kind' | 'rateLimiter' | 'shard'> {
  /** The kind this controller reconciles. Equivalent to `builder.for(kind)`. */
  for: ResourceType;
  /** Kinds it creates; each is `builder.owns(kind)`. */
  owns?: readonly ResourceType[];
  /** Defaults to the lowercase kind of `for`; unique per manager. */
  name?: string;
  /**
   * With `@Dependent` methods: the conditions their outcome sets on the primary's status
   * (`builder.withDependentStatus(fn)`); default one `Ready` condition, `false` for none.
   */
  // biome-ignore lint/suspicious/noExplicitAny: the primary's type is the user's
  dependentStatus?: DependentStatusFunc<any> | false;
}

/** One `@Watches`: a method (map function), or a class-level handler or source. */
export interface WatchMetadata {
  type?: ResourceType;
  member?: MemberKey;
  handler?: EventHandler;
  source?: Source;
  predicates: readonly Predicate[];
}

/**
 * One `@Predicate` (or custom predicate decorator) application; where it sits decides its
 * scope, by the rule in builder/controller-rules.ts.
 */
export type PredicateMetadata = PredicatePlacement;

/**
 * One `@Rbac` rule, as kubebuilder's `+kubebuilder:rbac` marker: every verb on every
 * resource of every group (`''` is the core group), limited to `resourceNames` when given.
 * Read only by `operant rbac-gen`; the runtime ignores it.
 */
export interface RbacMetadata {
  groups: readonly string[];
  resources: readonly string[];
  verbs: readonly string[];
  resourceNames?: readonly string[];
  /**
   * Declares, on purpose, write access in every namespace to a resource `rbac-gen` guards
   * (Leases, Secrets, RBAC roles and bindings, admission webhook and policy
   * configurations, CRDs): without it `rbac-gen` refuses to write such a ClusterRole.
   */
  clusterWide?: boolean;
}

/**
 * One `@Dependent(Type, options)` method: it returns the desired children of a primary; or
 * one `@ExternalDependent(options)` method (`external`): it returns the `ExternalResource`.
 */
export type DependentMetadata =
  | { type: ResourceType; member: MemberKey; options: DependentOptions; external?: undefined }
  | { external: true; member: MemberKey; options: ExternalDependentOptions };

export interface ControllerMetadata {
  options: ControllerDecoratorOptions | undefined;
  reconcileMethods: readonly MemberKey[];
  watches: readonly WatchMetadata[];
  channels: readonly MemberKey[];
  predicates: readonly PredicateMetadata[];
  rbac: readonly RbacMetadata[];
  dependents: readonly DependentMetadata[];
}

/** A provider of a `@Module` or `createOperator`: a class, or a token with a value, class or factory. */
export type Provider =
  | AnyClass
  | { provide: unknown; useValue: unknown }
  // biome-ignore lint/suspicious/noExplicitAny: any constructor
  | { provide: unknown; useClass: new (...args: any[]) => unknown; scope?: 'singleton' | 'transient' }
  | {
      provide: unknown;
      useFactory: (...deps: never[]) => unknown;
      inject?: readonly unknown[];
      scope?: 'singleton' | 'transient';
    };

export interface ModuleMetadata {
  imports?: readonly AnyClass[];
  controllers?: readonly AnyClass[];
  /** Classes marked `@ValidatingWebhook`, `@DefaultingWebhook` or `@Conversion`. */
  webhooks?: readonly AnyClass[];
  providers?: readonly Provider[];
  /** The providers (tokens) and imported modules an importer sees; the module's other providers stay private to it. */
  exports?: readonly unknown[];
}

/** How the API server calls a webhook; only `operant webhook-gen` reads these (kubebuilder's marker fields). */
export interface WebhookManifestOptions {
  /**
   * The webhook's name in its configuration (kubebuilder's marker `name=`), a DNS subdomain
   * of at least three segments: `mcronjob-v1.kb.io`. Default `m<kind>-<version>.<group>`
   * (`v…` for validating), see `webhookName`.
   */
  name?: string;
  /** What the API server does when the webhook cannot be called: `Fail` (default) or `Ignore`. */
  failurePolicy?: 'Fail' | 'Ignore';
  /** How long the API server waits for an answer, 1 to 30 s; the API server's default is 10. */
  timeoutSeconds?: number;
}

/** What `@DefaultingWebhook(Type, options)` takes besides the type. */
export type DefaultingWebhookOptions = WebhookManifestOptions;

/** What `@ValidatingWebhook(Type, options)` takes besides the type. */
export interface ValidatingWebhookOptions extends WebhookManifestOptions {
  /** Check the object against its CRD class (class-validator, CEL) before `validate*`. Default true. */
  validateObject?: boolean;
}

/** What `@ValidatingWebhook`, `@DefaultingWebhook` and `@Conversion` record on a class. */
export interface WebhookMetadata {
  validating?: { type: ResourceType; options: ValidatingWebhookOptions };
  defaulting?: { type: ResourceType; options: DefaultingWebhookOptions };
  /** `@Conversion({ hub, spoke })`: the class converts `spoke` to and from `hub`. */
  conversions: readonly { hub: ResourceType; spoke: ResourceType }[];
}
