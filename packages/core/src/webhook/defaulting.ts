/**
 * The defaulting (mutating) admission handler of one kind: on CREATE and UPDATE the
 * user's `default` runs on a copy of the object, and the response carries the JSON patch
 * from the object as sent to the object as defaulted. Stands behind
 * `webhookManagedBy(mgr).for(T).withDefaulter(d)`.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { allowed, patchResponse } from './admission.js';
import type { AdmissionHandler, CustomDefaulter } from './contracts.js';

export function defaultingHandler<T extends KubernetesObject>(defaulter: CustomDefaulter<T>): AdmissionHandler {
  return async (ctx) => {
    const { request } = ctx;
    if ((request.operation !== 'CREATE' && request.operation !== 'UPDATE') || request.object === undefined) {
      return allowed(request.uid);
    }
    const copy = structuredClone(request.object) as T;
    const result = await defaulter.default(copy, ctx);
    return patchResponse(request.uid, request.object, result ?? copy);
  };
}
