/**
 * The validating admission handler of one kind: the object is checked against its CRD
 * class (`@operant/crd/schema`'s `validate()`: class-validator constraints, custom constraints
 * such as cross-field rules, CEL rules; on UPDATE with the old object, so transition rules
 * run as in the API server) unless turned off, then the user's
 * `validateCreate`/`validateUpdate`/`validateDelete` run. Issues become a 422 denial whose
 * causes carry field paths. Stands behind `webhookManagedBy(mgr).for(T).withValidator(v)`.
 *
 * `validate()` and what it brings (class-validator's constraint library, CEL, RE2: ~25 MiB
 * of RSS) are loaded by the first handler that checks objects, not by `import
 * '@operant/core'`; the first request awaits the same load.
 * @module
 */
import type { ValidateOptions, validate as validateFn } from '@operant/crd/schema';
import type { KubernetesObject } from '../api/object.js';
import { allowed } from './admission.js';
import type { AdmissionHandler, CustomValidator, Warnings } from './contracts.js';
import { invalid } from './errors.js';

export interface ValidatingOptions {
  /** The CRD class whose decorators validate the object; undefined for kinds without one. */
  type?: new (
    // biome-ignore lint/suspicious/noExplicitAny: constructors of any arity, as `validate()` takes them
    ...args: any[]
  ) => object;
  /** Run `validate(object, type)` before the validator. Default true. */
  validateObject?: boolean;
  validateOptions?: ValidateOptions;
}

let loading: Promise<typeof validateFn> | undefined;

/** `@operant/crd/schema`'s `validate`, imported once by the first handler that checks objects. */
function loadValidate(): Promise<typeof validateFn> {
  loading ??= import('@operant/crd/schema').then((crd) => crd.validate);
  return loading;
}

async function checkObject(obj: KubernetesObject, options: ValidatingOptions, old?: KubernetesObject): Promise<void> {
  if (options.type === undefined || options.validateObject === false) return;
  const validate = await loadValidate();
  const issues = await validate(obj, options.type, {
    ...options.validateOptions,
    ...(old === undefined ? {} : { old }),
  });
  // no summary: the denial reads as the API server's own, `Kind.group "name" is invalid: …`
  if (issues.length > 0) throw invalid(issues.map((i) => ({ path: i.path, message: i.message })));
}

export function validatingHandler<T extends KubernetesObject>(
  validator: CustomValidator<T>,
  options: ValidatingOptions = {},
): AdmissionHandler {
  // start loading now, so the first admission request does not wait for it; a failed load
  // fails that request (and every later one) with the import's error
  if (options.type !== undefined && options.validateObject !== false) loadValidate().catch(() => undefined);
  return async (ctx) => {
    const { request } = ctx;
    const obj = request.object as T;
    const old = request.oldObject as T;
    let warnings: Warnings | undefined;
    switch (request.operation) {
      case 'CREATE':
        await checkObject(obj, options);
        warnings = (await validator.validateCreate?.(obj, ctx)) ?? undefined;
        break;
      case 'UPDATE':
        await checkObject(obj, options, old ?? undefined);
        warnings = (await validator.validateUpdate?.(old, obj, ctx)) ?? undefined;
        break;
      case 'DELETE':
        warnings = (await validator.validateDelete?.(old, ctx)) ?? undefined;
        break;
      default:
        break;
    }
    return allowed(request.uid, warnings ?? []);
  };
}
