/**
 * The single reader and writer of Operant's decorator metadata. Decorators call `update*`;
 * the scanner calls `get*`. Records are replaced, never mutated, and kept per class
 * (`getOwnMetadata`), so a subclass does not inherit a parent's controller wiring.
 * @module
 */
import 'reflect-metadata';
import { CONTROLLER_METADATA, MODULE_METADATA, WEBHOOK_METADATA } from './keys.js';
import type { ControllerMetadata, ModuleMetadata, WebhookMetadata } from './types.js';

const empty = (): ControllerMetadata => ({
  options: undefined,
  reconcileMethods: [],
  watches: [],
  channels: [],
  predicates: [],
  rbac: [],
  dependents: [],
});

export function updateControllerMetadata(
  target: object,
  update: (current: ControllerMetadata) => ControllerMetadata,
): void {
  const current: ControllerMetadata = Reflect.getOwnMetadata(CONTROLLER_METADATA, target) ?? empty();
  Reflect.defineMetadata(CONTROLLER_METADATA, update(current), target);
}

export function getControllerMetadata(target: object): ControllerMetadata | undefined {
  return Reflect.getOwnMetadata(CONTROLLER_METADATA, target);
}

export function setModuleMetadata(target: object, metadata: ModuleMetadata): void {
  Reflect.defineMetadata(MODULE_METADATA, metadata, target);
}

export function getModuleMetadata(target: object): ModuleMetadata | undefined {
  return Reflect.getOwnMetadata(MODULE_METADATA, target);
}

export function updateWebhookMetadata(target: object, update: (current: WebhookMetadata) => WebhookMetadata): void {
  const current: WebhookMetadata = Reflect.getOwnMetadata(WEBHOOK_METADATA, target) ?? { conversions: [] };
  Reflect.defineMetadata(WEBHOOK_METADATA, update(current), target);
}

export function getWebhookMetadata(target: object): WebhookMetadata | undefined {
  return Reflect.getOwnMetadata(WEBHOOK_METADATA, target);
}
