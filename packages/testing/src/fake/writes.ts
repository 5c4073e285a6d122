/**
 * The fake client's writes: create, update, patch (merge, JSON; strategic as merge), apply,
 * delete and deleteAllOf, each on the main resource or the status subresource, with dry-run,
 * optimistic concurrency, finalizers, field ownership and the garbage collector's part of
 * deletion (dependents go when their last owner goes, synchronously).
 * @module
 */
import { type KubernetesObject } from '@operant/core';
import { formatTime, type ObjectMeta } from '@operant/core/api';
import * as client from '@operant/core/client';
import { ClientError } from '@operant/core/client';
import {
  apiVersionOf,
  describeObject,
  objectKey,
  type ResourceInfo,
  statusError,
  supportsStrategicMerge,
} from '@operant/core/internal';
import { markDeleted, prepareCreate, prepareUpdate, uidMismatch } from './admission.js';
import { applyProblem, decodeOrRefuse, requiredFieldCauses } from './builtin-shapes.js';
import { applyFields, type FieldOwners, managedFieldsOf, recordUpdate } from './field-owners.js';
import {
  applyJsonPatch,
  applyMergePatch,
  type JsonObject,
  type JsonPatchOp,
  jsonEqual,
  PatchApplyError,
  toJson,
} from './json.js';
import { isBuiltin } from './kinds.js';
import { createNameCauses, nameFor } from './names.js';
import { select } from './select.js';
import {
  alreadyExists,
  applyConflict,
  conflict,
  invalid,
  noSuchPath,
  notFound,
  preconditionFailed,
  undecodable,
  unpatchable,
} from './status-errors.js';
import { applyStrategicPatch } from './strategic.js';
import type { WriteContext } from './write-context.js';

type Sub = 'status' | undefined;
type Stored = { info: ResourceInfo; key: string; old: KubernetesObject; name: string; action: string };

const of = (sub: Sub) => (sub ? `${sub} of ` : '');

export class FakeWrites {
  constructor(
    private readonly c: WriteContext,
    private readonly now: () => Date,
  ) {}

  async create<T extends KubernetesObject>(obj: T, options: client.CreateOptions): Promise<T> {
    const info = this.c.resolveObject(obj, 'create an object');
    const meta = obj.metadata ?? {};
    const action = `unable to create ${describeObject(info, meta.namespace, meta.name ?? meta.generateName)}`;
    const op = this.c.operation('create', info, obj, options, action);
    const manager = this.c.managerOf(options);
    return this.c.recorded({ ...record(op, options), fieldManager: manager }, () =>
      this.c.run(op, async () => {
        const body = wire(obj, info);
        decodeOrRefuse(info, body, strict(options), (problem) => undecodable(action, info, problem));
        const name = nameFor(body);
        if (name === undefined) {
          throw invalid(action, info, '', [
            {
              reason: 'FieldValueRequired',
              field: 'metadata.name',
              message: 'Required value: name or generateName is required',
            },
          ]);
        }
        const causes = [...createNameCauses(info, body, name), ...requiredFieldCauses(info, body)];
        if (causes.length > 0) throw invalid(action, info, name, causes);
        if (body.metadata?.resourceVersion) {
          const message = 'resourceVersion should not be set on objects to be created';
          throw statusError(action, 500, { reason: 'InternalError', code: 500, message });
        }
        const namespace = info.namespaced ? body.metadata?.namespace : undefined;
        if (!info.namespaced && body.metadata) body.metadata.namespace = undefined;
        const key = objectKey({ namespace, name });
        if (this.c.tracker.get(info, key) !== undefined) throw alreadyExists(action, info, name);
        const created = await this.c.admit(info, prepareCreate(this.c.traits(info), body, name, this.now()), action);
        const owners: FieldOwners = new Map();
        recordUpdate(owners, manager, undefined, created, this.c.traits(info));
        if (options.dryRun) return toJson(created);
        return this.c.tracker.put(info, created, owners);
      }),
    );
  }

  async update<T extends KubernetesObject>(obj: T, options: client.UpdateOptions, sub: Sub): Promise<T> {
    const info = this.c.resolveObject(obj, 'update an object');
    const { name, namespace } = requireName(obj, info, 'update');
    const action = `unable to update ${of(sub)}${describeObject(info, namespace, name)}`;
    const op = { ...this.c.operation('update', info, obj, options, action), subresource: sub };
    return this.c.recorded({ ...record(op, options), fieldManager: this.c.managerOf(options) }, () =>
      this.c.run(op, async () => {
        const body = wire(obj, info);
        decodeOrRefuse(info, body, strict(options), (problem) => undecodable(action, info, problem));
        const stored = this.stored(info, obj, action, sub);
        const rv = obj.metadata?.resourceVersion;
        if (!rv && !isBuiltin(info)) {
          throw invalid(action, info, stored.name, [
            {
              reason: 'FieldValueInvalid',
              field: 'metadata.resourceVersion',
              message: 'Invalid value: 0x0: must be specified for an update',
            },
          ]);
        }
        if (rv && rv !== stored.old.metadata?.resourceVersion) throw conflict(action, info, stored.name);
        return this.commit(stored, body, sub, options, this.c.managerOf(options));
      }),
    );
  }

  async patch<T extends KubernetesObject>(
    obj: T,
    patch: client.Patch,
    options: client.PatchOptions,
    sub: Sub,
  ): Promise<T> {
    const info = this.c.resolveObject(obj, 'patch an object');
    const { name, namespace } = requireName(obj, info, 'patch');
    const target = `${of(sub)}${describeObject(info, namespace, name)}`;
    if (patch.type === 'strategic' && !supportsStrategicMerge(info)) {
      throw new ClientError(
        'invalidArgument',
        `unable to patch ${target}: strategic merge patches need a built-in kind; use a merge or JSON patch`,
      );
    }
    const action = `unable to patch ${target}`;
    const op = { ...this.c.operation('patch', info, obj, options, action), subresource: sub, patch };
    return this.c.recorded({ ...record(op, options), patch, fieldManager: this.c.managerOf(options) }, () =>
      this.c.run(op, async () => {
        const stored = this.stored(info, obj, action, sub);
        let patched: KubernetesObject;
        try {
          const data = toJson(patch.data);
          patched = (
            patch.type === 'json'
              ? applyJsonPatch(stored.old, data as JsonPatchOp[])
              : patch.type === 'strategic'
                ? applyStrategicPatch(structuredClone(stored.old), data)
                : applyMergePatch(structuredClone(stored.old), data)
          ) as KubernetesObject;
        } catch (err) {
          if (!(err instanceof PatchApplyError)) throw err;
          throw statusError(action, 422, { reason: 'Invalid', code: 422, message: err.message });
        }
        decodeOrRefuse(info, patched, strict(options), (problem) => unpatchable(action, patched, problem));
        const rv = patched.metadata?.resourceVersion;
        if (rv && rv !== stored.old.metadata?.resourceVersion) throw conflict(action, info, stored.name);
        return this.commit(stored, patched, sub, options, this.c.managerOf(options));
      }),
    );
  }

  async apply<T extends KubernetesObject>(
    obj: client.ApplyConfiguration<T> | T,
    options: client.ApplyOptions,
    sub: Sub,
  ): Promise<T> {
    const info = this.c.resolveObject(obj, 'apply an object');
    const { name, namespace } = requireName(obj, info, 'apply');
    const action = `unable to apply ${of(sub)}${describeObject(info, namespace, name)}`;
    const op = { ...this.c.operation('apply', info, obj, options, action), subresource: sub };
    const manager = this.c.managerOf(options);
    return this.c.recorded({ ...record(op, options), fieldManager: manager }, () =>
      this.c.run(op, async () => {
        if (sub === 'status' && !this.c.traits(info).status) throw noSuchPath(action);
        const config = wire(obj, info) as JsonObject;
        if (config.metadata) delete (config.metadata as JsonObject).managedFields;
        const problem = applyProblem(info, config);
        if (problem !== undefined) {
          throw statusError(action, 500, { reason: 'InternalError', code: 500, message: problem });
        }
        if (sub === 'status') {
          const { status } = config;
          for (const key of Object.keys(config))
            if (!['apiVersion', 'kind', 'metadata'].includes(key)) delete config[key];
          if (status !== undefined) config.status = status;
        }
        const key = objectKey({ namespace: info.namespaced ? namespace : undefined, name });
        const live = this.c.tracker.get(info, key);
        if (live === undefined && sub === 'status') throw notFound(action, info, name);
        const rv = obj.metadata?.resourceVersion;
        if (rv && rv !== live?.metadata?.resourceVersion) {
          throw live === undefined ? notFound(action, info, name) : conflict(action, info, name);
        }
        const owners = live === undefined ? new Map() : this.c.tracker.owners(info, key);
        const outcome = applyFields(
          owners,
          manager,
          live as JsonObject | undefined,
          config,
          options.force ?? false,
          this.c.traits(info),
        );
        if ('conflicts' in outcome) throw applyConflict(action, info, name, outcome.conflicts);
        const merged = outcome.object as KubernetesObject;
        if (live === undefined) {
          const causes = [...createNameCauses(info, merged, name), ...requiredFieldCauses(info, merged)];
          if (causes.length > 0) throw invalid(action, info, name, causes);
          const created = await this.c.admit(
            info,
            prepareCreate(this.c.traits(info), merged, name, this.now()),
            action,
          );
          const answer = options.dryRun ? toJson(created) : this.c.tracker.put(info, created, outcome.owners);
          return this.withManagedFields(info, answer, outcome.owners);
        }
        const stored: Stored = { info, key, old: live, name, action };
        const answer = await this.commit(stored, merged, sub, options, manager, outcome.owners);
        return this.withManagedFields(info, answer, outcome.owners);
      }),
    );
  }

  async delete(obj: KubernetesObject, options: client.DeleteOptions): Promise<void> {
    const info = this.c.resolveObject(obj, 'delete an object');
    const { name, namespace } = requireName(obj, info, 'delete');
    const action = `unable to delete ${describeObject(info, namespace, name)}`;
    const op = this.c.operation('delete', info, obj, options, action);
    await this.c.recorded(record(op, options), () =>
      this.c.run(op, async () => {
        const key = objectKey({ namespace: info.namespaced ? namespace : undefined, name });
        const live = this.c.tracker.get(info, key);
        if (live === undefined) throw notFound(action, info, name);
        const pre = options.preconditions;
        if (pre?.uid !== undefined && pre.uid !== live.metadata?.uid) {
          throw preconditionFailed(action, info, name, 'UID', pre.uid, live.metadata?.uid);
        }
        const version = live.metadata?.resourceVersion;
        if (pre?.resourceVersion !== undefined && pre.resourceVersion !== version) {
          throw preconditionFailed(action, info, name, 'ResourceVersion', pre.resourceVersion, version);
        }
        if (options.dryRun) return live;
        return this.remove(info, key, live, options.propagationPolicy);
      }),
    );
  }

  async deleteAllOf(info: ResourceInfo, options: client.DeleteAllOfOptions): Promise<void> {
    const action = `unable to delete all of ${describeObject(info, options.namespace)}`;
    const op = { verb: 'deleteAllOf' as const, info, namespace: options.namespace, options, action };
    await this.c.recorded(
      { verb: 'deleteAllOf', kind: info.kind, namespace: options.namespace, dryRun: !!options.dryRun },
      () =>
        this.c.run(op, async () => {
          for (const live of select(this.c.tracker, info, this.c.traits(info), options, action)) {
            if (!options.dryRun) this.remove(info, objectKey(live), live, options.propagationPolicy);
          }
          return undefined;
        }),
    );
  }

  /** `obj` as the API server answers an apply: with the managedFields entry of every manager. */
  private withManagedFields(info: ResourceInfo, obj: KubernetesObject, owners: FieldOwners): KubernetesObject {
    const managedFields = managedFieldsOf(owners, apiVersionOf(info), formatTime(this.now()));
    return { ...obj, metadata: { ...obj.metadata, managedFields: managedFields as never } };
  }

  /** Marks (finalizers) or removes an object; removal takes dependents without owners along. */
  private remove(info: ResourceInfo, key: string, live: KubernetesObject, policy?: string): KubernetesObject {
    if ((live.metadata?.finalizers ?? []).length > 0) {
      if (live.metadata?.deletionTimestamp !== undefined) return live;
      return this.c.tracker.put(info, markDeleted(live, this.now()), this.c.tracker.owners(info, key));
    }
    const gone = this.c.tracker.remove(info, key) ?? live;
    this.collectDependents(gone.metadata?.uid, policy === 'Orphan');
    return gone;
  }

  /** The garbage collector: dependents of `uid` lose the reference (orphan) or, with no owner left, are deleted. */
  private collectDependents(uid: string | undefined, orphan: boolean): void {
    if (uid === undefined) return;
    for (const info of this.c.tracker.storedKinds()) {
      for (const dep of this.c.tracker.list(info)) {
        const refs = dep.metadata?.ownerReferences ?? [];
        if (!refs.some((r) => r.uid === uid)) continue;
        const key = objectKey(dep);
        const rest = refs.filter((r) => r.uid !== uid);
        const alive = rest.some((r) => this.ownerExists(r.uid));
        if (orphan || alive) {
          const next = structuredClone(dep) as KubernetesObject;
          (next.metadata as ObjectMeta).ownerReferences = rest.length > 0 ? rest : undefined;
          this.c.tracker.put(info, next, this.c.tracker.owners(info, key));
        } else this.remove(info, key, dep);
      }
    }
  }

  private ownerExists(uid: string): boolean {
    return this.c.tracker.storedKinds().some((info) => this.c.tracker.list(info).some((o) => o.metadata?.uid === uid));
  }

  private stored(info: ResourceInfo, obj: KubernetesObject, action: string, sub: Sub): Stored {
    const name = obj.metadata?.name as string;
    if (sub === 'status' && !this.c.traits(info).status) throw noSuchPath(action);
    const key = objectKey({ namespace: info.namespaced ? obj.metadata?.namespace : undefined, name });
    const old = this.c.tracker.get(info, key);
    if (old === undefined) throw notFound(action, info, name);
    return { info, key, old, name, action };
  }

  /** Stores the update of `s.old` to `incoming`: admission, no-op detection, finalizer-driven removal. */
  private async commit(
    s: Stored,
    incoming: KubernetesObject,
    sub: Sub,
    options: client.CreateOptions,
    manager: string,
    applied?: FieldOwners,
  ): Promise<KubernetesObject> {
    const uid = uidMismatch(s.old, incoming);
    if (uid !== undefined) throw conflict(s.action, s.info, s.name, uid);
    const { object, causes } = prepareUpdate(s.info, this.c.traits(s.info), s.old, incoming, sub);
    if (causes.length > 0) throw invalid(s.action, s.info, s.name, causes);
    const next = await this.c.admit(s.info, object, s.action, s.old);
    const stale = this.c.tracker.owners(s.info, s.key);
    // an apply that changes only ownership still changes the object (its managedFields, on a real server)
    const unchanged =
      jsonEqual(withoutVersion(next), withoutVersion(s.old)) && (applied === undefined || sameOwners(applied, stale));
    if (options.dryRun || unchanged) return unchanged ? s.old : toJson(next);
    const owners = applied ?? cloneOwners(stale);
    if (applied === undefined) recordUpdate(owners, manager, s.old, next, this.c.traits(s.info));
    if (next.metadata?.deletionTimestamp !== undefined && (next.metadata.finalizers ?? []).length === 0) {
      // the API server deletes in the same step: watchers see only the DELETED event
      const gone = this.c.tracker.remove(s.info, s.key, next) ?? next;
      this.collectDependents(gone.metadata?.uid, false);
      return gone;
    }
    return this.c.tracker.put(s.info, next, owners);
  }
}

function sameOwners(a: FieldOwners, b: FieldOwners): boolean {
  const flat = (o: FieldOwners) => JSON.stringify([...o].map(([k, e]) => [k, [...e.fields].sort()]).sort());
  return flat(a) === flat(b);
}

function cloneOwners(owners: FieldOwners): FieldOwners {
  return new Map([...owners].map(([k, e]) => [k, { ...e, fields: new Set(e.fields) }]));
}

function withoutVersion(obj: KubernetesObject): unknown {
  return { ...obj, metadata: { ...obj.metadata, resourceVersion: undefined } };
}

/** The object as it travels: plain JSON, with apiVersion and kind of its resolved kind. */
function wire(obj: KubernetesObject, info: ResourceInfo): KubernetesObject {
  return toJson({ ...obj, apiVersion: apiVersionOf(info), kind: info.kind });
}

const strict = (options: client.CreateOptions) => options.fieldValidation === 'Strict';

function record(
  op: { verb: string; subresource?: Sub; info: ResourceInfo; namespace?: string; name?: string },
  options: { dryRun?: boolean },
) {
  return {
    verb: op.verb as 'create',
    subresource: op.subresource,
    kind: op.info.kind,
    namespace: op.namespace,
    name: op.name,
    dryRun: options.dryRun ?? false,
  };
}

function requireName(obj: KubernetesObject, info: ResourceInfo, verb: string): { namespace?: string; name: string } {
  const name = obj.metadata?.name;
  const namespace = obj.metadata?.namespace;
  if (!name) throw new ClientError('invalidArgument', `unable to ${verb} ${info.kind}: metadata.name is empty`);
  if (info.namespaced && !namespace) {
    throw new ClientError('invalidArgument', `unable to ${verb} ${info.kind} ${name}: metadata.namespace is empty`);
  }
  return { namespace, name };
}
