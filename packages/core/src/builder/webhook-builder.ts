/**
 * `webhookManagedBy(mgr).for(Type).withValidator(v).withDefaulter(d).withConverter(Spoke, c).complete()`
 * (controller-runtime's `ctrl.NewWebhookManagedBy`): records its inputs, and `complete()`
 * alone acts — it resolves the kinds, checks everything at once (the webhook rules,
 * `webhook-rules.ts`, which the scanner applies to the decorators too), and registers the handlers
 * on the manager's webhook server at kubebuilder's paths. With converters, `for(Type)` is
 * the hub of its kind. The decorators (`@ValidatingWebhook`, `@DefaultingWebhook`,
 * `@Conversion`) are sugar over these calls. It stands beside `controllerManagedBy`, as
 * controller-runtime's builder package holds both; the handlers it registers are `webhook/`'s.
 * @module
 */

import { getResourceMetadata } from '@operant/crd/metadata';
import type { KubernetesObject } from '../api/object.js';
import type { Manager } from '../manager/interfaces.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import type { Converter, CustomDefaulter, CustomValidator } from '../webhook/contracts.js';
import { defaultingHandler } from '../webhook/defaulting.js';
import { WebhookError } from '../webhook/errors.js';
import { mutatePath, validatePath } from '../webhook/paths.js';
import { type ValidatingOptions, validatingHandler } from '../webhook/validating.js';
import { conversionProblem, webhookKind } from './webhook-rules.js';

export type ValidatorOptions = Omit<ValidatingOptions, 'type'>;

export class WebhookBuilder<T extends KubernetesObject = KubernetesObject> {
  private forType: ResourceType | undefined;
  private validator: { validator: CustomValidator<T>; options: ValidatorOptions } | undefined;
  private defaulter: CustomDefaulter<T> | undefined;
  private readonly converters: { spoke: ResourceType; converter: Converter }[] = [];

  constructor(private readonly mgr: Manager) {}

  /** The kind the webhooks serve (and, with converters, the hub version of that kind). */
  for<U extends KubernetesObject>(type: ResourceType<U>): WebhookBuilder<U> {
    if (this.forType !== undefined) throw new WebhookError('config', 'for() can only be called once');
    this.forType = type;
    return this as unknown as WebhookBuilder<U>;
  }

  /** A validating webhook; the object is also checked against its CRD class unless `validateObject: false`. */
  withValidator(validator: CustomValidator<T>, options: ValidatorOptions = {}): this {
    this.validator = { validator, options };
    return this;
  }

  withDefaulter(defaulter: CustomDefaulter<T>): this {
    this.defaulter = defaulter;
    return this;
  }

  /** Conversion between the spoke version `spoke` and the hub given to `for()`. */
  withConverter<S extends KubernetesObject>(spoke: ResourceType<S>, converter: Converter<S, T>): this {
    this.converters.push({ spoke, converter: converter as unknown as Converter });
    return this;
  }

  complete(): void {
    const type = this.forType;
    if (type === undefined) throw new WebhookError('config', 'unable to build webhooks: for() is required');
    if (this.validator === undefined && this.defaulter === undefined && this.converters.length === 0) {
      throw new WebhookError(
        'config',
        'unable to build webhooks: add withValidator(), withDefaulter() or withConverter()',
      );
    }
    const resolve = (t: ResourceType) => this.mgr.registry.tryResolve(t);
    const hub = webhookKind(resolve, type, 'for()');
    const spokes = this.converters.map((c) => ({ ...c, kind: webhookKind(resolve, c.spoke, 'withConverter()') }));
    const problems = [hub, ...spokes.map((s) => s.kind)].flatMap((k) => (k.problem === undefined ? [] : [k.problem]));
    for (const s of spokes) {
      const versions = hub.info && s.kind.info && conversionProblem(hub.info, s.kind.info);
      if (versions) problems.push(versions);
    }
    if (problems.length > 0) throw new WebhookError('config', `unable to build webhooks: ${problems.join('; ')}`);
    const info = hub.info as ResourceInfo;
    const server = this.mgr.getWebhookServer();
    if (this.validator !== undefined) {
      const options = { ...this.validator.options, type: crdClass(type) };
      server.register(validatePath(info), validatingHandler(this.validator.validator, options), 'validate');
    }
    if (this.defaulter !== undefined) server.register(mutatePath(info), defaultingHandler(this.defaulter), 'default');
    if (spokes.length > 0) {
      server.conversions.setHub(info.group, info.kind, info.version);
      for (const s of spokes)
        server.conversions.addSpoke(info.group, info.kind, (s.kind.info as ResourceInfo).version, s.converter);
    }
  }
}

/** The `@CustomResource` class behind a type, whose decorators `validate()` reads. */
function crdClass(type: ResourceType): ValidatingOptions['type'] {
  return typeof type === 'function' && getResourceMetadata(type)?.options !== undefined
    ? (type as unknown as ValidatingOptions['type'])
    : undefined;
}

/** Webhooks for one kind, on `mgr`'s webhook server. */
export function webhookManagedBy(mgr: Manager): WebhookBuilder {
  return new WebhookBuilder(mgr);
}
