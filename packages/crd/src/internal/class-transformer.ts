/**
 * What the schema builder reads from class-transformer: the `@Type(() => X)` thunk of a
 * property and whether it is `@Exclude()`d or renamed with `@Expose({ name })`.
 *
 * The one version-pinned exception to "read other libraries' metadata through their public
 * API" (class-validator's is read through its public `getMetadataStorage()`): class-transformer
 * 0.5 has no public reader. Its decorators write to the `defaultMetadataStorage` singleton of
 * `class-transformer/cjs/storage.js`, the module its CommonJS index (what Node and jest load
 * for `import 'class-transformer'`; the package has no `exports` map) uses, and which the
 * index does not re-export. This file is the only place that knows the path, and it calls
 * only the storage's `findTypeMetadata`, `findExposeMetadata` and `findExcludeMetadata`.
 * The peer range is `^0.5.1` (0.5.x). The storage's shape is checked on first use (a
 * class-transformer whose storage lacks a reader fails with a `CrdError` naming its version),
 * and `class-transformer.spec.ts` fails if the installed version's storage moves or stops
 * answering what its public decorators recorded. A bundler that picks the package's `module`
 * field (esm5/) has a second storage this file does not see.
 * @module
 */
import { createRequire } from 'node:module';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { CrdError } from '../errors.js';
import type { AnyClass } from '../metadata/types.js';

/** The readers of class-transformer's storage this file calls. */
export const storageReaders = ['findTypeMetadata', 'findExposeMetadata', 'findExcludeMetadata'] as const;

/** Throws unless `storage` has every reader; `version` names the installed class-transformer in the message. */
export function assertStorageShape(
  storage: unknown,
  version: string,
): asserts storage is typeof defaultMetadataStorage {
  const missing = storageReaders.filter(
    (name) => typeof (storage as Record<string, unknown> | undefined)?.[name] !== 'function',
  );
  if (missing.length > 0) {
    throw new CrdError(
      'unsupportedDecorator',
      `unable to read class-transformer ${version}'s metadata: its storage (class-transformer/cjs/storage.js) has no ${missing.join(', ')}; @operant/crd reads class-transformer 0.5.x`,
    );
  }
}

/** The installed class-transformer's version (the package has no `exports` map that would hide its package.json). */
const installedVersion = (): string =>
  (createRequire(import.meta.url)('class-transformer/package.json') as { version: string }).version;

let checked = false;

function storage(): typeof defaultMetadataStorage {
  if (!checked) {
    assertStorageShape(defaultMetadataStorage, installedVersion());
    checked = true;
  }
  return defaultMetadataStorage;
}

/** The type given by `@Type(() => X)` on the property, resolved now (after all modules loaded). */
export function transformerType(target: AnyClass, property: string): unknown {
  const meta = storage().findTypeMetadata(target, property);
  if (meta === undefined) return undefined;
  return meta.typeFunction ? meta.typeFunction() : meta.reflectedType;
}

/** True when `@Exclude()` hides the property from plain objects (both directions). */
export function isExcluded(target: AnyClass, property: string): boolean {
  const meta = storage().findExcludeMetadata(target, property);
  return meta !== undefined && !meta.options?.toClassOnly && !meta.options?.toPlainOnly;
}

/** The JSON name given by `@Expose({ name })`, if any. */
export function exposedName(target: AnyClass, property: string): string | undefined {
  return storage().findExposeMetadata(target, property)?.options?.name;
}
