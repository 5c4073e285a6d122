/**
 * `@Injectable()` and `@Inject(token)`, Nest's names for inversify's `injectable` and
 * `inject`, so an operator imports them from `@operant/core` and not from inversify. Thin
 * wrappers: inversify loads when the first class or parameter is decorated, never on
 * import, so the builder path still does not load it. `@Controller` and the webhook
 * decorators only record; the container makes their classes injectable (injectable.ts).
 *
 * ```ts
 * @Injectable()
 * class Formatter {
 *   constructor(@Inject(CLIENT) readonly client: Client) {}
 * }
 * ```
 * @module
 */
import { inversify } from '../internal/inversify.js';

/** Marks a class as a provider the container can construct (inversify's `injectable`). */
export function Injectable(): ClassDecorator {
  return (target) => {
    inversify().injectable()(target as never);
  };
}

/** Injects what the container provides under `token` (inversify's `inject`): a constructor parameter or a property. */
export function Inject(token: unknown): ParameterDecorator & PropertyDecorator {
  return (target: object, key: string | symbol | undefined, index?: number) => {
    inversify().inject(token as never)(target, key as never, index as never);
  };
}
