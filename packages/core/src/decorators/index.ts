/**
 * The rarer decorators — the other predicate decorators, `@Channel`, `@Conversion`,
 * `@ExternalDependent` — and
 * `createPredicateDecorator`; the everyday ones (`@Controller`, `@Reconcile`, `@Watches`,
 * `@Module`, `@Rbac`, the webhooks, `@GenerationChanged`, `@Predicate`) are exported by the
 * package root. Decorators only record metadata; `OperantFactory.create` / `createOperator`
 * scan it and drive the public builder (each decorator names its builder call), and
 * `operant rbac-gen` reads it to write the manager's role. `getModuleMetadata` reads what
 * `@Module` recorded (to build a module from another); `Provider` is what `@Module`'s
 * `providers` hold.
 * @module decorators
 */
export { Channel } from './channel.decorator.js';
export { ExternalDependent } from './external-dependent.decorator.js';
export { getModuleMetadata } from './metadata/storage.js';
export type { Provider } from './metadata/types.js';
export {
  AnnotationChanged,
  createPredicateDecorator,
  InNamespace,
  LabelChanged,
  MatchLabels,
  ResourceVersionChanged,
} from './predicate.decorator.js';
export { Conversion } from './webhook.decorator.js';
