/**
 * The rules a webhook declaration must satisfy, each checked here and nowhere else:
 * `webhookManagedBy(mgr)…complete()` applies them to its inputs and the scanner to what
 * `@ValidatingWebhook`, `@DefaultingWebhook` and `@Conversion` recorded (naming the class
 * and the decorator). A rule returns a message, or undefined when the declaration keeps it.
 * @module
 */
import { gvkString, type ResourceInfo, type ResourceType } from '../resources/resource-type.js';
import { unknownKindMessage } from './controller-rules.js';

/** The kind of `type`, or the problem: `where` says which declaration names it. */
export function webhookKind(
  resolve: (type: ResourceType) => ResourceInfo | undefined,
  type: ResourceType,
  where: string,
): { info: ResourceInfo; problem?: undefined } | { info?: undefined; problem: string } {
  const info = resolve(type);
  return info === undefined ? { problem: unknownKindMessage(where, type) } : { info };
}

/** A converter's hub and spoke are two versions of one kind. */
export function conversionProblem(hub: ResourceInfo, spoke: ResourceInfo): string | undefined {
  return hub.group !== spoke.group || hub.kind !== spoke.kind || hub.version === spoke.version
    ? `hub ${gvkString(hub)} and spoke ${gvkString(spoke)} must be two versions of one kind`
    : undefined;
}
