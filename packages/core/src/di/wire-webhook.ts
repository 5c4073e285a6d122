/**
 * Drives the public webhook builder from a scanned webhook class and its instance: what
 * the decorators stand for, done with `webhookManagedBy(mgr)`.
 * @module
 */

import { webhookManagedBy } from '../builder/webhook-builder.js';
import type { Manager } from '../manager/interfaces.js';
import type { Converter, CustomDefaulter, CustomValidator } from '../webhook/contracts.js';
import type { WebhookSpec } from './scan-webhook.js';

export function wireWebhook(mgr: Manager, spec: WebhookSpec, instance: object): void {
  const { validating, defaulting } = spec;
  if (validating !== undefined && defaulting !== undefined && validating.type === defaulting.type) {
    webhookManagedBy(mgr)
      .for(validating.type)
      .withValidator(instance as CustomValidator, validating.options)
      .withDefaulter(instance as CustomDefaulter)
      .complete();
  } else {
    if (validating !== undefined) {
      webhookManagedBy(mgr)
        .for(validating.type)
        .withValidator(instance as CustomValidator, validating.options)
        .complete();
    }
    if (defaulting !== undefined)
      webhookManagedBy(mgr)
        .for(defaulting.type)
        .withDefaulter(instance as CustomDefaulter)
        .complete();
  }
  for (const { hub, spoke } of spec.conversions) {
    webhookManagedBy(mgr)
      .for(hub)
      .withConverter(spoke, instance as Converter)
      .complete();
  }
}
