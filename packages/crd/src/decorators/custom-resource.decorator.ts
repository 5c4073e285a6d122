/**
 * `@CustomResource(...)` marks a class as one version of a custom resource;
 * `@CrdMetadata(...)` adds labels and annotations to the generated CRD object.
 * Equivalent to kubebuilder's `+groupName`, `+versionName`, `+kubebuilder:resource` and
 * `+kubebuilder:metadata` markers. Names are checked when the CRD is built.
 * @module
 */
import { updateResourceMetadata } from '../metadata/storage.js';
import type { CrdMetadataOptions, CustomResourceOptions } from '../metadata/types.js';
import { invalid } from './internal.js';

export function CustomResource(options: CustomResourceOptions): ClassDecorator {
  return (target) => {
    for (const key of ['group', 'version', 'kind'] as const) {
      if (typeof options?.[key] !== 'string' || options[key] === '') {
        throw invalid('@CustomResource', target, undefined, `"${key}" must be a non-empty string`);
      }
    }
    if (options.scope !== 'Namespaced' && options.scope !== 'Cluster') {
      throw invalid('@CustomResource', target, undefined, `"scope" must be "Namespaced" or "Cluster"`);
    }
    updateResourceMetadata(target, (m) => {
      if (m.options !== undefined) throw invalid('@CustomResource', target, undefined, 'used twice');
      return { ...m, options: { ...options } };
    });
  };
}

export function CrdMetadata(options: CrdMetadataOptions): ClassDecorator {
  return (target) => {
    updateResourceMetadata(target, (m) => ({
      ...m,
      crdMetadata: {
        annotations: { ...m.crdMetadata?.annotations, ...options.annotations },
        labels: { ...m.crdMetadata?.labels, ...options.labels },
      },
    }));
  };
}
