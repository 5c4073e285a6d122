/**
 * `@StatusSubresource()` and `@ScaleSubresource({...})`: kubebuilder's
 * `+kubebuilder:subresource:status` and `:scale`. Paths are checked when the CRD is built.
 * @module
 */

import type { ScaleSubresource as ScaleOptions } from '../apiextensions/types.js';
import { updateResourceMetadata } from '../metadata/storage.js';
import { invalid } from './internal.js';

export function StatusSubresource(): ClassDecorator {
  return (target) => updateResourceMetadata(target, (m) => ({ ...m, status: true }));
}

export type ScaleSubresourceOptions = ScaleOptions;

export function ScaleSubresource(options: ScaleSubresourceOptions): ClassDecorator {
  return (target) => {
    if (!options?.specReplicasPath?.startsWith('.spec.')) {
      throw invalid('@ScaleSubresource', target, undefined, '"specReplicasPath" must start with ".spec."');
    }
    if (!options.statusReplicasPath?.startsWith('.status.')) {
      throw invalid('@ScaleSubresource', target, undefined, '"statusReplicasPath" must start with ".status."');
    }
    const selector = options.labelSelectorPath;
    if (selector !== undefined && !selector.startsWith('.spec.') && !selector.startsWith('.status.')) {
      throw invalid(
        '@ScaleSubresource',
        target,
        undefined,
        '"labelSelectorPath" must start with ".spec." or ".status."',
      );
    }
    updateResourceMetadata(target, (m) => ({ ...m, scale: { ...options } }));
  };
}
