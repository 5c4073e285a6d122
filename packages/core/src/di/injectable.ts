/**
 * Makes a decorated controller or webhook class injectable, as inversify's `injectable()`
 * does: the parameter types TypeScript emits for its constructor become what the container
 * injects where no `@Inject(token)` says otherwise. The decorators only record; the scanners
 * mark each class they accept, once, and leave a class already marked by the user's own
 * `@Injectable()` (or inversify's `@injectable()`) as it is.
 * @module
 */
import 'reflect-metadata';
import { inversify } from '../internal/inversify.js';

/** inversify's mark of an injectable class, kept as own metadata of the class. */
const injectableMark = '@inversifyjs/core/classIsInjectableFlagReflectKey';

export function makeInjectable(type: object): void {
  const { injectable } = inversify();
  if (Reflect.getOwnMetadata(injectableMark, type) === true) return;
  injectable()(type as never);
}
