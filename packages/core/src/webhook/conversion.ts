/**
 * ConversionReview v1 (`apiextensions.k8s.io/v1`) and the hub-and-spoke converter table
 * behind `/convert` (controller-runtime's `conversion.Hub`/`Convertible` pattern): each
 * kind has one hub version; every other version (a spoke) has a `Converter` to and from
 * the hub, so v1 → v3 runs v1 → hub → v3. `metadata` is carried over (only labels and
 * annotations may change, as the API server requires); a failure answers
 * `result.status: Failure` with a message naming the object.
 * @module
 */
import type { KubernetesObject } from '../api/object.js';
import { parseApiVersion } from '../resources/resource-type.js';
import type { ConversionRegistry, Converter } from './contracts.js';
import { WebhookError } from './errors.js';
import { badReview, isObject, reviewRequest } from './review.js';

export interface ConversionRequest {
  uid: string;
  desiredAPIVersion: string;
  objects: KubernetesObject[];
}

export interface ConversionResponse {
  uid: string;
  convertedObjects: KubernetesObject[];
  result: { status: 'Success' } | { status: 'Failure'; message: string };
}

export interface ConversionReview {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'ConversionReview';
  request?: ConversionRequest;
  response?: ConversionResponse;
}

/** The request of a ConversionReview v1 body; throws `WebhookError('badRequest')` when it is not one. */
export function decodeConversionReview(body: unknown): ConversionRequest {
  const bad = badReview('ConversionReview');
  const request = reviewRequest(body, 'ConversionReview', 'apiextensions.k8s.io/v1');
  if (typeof request.desiredAPIVersion !== 'string') throw bad('request.desiredAPIVersion is missing');
  if (!Array.isArray(request.objects) || !request.objects.every(isObject))
    throw bad('request.objects is not a list of objects');
  return request as unknown as ConversionRequest;
}

interface KindConversions {
  kind: string;
  hub?: string;
  spokes: Map<string, Converter>;
}

const keep = (original: KubernetesObject, converted: KubernetesObject): KubernetesObject['metadata'] => {
  if (converted.metadata === undefined) return original.metadata;
  const metadata = {
    ...original.metadata,
    labels: converted.metadata.labels,
    annotations: converted.metadata.annotations,
  };
  if (metadata.labels === undefined) delete metadata.labels;
  if (metadata.annotations === undefined) delete metadata.annotations;
  return metadata;
};

/** Hubs and spokes per group and kind. */
export class Conversions implements ConversionRegistry {
  private readonly kinds = new Map<string, KindConversions>();

  private entry(group: string, kind: string): KindConversions {
    const key = `${kind}.${group}`;
    let entry = this.kinds.get(key);
    if (entry === undefined) {
      entry = { kind, spokes: new Map() };
      this.kinds.set(key, entry);
    }
    return entry;
  }

  /** Declares `version` the hub of `kind` in `group`. */
  setHub(group: string, kind: string, version: string): void {
    const entry = this.entry(group, kind);
    if (entry.hub !== undefined && entry.hub !== version) {
      throw new WebhookError(
        'config',
        `unable to use ${version} as the hub of ${kind}.${group}: the hub is ${entry.hub}`,
      );
    }
    if (entry.spokes.has(version))
      throw new WebhookError('config', `unable to use ${version} as the hub of ${kind}.${group}: it is a spoke`);
    entry.hub = version;
  }

  /** Adds the converter of a spoke `version`. */
  addSpoke(group: string, kind: string, version: string, converter: Converter): void {
    const entry = this.entry(group, kind);
    if (entry.hub === version || entry.spokes.has(version)) {
      throw new WebhookError(
        'config',
        `unable to add a converter for ${kind}.${group} ${version}: the version has one already or is the hub`,
      );
    }
    entry.spokes.set(version, converter);
  }

  /** How many kinds have conversions (the server serves `/convert` when there are any). */
  get size(): number {
    return this.kinds.size;
  }

  /** `obj` in `desiredAPIVersion`, through the hub. */
  async convert(obj: KubernetesObject, desiredAPIVersion: string): Promise<KubernetesObject> {
    const from = parseApiVersion(obj.apiVersion ?? '');
    const to = parseApiVersion(desiredAPIVersion);
    const name = `${obj.kind} ${obj.metadata?.namespace ? `${obj.metadata.namespace}/` : ''}${obj.metadata?.name}`;
    const fail = (why: string) =>
      new WebhookError(
        'conversion',
        `unable to convert ${name} from ${obj.apiVersion} to ${desiredAPIVersion}: ${why}`,
      );
    if (from.group !== to.group) throw fail('the groups differ');
    if (from.version === to.version) return obj;
    const entry = this.kinds.get(`${obj.kind}.${from.group}`);
    if (entry?.hub === undefined) throw fail(`no hub is registered for ${obj.kind}.${from.group}`);
    const spoke = (version: string) => {
      const converter = entry.spokes.get(version);
      if (converter === undefined) throw fail(`version ${version} has no converter to the hub ${entry.hub}`);
      return converter;
    };
    const hubVersion = `${from.group}/${entry.hub}`;
    try {
      let hub = from.version === entry.hub ? obj : await spoke(from.version).toHub(structuredClone(obj));
      hub = { ...hub, apiVersion: hubVersion, kind: obj.kind, metadata: keep(obj, hub) };
      const out = to.version === entry.hub ? hub : await spoke(to.version).fromHub(structuredClone(hub));
      return { ...out, apiVersion: desiredAPIVersion, kind: obj.kind, metadata: keep(obj, out) };
    } catch (err) {
      if (WebhookError.is(err, 'conversion')) throw err;
      throw fail(err instanceof Error ? err.message : String(err));
    }
  }

  /** The ConversionResponse for a decoded request; every failure becomes `result.status: Failure`. */
  async review(request: ConversionRequest): Promise<ConversionReview> {
    const base = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' } as const;
    try {
      const convertedObjects: KubernetesObject[] = [];
      for (const obj of request.objects) convertedObjects.push(await this.convert(obj, request.desiredAPIVersion));
      return { ...base, response: { uid: request.uid, convertedObjects, result: { status: 'Success' } } };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { ...base, response: { uid: request.uid, convertedObjects: [], result: { status: 'Failure', message } } };
    }
  }
}
