/**
 * The webhook scanner: reads each listed class's `@ValidatingWebhook`,
 * `@DefaultingWebhook` and `@Conversion` records and checks what spans them — the methods
 * exist, kinds are known, hub and spoke are two versions of one kind (these two by the
 * builder's webhook rules, builder/webhook-rules.ts), one validator and
 * one defaulter per kind, one converter per spoke, one hub per kind — collecting every
 * problem before it throws one `ScanError`. When every class passes, it marks each
 * injectable for the container (injectable.ts).
 * @module
 */
import { conversionProblem, webhookKind } from '../builder/webhook-rules.js';
import { getWebhookMetadata } from '../decorators/metadata/storage.js';
import type { WebhookMetadata } from '../decorators/metadata/types.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { gvkString, type ResourceInfo, type ResourceType } from '../resources/resource-type.js';
import { ScanError, type ScanProblem } from './errors.js';
import { makeInjectable } from './injectable.js';

// biome-ignore lint/suspicious/noExplicitAny: any constructor
export type WebhookClass = new (...args: any[]) => object;

/** What the scanner produces for one webhook class. */
export interface WebhookSpec extends WebhookMetadata {
  type: WebhookClass;
}

const hasMethod = (type: WebhookClass, name: string) =>
  typeof (type.prototype as Record<string, unknown>)[name] === 'function';

function checkShape(
  type: WebhookClass,
  meta: WebhookMetadata,
  problem: (kind: ScanProblem['kind'], m: string) => void,
) {
  const validators = ['validateCreate', 'validateUpdate', 'validateDelete'].filter((m) => hasMethod(type, m));
  if (meta.validating?.options.validateObject === false && validators.length === 0) {
    problem(
      'webhookShape',
      `@ValidatingWebhook on ${type.name}: validateObject is false and the class has no validateCreate, validateUpdate or validateDelete method`,
    );
  }
  if (meta.defaulting !== undefined && !hasMethod(type, 'default')) {
    problem('webhookShape', `@DefaultingWebhook on ${type.name}: the class has no default(obj) method`);
  }
  if (meta.conversions.length > 0) {
    const missing = ['toHub', 'fromHub'].filter((m) => !hasMethod(type, m));
    if (missing.length > 0)
      problem('webhookShape', `@Conversion on ${type.name}: the class has no ${missing.join(' or ')} method`);
  }
}

/** Scans every class; throws one ScanError listing every problem, or marks each class injectable. */
export function scanWebhooks(types: readonly WebhookClass[], registry: ResourceRegistry): WebhookSpec[] {
  const problems: ScanProblem[] = [];
  const specs: WebhookSpec[] = [];
  const owners = new Map<string, string>();
  const hubs = new Map<string, string>();
  const claim = (key: string, what: string, owner: string) => {
    const other = owners.get(key);
    if (other !== undefined && other !== owner) {
      problems.push({ kind: 'duplicateWebhook', message: `${what} is declared by both ${other} and ${owner}` });
    } else owners.set(key, owner);
  };
  for (const type of types) {
    const meta = getWebhookMetadata(type);
    const problem = (kind: ScanProblem['kind'], message: string) => problems.push({ kind, message });
    if (meta === undefined) {
      problem(
        'missingWebhook',
        `${type.name} is listed in "webhooks" but has no @ValidatingWebhook, @DefaultingWebhook or @Conversion decorator`,
      );
      continue;
    }
    const before = problems.length;
    checkShape(type, meta, problem);
    const resolve = (t: ResourceType, decorator: string): ResourceInfo | undefined => {
      const kind = webhookKind((k) => registry.tryResolve(k), t, `${decorator} on ${type.name}`);
      if (kind.problem !== undefined) problem('unknownKind', kind.problem);
      return kind.info;
    };
    const validating = meta.validating && resolve(meta.validating.type, '@ValidatingWebhook');
    if (validating)
      claim(`validate ${gvkString(validating)}`, `a validating webhook for ${gvkString(validating)}`, type.name);
    const defaulting = meta.defaulting && resolve(meta.defaulting.type, '@DefaultingWebhook');
    if (defaulting)
      claim(`default ${gvkString(defaulting)}`, `a defaulting webhook for ${gvkString(defaulting)}`, type.name);
    for (const { hub, spoke } of meta.conversions) {
      const h = resolve(hub, '@Conversion');
      const s = resolve(spoke, '@Conversion');
      if (h === undefined || s === undefined) continue;
      const versions = conversionProblem(h, s);
      if (versions !== undefined) {
        problem('webhookShape', `@Conversion on ${type.name}: ${versions}`);
        continue;
      }
      claim(`spoke ${gvkString(s)}`, `a converter for ${gvkString(s)}`, type.name);
      const hubVersion = hubs.get(`${h.kind}.${h.group}`);
      if (hubVersion !== undefined && hubVersion !== h.version) {
        problem(
          'duplicateWebhook',
          `@Conversion on ${type.name}: ${h.kind}.${h.group} has two hubs, ${hubVersion} and ${h.version}`,
        );
      } else hubs.set(`${h.kind}.${h.group}`, h.version);
    }
    if (problems.length === before) specs.push({ type, ...meta });
  }
  if (problems.length > 0) throw new ScanError(problems);
  for (const spec of specs) makeInjectable(spec.type);
  return specs;
}
