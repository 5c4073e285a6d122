/**
 * Version markers: `@StorageVersion()`, `@Served(false)`, `@DeprecatedVersion({warning})`.
 * kubebuilder's `+kubebuilder:storageversion`, `:unservedversion`, `:deprecatedversion`.
 * A kind with several version classes needs exactly one `@StorageVersion()`.
 * @module
 */
import { updateResourceMetadata } from '../metadata/storage.js';
import type { DeprecatedVersionOptions } from '../metadata/types.js';
import { invalid } from './internal.js';

export function StorageVersion(): ClassDecorator {
  return (target) => updateResourceMetadata(target, (m) => ({ ...m, storage: true }));
}

/** `@Served(false)` keeps the version in the CRD but stops the API server serving it. */
export function Served(served = true): ClassDecorator {
  return (target) => {
    if (typeof served !== 'boolean') throw invalid('@Served', target, undefined, 'expected a boolean');
    updateResourceMetadata(target, (m) => ({ ...m, served }));
  };
}

export function DeprecatedVersion(options: DeprecatedVersionOptions = {}): ClassDecorator {
  return (target) => {
    const warning = options.warning;
    if (warning !== undefined && (warning.length > 256 || !/^[\x20-\x7e]*$/.test(warning))) {
      throw invalid('@DeprecatedVersion', target, undefined, 'the warning must be at most 256 printable characters');
    }
    updateResourceMetadata(target, (m) => ({ ...m, deprecated: { ...options } }));
  };
}
