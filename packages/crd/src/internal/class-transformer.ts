/**
 * What the schema builder reads from class-transformer: the `@Type(() => X)` thunk of a
 * property and whether it is `@Exclude()`d or renamed with `@Expose({ name })`.
 *
 * class-transformer 0.5 has no public reader; its storage singleton lives in
 * `class-transformer/cjs/storage.js`, the module its own CommonJS index (what Node and
 * jest load for `import 'class-transformer'`) uses. Only the storage's public `find*`
 * methods are called. This file is the only place that knows the path.
 * @module
 */
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import type { AnyClass } from '../metadata/types.js';

/** The type given by `@Type(() => X)` on the property, resolved now (after all modules loaded). */
export function transformerType(target: AnyClass, property: string): unknown {
  const meta = defaultMetadataStorage.findTypeMetadata(target, property);
  if (meta === undefined) return undefined;
  return meta.typeFunction ? meta.typeFunction() : meta.reflectedType;
}

/** True when `@Exclude()` hides the property from plain objects (both directions). */
export function isExcluded(target: AnyClass, property: string): boolean {
  const meta = defaultMetadataStorage.findExcludeMetadata(target, property);
  return meta !== undefined && !meta.options?.toClassOnly && !meta.options?.toPlainOnly;
}

/** The JSON name given by `@Expose({ name })`, if any. */
export function exposedName(target: AnyClass, property: string): string | undefined {
  return defaultMetadataStorage.findExposeMetadata(target, property)?.options?.name;
}
