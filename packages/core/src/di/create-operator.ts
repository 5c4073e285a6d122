/**
 * What `OperantFactory.create(AppModule)` does, and `createOperator({ controllers, providers })`,
 * its form for flat lists of classes (the CLI's generators and tests load classes this way;
 * an application starts with `OperantFactory.create`): scan the listed controllers (all
 * problems in one error), build the container, resolve providers (async factories included)
 * and controllers through it, wire each controller through the builder, and hand back an
 * `Operator` whose `start(signal)` runs the Manager.
 * @module
 */
import type { Container } from 'inversify';
import type { Controller } from '../controller/controller.js';
import { getModuleMetadata } from '../decorators/metadata/storage.js';
import type { AnyClass, Provider } from '../decorators/metadata/types.js';
import type { Manager } from '../manager/interfaces.js';
import { newManager } from '../manager/manager.js';
import type { ManagerOptions } from '../manager/options.js';
import { createContainer, providerName, providerSource, providerToken } from './container.js';
import { ScanError, type ScanProblem } from './errors.js';
import { type ModuleScopes, moduleScopes } from './module-scopes.js';
import { type ControllerClass, scanControllers } from './scan-controller.js';
import { scanWebhooks, type WebhookClass } from './scan-webhook.js';
import { wireController } from './wire-controller.js';
import { wireWebhook } from './wire-webhook.js';

export interface OperatorOptions {
  controllers?: readonly AnyClass[];
  /** `@ValidatingWebhook`, `@DefaultingWebhook` and `@Conversion` classes, served by the manager's webhook server. */
  webhooks?: readonly AnyClass[];
  providers?: readonly Provider[];
  /**
   * Default true. False: the webhook classes are still checked, but not registered, and no
   * webhook server starts (kubebuilder's `ENABLE_WEBHOOKS=false`; `managerOptionsFromFlags`
   * reads it with `--enable-webhooks`). For a local run without certificates, and for suites
   * that test controllers only.
   */
  enableWebhooks?: boolean;
  /** Options of the Manager the operator creates (or pass a `Manager` itself, e.g. from `newManager`). */
  manager?: ManagerOptions | Manager;
}

/** A Manager, told from options by what only a Manager has. */
function isManager(value: ManagerOptions | Manager | undefined): value is Manager {
  return typeof (value as Partial<Manager> | undefined)?.add === 'function';
}

export class Operator {
  private stopper: AbortController | undefined;
  private running: Promise<void> | undefined;

  constructor(
    readonly manager: Manager,
    /** The application's container: the runtime's parts, and the providers of `createOperator`. */
    readonly container: Container,
    readonly controllers: readonly Controller[],
    private readonly scopes?: ModuleScopes,
  ) {}

  /** Something the application provides (a provider of any of its modules, `MANAGER`, `CLIENT`, …). */
  get<T>(token: unknown): T {
    return (this.scopes?.containerOf(token) ?? this.container).get<T>(token as never);
  }

  /**
   * Runs the manager until `signal` (or `stop()`) aborts it (controller-runtime's
   * `mgr.Start(ctx)`): resolves after a clean stop, rejects with the failure that stopped it.
   */
  start(signal?: AbortSignal): Promise<void> {
    const stopper = new AbortController();
    this.stopper = stopper;
    const combined = signal ? AbortSignal.any([signal, stopper.signal]) : stopper.signal;
    this.running = this.manager.start(combined);
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopper?.abort();
    await this.running;
  }
}

/** An operator from flat lists of classes; an application uses `OperantFactory.create(AppModule)`. */
export function createOperator(options: OperatorOptions): Promise<Operator> {
  return assembleOperator(options);
}

/** `createOperator`, with one container per module of `root` when the options come from a module graph. */
export async function assembleOperator(options: OperatorOptions, root?: AnyClass): Promise<Operator> {
  const manager = isManager(options.manager) ? options.manager : newManager(options.manager);
  const providers = options.providers ?? [];
  const registered = new Map<unknown, Provider>();
  for (const provider of providers) {
    const first = registered.get(providerToken(provider));
    if (first !== undefined) throw duplicateProvider(provider, 'providers', first, 'an earlier entry');
    registered.set(providerToken(provider), provider);
  }
  const problems: ScanProblem[] = [];
  const scan = <T>(run: () => T[]): T[] => {
    try {
      return run();
    } catch (err) {
      if (!(err instanceof ScanError)) throw err;
      problems.push(...err.problems);
      return [];
    }
  };
  const specs = scan(() => scanControllers((options.controllers ?? []) as ControllerClass[], manager.registry));
  const scannedWebhooks = scan(() => scanWebhooks((options.webhooks ?? []) as WebhookClass[], manager.registry));
  if (problems.length > 0) throw new ScanError(problems);
  const webhookSpecs = options.enableWebhooks === false ? [] : scannedWebhooks;
  const container = createContainer({ manager }, root === undefined ? providers : [], options);
  const scopes = root === undefined ? undefined : moduleScopes(root, container);
  const scopeOf = (token: unknown): Container => scopes?.containerOf(token) ?? container;
  for (const spec of [...specs, ...webhookSpecs]) {
    if (!scopeOf(spec.type).isBound(spec.type)) scopeOf(spec.type).bind(spec.type).toSelf().inSingletonScope();
  }
  for (const provider of providers) {
    try {
      await scopeOf(providerToken(provider)).getAsync(providerToken(provider) as never);
    } catch (err) {
      throw new ScanError([
        {
          kind: 'providerFailed',
          message: `unable to create provider ${providerName(provider)}: ${(err as Error).message}`,
        },
      ]);
    }
  }
  const controllers: Controller[] = [];
  for (const spec of specs) {
    controllers.push(wireController(manager, spec, await instantiate(scopeOf(spec.type), spec.type, 'controller')));
  }
  for (const spec of webhookSpecs) {
    wireWebhook(manager, spec, await instantiate(scopeOf(spec.type), spec.type, 'webhook'));
  }
  return new Operator(manager, container, controllers, scopes);
}

/** The container's instance of a listed class; a failure names the class. */
async function instantiate(container: Container, type: AnyClass, what: string): Promise<object> {
  try {
    return await container.getAsync<object>(type as never);
  } catch (err) {
    throw new ScanError([
      { kind: 'providerFailed', message: `unable to create ${what} ${type.name}: ${(err as Error).message}` },
    ]);
  }
}

/** Two registrations of one token: Nest would keep the last silently; here it is an error naming both. */
function duplicateProvider(provider: Provider, where: string, first: Provider, firstWhere: string): ScanError {
  return new ScanError([
    {
      kind: 'duplicateProvider',
      message: `unable to register provider ${providerName(provider)} (${providerSource(provider)}) in ${where}: ${firstWhere} already registers it (${providerSource(first)})`,
    },
  ]);
}

/** Every controller and provider of a module and its imports, each once. */
export function flattenModule(root: AnyClass): {
  controllers: AnyClass[];
  webhooks: AnyClass[];
  providers: Provider[];
} {
  const controllers = new Set<AnyClass>();
  const webhooks = new Set<AnyClass>();
  const providers = new Map<unknown, { provider: Provider; module: AnyClass }>();
  const seen = new Set<AnyClass>();
  const visit = (mod: AnyClass, path: string) => {
    if (seen.has(mod)) return;
    seen.add(mod);
    const meta = getModuleMetadata(mod);
    if (meta === undefined) {
      throw new ScanError([
        { kind: 'missingController', message: `${path} is imported as a module but has no @Module decorator` },
      ]);
    }
    for (const imported of meta.imports ?? []) visit(imported, `${path} → ${imported.name}`);
    for (const c of meta.controllers ?? []) controllers.add(c);
    for (const w of meta.webhooks ?? []) webhooks.add(w);
    for (const provider of meta.providers ?? []) {
      const first = providers.get(providerToken(provider));
      if (first !== undefined) throw duplicateProvider(provider, mod.name, first.provider, first.module.name);
      providers.set(providerToken(provider), { provider, module: mod });
    }
  };
  visit(root, root.name);
  return {
    controllers: [...controllers],
    webhooks: [...webhooks],
    providers: [...providers.values()].map((p) => p.provider),
  };
}
