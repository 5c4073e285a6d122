/**
 * Webhook declarations on classes; they record metadata only (the container makes the class
 * injectable when it is given the class).
 *
 * - `@ValidatingWebhook(Type, { validateObject?, name?, failurePolicy?, timeoutSeconds? })`: the class's `validateCreate`,
 *   `validateUpdate`, `validateDelete` (each optional) validate `Type`, after the object is
 *   checked against its CRD class unless `validateObject: false` —
 *   `webhookManagedBy(mgr).for(Type).withValidator(instance, options)`;
 * - `@DefaultingWebhook(Type, { name?, failurePolicy?, timeoutSeconds? })`: the class's `default(obj)` fills in defaults —
 *   `webhookManagedBy(mgr).for(Type).withDefaulter(instance)`;
 * - `@Conversion({ hub, spoke })`: the class's `toHub(spoke)` and `fromHub(hub)` convert
 *   between two versions of one kind — `webhookManagedBy(mgr).for(hub).withConverter(spoke, instance)`.
 *
 * `name`, `failurePolicy` and `timeoutSeconds` only shape `operant webhook-gen`'s manifests.
 * The scanner checks the methods, kinds and duplicates; list the classes in
 * `createOperator({ webhooks })` or `@Module({ webhooks })`.
 * @module
 */
import type { ResourceType } from '../resources/resource-type.js';
import { DecoratorError, place } from './errors.js';
import { updateWebhookMetadata } from './metadata/storage.js';
import type { DefaultingWebhookOptions, ValidatingWebhookOptions, WebhookManifestOptions } from './metadata/types.js';

const isType = (value: unknown): value is ResourceType =>
  typeof value === 'function' || (typeof value === 'object' && value !== null);

/** A DNS subdomain of at least three segments, as the API server requires of a webhook's name. */
const qualifiedName = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?){2,}$/;

function checkManifestOptions(where: string, options: WebhookManifestOptions): void {
  const name = options.name;
  if (name !== undefined && (typeof name !== 'string' || name.length > 253 || !qualifiedName.test(name))) {
    throw new DecoratorError(
      `${where}: "name" must be a fully qualified DNS name of at least three segments (e.g. mcronjob-v1.kb.io), got ${JSON.stringify(name)}`,
    );
  }
  if (options.failurePolicy !== undefined && options.failurePolicy !== 'Fail' && options.failurePolicy !== 'Ignore') {
    throw new DecoratorError(`${where}: "failurePolicy" must be "Fail" or "Ignore"`);
  }
  const timeout = options.timeoutSeconds;
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 1 && timeout <= 30)) {
    throw new DecoratorError(`${where}: "timeoutSeconds" must be an integer from 1 to 30`);
  }
}

export function ValidatingWebhook(type: ResourceType, options: ValidatingWebhookOptions = {}): ClassDecorator {
  return (target) => {
    if (!isType(type))
      throw new DecoratorError(`@ValidatingWebhook on ${place(target)}: the argument must be a resource type`);
    if (options.validateObject !== undefined && typeof options.validateObject !== 'boolean') {
      throw new DecoratorError(`@ValidatingWebhook on ${place(target)}: "validateObject" must be a boolean`);
    }
    checkManifestOptions(`@ValidatingWebhook on ${place(target)}`, options);
    updateWebhookMetadata(target, (m) => {
      if (m.validating !== undefined) throw new DecoratorError(`@ValidatingWebhook on ${place(target)}: used twice`);
      return { ...m, validating: { type, options: { ...options } } };
    });
  };
}

export function DefaultingWebhook(type: ResourceType, options: DefaultingWebhookOptions = {}): ClassDecorator {
  return (target) => {
    if (!isType(type))
      throw new DecoratorError(`@DefaultingWebhook on ${place(target)}: the argument must be a resource type`);
    checkManifestOptions(`@DefaultingWebhook on ${place(target)}`, options);
    updateWebhookMetadata(target, (m) => {
      if (m.defaulting !== undefined) throw new DecoratorError(`@DefaultingWebhook on ${place(target)}: used twice`);
      return { ...m, defaulting: { type, options: { ...options } } };
    });
  };
}

export interface ConversionOptions {
  /** The version every other version converts through (usually the storage version). */
  hub: ResourceType;
  /** The version this class converts to and from the hub. */
  spoke: ResourceType;
}

export function Conversion(options: ConversionOptions): ClassDecorator {
  return (target) => {
    if (!isType(options?.hub) || !isType(options.spoke)) {
      throw new DecoratorError(`@Conversion on ${place(target)}: takes { hub, spoke }, two resource types`);
    }
    if (options.hub === options.spoke)
      throw new DecoratorError(`@Conversion on ${place(target)}: hub and spoke are the same type`);
    updateWebhookMetadata(target, (m) => ({
      ...m,
      conversions: [...m.conversions, { hub: options.hub, spoke: options.spoke }],
    }));
  };
}
