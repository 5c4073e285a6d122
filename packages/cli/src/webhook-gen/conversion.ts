/**
 * The CRD `spec.conversion` stanza for kinds with a `@Conversion` class: strategy
 * `Webhook`, `conversionReviewVersions: [v1]`, the webhook service at `/convert` (the
 * runtime's conversion route). crd-gen adds it to the CRDs it writes when its entries
 * export such a class; envtest's `modifyConversionWebhooks` points it at a local server.
 * @module
 */

import { CONVERT_PATH, getWebhookMetadata, ResourceRegistry } from '@operant/core/internal';
import type { CustomResourceDefinition } from '@operant/crd';
import { type AnyClass } from '@operant/crd';
import type { ServiceRef } from './manifests.js';

/** `<kind>.<group>` of every kind some `@Conversion` class converts. */
export function convertibleKinds(classes: readonly AnyClass[], registry = new ResourceRegistry()): Set<string> {
  const kinds = new Set<string>();
  for (const type of classes) {
    for (const { hub } of getWebhookMetadata(type)?.conversions ?? []) {
      const info = registry.tryResolve(hub);
      if (info !== undefined) kinds.add(`${info.kind}.${info.group}`);
    }
  }
  return kinds;
}

/** The CRD with a conversion webhook stanza when its kind is convertible; unchanged otherwise. */
export function withConversion(
  crd: CustomResourceDefinition,
  convertible: ReadonlySet<string>,
  service: ServiceRef = {},
): CustomResourceDefinition {
  if (!convertible.has(`${crd.spec.names.kind}.${crd.spec.group}`)) return crd;
  const conversion: NonNullable<CustomResourceDefinition['spec']['conversion']> = {
    strategy: 'Webhook',
    webhook: {
      clientConfig: {
        service: {
          name: service.name ?? 'webhook-service',
          namespace: service.namespace ?? 'system',
          path: CONVERT_PATH,
        },
      },
      conversionReviewVersions: ['v1'],
    },
  };
  return { ...crd, spec: { conversion, ...crd.spec } }; // keys stay sorted
}
