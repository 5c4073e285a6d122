/**
 * `OperantFactory.create(AppModule, options?)`: the one way to start an application (NestJS's
 * `NestFactory.create`). It reads the root `@Module` and its imports (one container per
 * module, `exports` enforced), makes the Manager (or takes `options.manager` as it is),
 * scans and wires every controller and webhook, and resolves to the `Operator`; its
 * `start(signal)` runs the Manager until the signal aborts (controller-runtime's
 * `mgr.Start(ctx)`). In `src/main.ts`, `runOperator` is the process around it (the signal
 * from SIGINT/SIGTERM, the exit status, one log line on a failure):
 *
 * ```ts
 * await runOperator(async (signal) => {
 *   const app = await OperantFactory.create(AppModule, { manager: managerOptionsFromFlags(process.argv.slice(2)) });
 *   await app.start(signal);
 * });
 * ```
 *
 * Under it, and what it stands for: `newManager()` and `controllerManagedBy(mgr)` /
 * `webhookManagedBy(mgr)` (the builder, the hard mode), or `createOperator` for flat lists
 * of classes.
 * @module
 */
import type { AnyClass } from '../decorators/metadata/types.js';
import { assembleOperator, flattenModule, type Operator, type OperatorOptions } from './create-operator.js';

/** What `OperantFactory.create` takes besides the module: the Manager's options, or a Manager. */
export type OperantFactoryOptions = Omit<OperatorOptions, 'controllers' | 'webhooks' | 'providers'>;

export const OperantFactory = {
  /** The application of a root `@Module`: its controllers and webhooks wired to a Manager, not yet started; rejects (never throws) on a problem. */
  async create(root: AnyClass, options: OperantFactoryOptions = {}): Promise<Operator> {
    return assembleOperator({ ...options, ...flattenModule(root) }, root);
  },
};
