/**
 * The uncached client: every call goes to the API server (controller-runtime's
 * `client.New`, and what `mgr.getAPIReader()` returns). Live lists page through
 * `limit`/`continue`; writes support dry-run, field managers, field validation,
 * preconditions and propagation policies; `status()` writes the status subresource.
 * @module
 */

import type { KubernetesList, KubernetesObject, ObjectKey } from '../api/object.js';
import { ClientError } from '../api/status-error.js';
import { supportsStrategicMerge } from '../resources/builtins.js';
import { Discovery } from '../resources/discovery.js';
import { ResourceRegistry } from '../resources/registry.js';
import type { ResourceInfo, ResourceType } from '../resources/resource-type.js';
import type { ApplyConfiguration } from './apply-configuration.js';
import { fieldManagerOf } from './field-owner.js';
import type {
  ApplyOptions,
  Client,
  CreateOptions,
  DeleteAllOfOptions,
  DeleteOptions,
  GetOptions,
  ListOptions,
  PatchOptions,
  StatusWriter,
  UpdateOptions,
  WriteOptions,
} from './interfaces.js';
import type { KubeConfigSource as KubeConfig } from './kubeconfig.js';
import { ObjectResolver, wireBody } from './object-resolver.js';
import { contentTypes, type Patch } from './patch.js';
import { describeObject, resourcePath } from './paths.js';
import { metadataAccept, RestClient } from './rest.js';
import { fieldSelectorString, labelSelectorString } from './selectors.js';

/** Page size of live lists that did not ask for a `limit` (controller-runtime's reflector uses 500). */
export const DEFAULT_PAGE_SIZE = 500;

export interface ApiClientOptions {
  kubeConfig?: KubeConfig;
  /** Share one wire between clients and caches (and observe its requests). */
  rest?: RestClient;
  registry?: ResourceRegistry;
  /** Default field manager of writes; defaults to `operant`. */
  fieldOwner?: string;
}

export class ApiClient implements Client {
  readonly rest: RestClient;
  readonly registry: ResourceRegistry;
  readonly discovery: Discovery;
  readonly fieldOwner: string;
  private readonly resolver: ObjectResolver;

  constructor(options: ApiClientOptions) {
    const rest = options.rest ?? (options.kubeConfig ? new RestClient(options.kubeConfig) : undefined);
    if (rest === undefined)
      throw new ClientError('invalidArgument', 'unable to create a client: pass kubeConfig or rest');
    this.rest = rest;
    this.registry = options.registry ?? new ResourceRegistry();
    this.discovery = new Discovery((path, action, signal) => this.rest.json({ method: 'GET', path, signal }, action));
    this.resolver = new ObjectResolver(this.registry, this.discovery);
    this.fieldOwner = options.fieldOwner ?? 'operant';
  }

  resourceInfo(type: ResourceType): ResourceInfo {
    return this.registry.resolve(type);
  }

  async get<T extends KubernetesObject>(type: ResourceType<T>, key: ObjectKey, options: GetOptions = {}): Promise<T> {
    const info = this.registry.resolve(type);
    return this.rest.json<T>(
      {
        method: 'GET',
        path: resourcePath(info, key.namespace, key.name),
        accept: options.metadataOnly ? metadataAccept(false) : undefined,
        signal: options.signal,
      },
      () => `unable to get ${describeObject(info, key.namespace, key.name)}`,
    );
  }

  async list<T extends KubernetesObject>(type: ResourceType<T>, options: ListOptions = {}): Promise<KubernetesList<T>> {
    const info = this.registry.resolve(type);
    const action = `unable to list ${describeObject(info, options.namespace)}`;
    const query = listQuery(options);
    const path = resourcePath(info, options.namespace);
    const accept = options.metadataOnly ? metadataAccept(true) : undefined;
    if (options.limit !== undefined) {
      return this.rest.json(
        {
          method: 'GET',
          path,
          accept,
          signal: options.signal,
          query: { ...query, limit: options.limit, continue: options.continue },
        },
        action,
      );
    }
    let list: KubernetesList<T> | undefined;
    let token = options.continue;
    do {
      const page: KubernetesList<T> = await this.rest.json(
        {
          method: 'GET',
          path,
          accept,
          signal: options.signal,
          query: { ...query, limit: DEFAULT_PAGE_SIZE, continue: token },
        },
        action,
      );
      if (list === undefined) list = page;
      else list.items.push(...page.items);
      token = page.metadata?.continue || undefined;
    } while (token !== undefined);
    if (list.metadata) {
      list.metadata.continue = undefined;
      list.metadata.remainingItemCount = undefined;
    }
    return list;
  }

  async create<T extends KubernetesObject>(obj: T, options: CreateOptions = {}): Promise<T> {
    const info = await this.resolver.resolve(obj, 'create an object', options.signal);
    const { namespace, name } = meta(obj);
    return this.rest.json<T>(
      {
        method: 'POST',
        path: resourcePath(info, namespace),
        body: wireBody(obj, info),
        query: this.writeQuery(options),
        signal: options.signal,
      },
      () => `unable to create ${describeObject(info, namespace, name ?? obj.metadata?.generateName)}`,
    );
  }

  update<T extends KubernetesObject>(obj: T, options: UpdateOptions = {}): Promise<T> {
    return this.put(obj, options);
  }

  patch<T extends KubernetesObject>(obj: T, patch: Patch, options: PatchOptions = {}): Promise<T> {
    return this.sendPatch(obj, patch, options);
  }

  apply<T extends KubernetesObject>(obj: ApplyConfiguration<T> | T, options: ApplyOptions = {}): Promise<T> {
    return this.sendApply(obj, options);
  }

  async delete(obj: KubernetesObject, options: DeleteOptions = {}): Promise<void> {
    const info = await this.resolver.resolve(obj, 'delete an object', options.signal);
    const { namespace, name } = requireName(obj, info, 'delete');
    await this.rest.json(
      {
        method: 'DELETE',
        path: resourcePath(info, namespace, name),
        body: deleteBody(options),
        query: options.dryRun ? { dryRun: 'All' } : undefined,
        signal: options.signal,
      },
      () => `unable to delete ${describeObject(info, namespace, name)}`,
    );
  }

  async deleteAllOf(type: ResourceType, options: DeleteAllOfOptions = {}): Promise<void> {
    const info = this.registry.resolve(type);
    await this.rest.json(
      {
        method: 'DELETE',
        path: resourcePath(info, options.namespace),
        body: deleteBody(options),
        query: { ...listQuery(options), dryRun: options.dryRun ? 'All' : undefined },
        signal: options.signal,
      },
      `unable to delete all of ${describeObject(info, options.namespace)}`,
    );
  }

  status(): StatusWriter {
    return {
      update: (obj, options = {}) => this.put(obj, options, 'status'),
      patch: (obj, patch, options = {}) => this.sendPatch(obj, patch, options, 'status'),
      apply: (obj, options = {}) => this.sendApply(obj, options, 'status'),
    };
  }

  private async put<T extends KubernetesObject>(obj: T, options: UpdateOptions, subresource?: string): Promise<T> {
    const info = await this.resolver.resolve(obj, 'update an object', options.signal);
    const { namespace, name } = requireName(obj, info, 'update');
    return this.rest.json<T>(
      {
        method: 'PUT',
        path: resourcePath(info, namespace, name, subresource),
        body: wireBody(obj, info),
        query: this.writeQuery(options),
        signal: options.signal,
      },
      () => `unable to update ${subresource ? `${subresource} of ` : ''}${describeObject(info, namespace, name)}`,
    );
  }

  private async sendPatch<T extends KubernetesObject>(
    obj: T,
    patch: Patch,
    options: PatchOptions,
    subresource?: string,
  ): Promise<T> {
    const info = await this.resolver.resolve(obj, 'patch an object', options.signal);
    const { namespace, name } = requireName(obj, info, 'patch');
    const target = () => `${subresource ? `${subresource} of ` : ''}${describeObject(info, namespace, name)}`;
    if (patch.type === 'strategic' && !supportsStrategicMerge(info)) {
      throw new ClientError(
        'invalidArgument',
        `unable to patch ${target()}: strategic merge patches need a built-in kind; use a merge or JSON patch`,
      );
    }
    return this.rest.json<T>(
      {
        method: 'PATCH',
        path: resourcePath(info, namespace, name, subresource),
        body: patch.data,
        contentType: contentTypes[patch.type],
        query: this.writeQuery(options),
        signal: options.signal,
      },
      () => `unable to patch ${target()}`,
    );
  }

  private async sendApply<T extends KubernetesObject>(
    obj: ApplyConfiguration<T> | T,
    options: ApplyOptions,
    subresource?: string,
  ): Promise<T> {
    const info = await this.resolver.resolve(obj, 'apply an object', options.signal);
    const { namespace, name } = requireName(obj, info, 'apply');
    const body = wireBody(obj, info);
    if (body.metadata?.managedFields !== undefined) body.metadata = { ...body.metadata, managedFields: undefined };
    return this.rest.json<T>(
      {
        method: 'PATCH',
        path: resourcePath(info, namespace, name, subresource),
        body,
        contentType: contentTypes.apply,
        query: { ...this.writeQuery(options), force: options.force ? 'true' : undefined },
        signal: options.signal,
      },
      () => `unable to apply ${subresource ? `${subresource} of ` : ''}${describeObject(info, namespace, name)}`,
    );
  }

  private writeQuery(options: WriteOptions): Record<string, string | undefined> {
    return {
      fieldManager: fieldManagerOf(options, this.fieldOwner),
      dryRun: options.dryRun ? 'All' : undefined,
      fieldValidation: options.fieldValidation,
    };
  }
}

function meta(obj: KubernetesObject): { namespace: string | undefined; name: string | undefined } {
  return { namespace: obj.metadata?.namespace, name: obj.metadata?.name };
}

function requireName(
  obj: KubernetesObject,
  info: ResourceInfo,
  verb: string,
): { namespace: string | undefined; name: string } {
  const { namespace, name } = meta(obj);
  if (!name) throw new ClientError('invalidArgument', `unable to ${verb} ${info.kind}: metadata.name is empty`);
  if (info.namespaced && !namespace) {
    throw new ClientError('invalidArgument', `unable to ${verb} ${info.kind} ${name}: metadata.namespace is empty`);
  }
  return { namespace, name };
}

function listQuery(options: ListOptions | DeleteAllOfOptions): Record<string, string | undefined> {
  const fields = [
    options.fieldSelector === undefined ? '' : fieldSelectorString(options.fieldSelector),
    'matchingFields' in options && options.matchingFields ? fieldSelectorString(options.matchingFields) : '',
  ].filter((s) => s !== '');
  return {
    labelSelector:
      options.labelSelector === undefined ? undefined : labelSelectorString(options.labelSelector) || undefined,
    fieldSelector: fields.length > 0 ? fields.join(',') : undefined,
    shardSelector: 'shardSelector' in options ? options.shardSelector || undefined : undefined,
  };
}

function deleteBody(options: DeleteOptions): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'DeleteOptions',
    propagationPolicy: options.propagationPolicy,
    gracePeriodSeconds: options.gracePeriodSeconds,
    preconditions: options.preconditions,
    dryRun: options.dryRun ? ['All'] : undefined,
  };
}
