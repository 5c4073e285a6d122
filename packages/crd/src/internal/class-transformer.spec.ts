/**
 * The version-pinned reading of class-transformer's private storage (see the header of
 * `class-transformer.ts`), held to the installed version: the storage is where the module
 * says, has the readers it calls, and answers what class-transformer's public decorators
 * recorded. An upgrade that moves or reshapes the storage fails here, not in a schema.
 * @module
 */
import 'reflect-metadata';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { Exclude, Expose, Type } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { CrdError } from '../errors.js';
import { assertStorageShape, exposedName, isExcluded, storageReaders, transformerType } from './class-transformer.js';

class Port {
  number!: number;
}

class Spec {
  @Type(() => Port) ports!: Port[];
  @Exclude() secret?: string;
  @Exclude({ toPlainOnly: true }) writeOnly?: string;
  @Expose({ name: 'display_name' }) displayName?: string;
  plain?: string;
}

describe("class-transformer's storage", () => {
  it('is that of the pinned minor version, 0.5', () => {
    const { version } = createRequire(import.meta.url)('class-transformer/package.json') as { version: string };
    expect(version).toMatch(/^0\.5\./);
  });

  it('has every reader the schema builder calls', () => {
    for (const name of storageReaders) expect(typeof defaultMetadataStorage[name]).toBe('function');
    expect(() => assertStorageShape(defaultMetadataStorage, '0.5.1')).not.toThrow();
  });

  it("answers what class-transformer's public decorators recorded", () => {
    expect(transformerType(Spec, 'ports')).toBe(Port);
    expect(isExcluded(Spec, 'secret')).toBe(true);
    expect(isExcluded(Spec, 'writeOnly')).toBe(false); // excluded one way only: still in the schema
    expect(exposedName(Spec, 'displayName')).toBe('display_name');
    expect([transformerType(Spec, 'plain'), isExcluded(Spec, 'plain'), exposedName(Spec, 'plain')]).toEqual([
      undefined,
      false,
      undefined,
    ]);
  });

  it('refuses a storage without the readers, naming the version and what is missing', () => {
    const read = () => assertStorageShape({ findTypeMetadata: () => undefined }, '0.6.0');
    expect(read).toThrow(CrdError);
    expect(read).toThrow(
      "unable to read class-transformer 0.6.0's metadata: its storage (class-transformer/cjs/storage.js) has no findExposeMetadata, findExcludeMetadata; @operant/crd reads class-transformer 0.5.x",
    );
  });
});
