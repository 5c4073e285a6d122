/**
 * Plain-JSON helpers of the fake client: deep equality in the API server's sense (core's
 * `controllerutil.jsonEqual`, re-exported), and the RFC 7386 merge patch and RFC 6902 JSON
 * patch as the API server applies them to a stored object. Core builds patches; only the
 * fake applies them.
 * @module
 */
import { controllerutil } from '@operant/core';
import { OperantError } from '@operant/crd/metadata';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON copy: `undefined` members disappear, as on the wire. */
export function toJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Deep equality of JSON values in the API server's sense (key order, prototypes and undefined members do not matter): core's. */
export const jsonEqual = controllerutil.jsonEqual;

/** RFC 7386: objects merge recursively, `null` removes, anything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value) as Json;
  }
  return out;
}

export interface JsonPatchOp {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

/** Thrown for a patch that cannot apply (a failed `test`, a missing path); the client maps it to `invalid`. */
export class PatchApplyError extends OperantError {
  constructor(message: string) {
    super('Invalid', message);
  }
}

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new PatchApplyError(`invalid JSON pointer "${path}"`);
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Container = JsonObject | Json[];

function parentOf(doc: Json, tokens: string[], path: string): { parent: Container; last: string } {
  let cur: Json = doc;
  for (const token of tokens.slice(0, -1)) {
    const next: Json | undefined = Array.isArray(cur) ? cur[Number(token)] : isObject(cur) ? cur[token] : undefined;
    if (next === undefined || next === null || typeof next !== 'object') {
      throw new PatchApplyError(`path "${path}" does not exist`);
    }
    cur = next;
  }
  if (cur === null || typeof cur !== 'object') throw new PatchApplyError(`path "${path}" does not exist`);
  return { parent: cur, last: tokens[tokens.length - 1] as string };
}

function read(doc: Json, path: string): Json {
  let cur: Json | undefined = doc;
  for (const token of pointer(path)) {
    cur = Array.isArray(cur) ? cur[Number(token)] : isObject(cur) ? cur[token] : undefined;
    if (cur === undefined) throw new PatchApplyError(`path "${path}" does not exist`);
  }
  return cur as Json;
}

function index(arr: Json[], token: string, path: string, adding: boolean): number {
  if (adding && token === '-') return arr.length;
  const i = Number(token);
  if (!/^\d+$/.test(token) || i > arr.length || (!adding && i === arr.length)) {
    throw new PatchApplyError(`index out of range at "${path}"`);
  }
  return i;
}

function add(doc: Json, path: string, value: Json): Json {
  const tokens = pointer(path);
  if (tokens.length === 0) return value;
  const { parent, last } = parentOf(doc, tokens, path);
  if (Array.isArray(parent)) parent.splice(index(parent, last, path, true), 0, value);
  else parent[last] = value;
  return doc;
}

function remove(doc: Json, path: string): Json {
  const tokens = pointer(path);
  const { parent, last } = parentOf(doc, tokens, path);
  if (Array.isArray(parent)) parent.splice(index(parent, last, path, false), 1);
  else {
    if (!(last in parent)) throw new PatchApplyError(`path "${path}" does not exist`);
    delete parent[last];
  }
  return doc;
}

/** RFC 6902, applied to a copy of `target`. */
export function applyJsonPatch(target: unknown, operations: readonly JsonPatchOp[]): unknown {
  let doc = structuredClone(target) as Json;
  for (const op of operations) {
    const value = structuredClone(op.value) as Json;
    switch (op.op) {
      case 'add':
        doc = add(doc, op.path, value);
        break;
      case 'remove':
        doc = remove(doc, op.path);
        break;
      case 'replace':
        doc = add(remove(doc, op.path), op.path, value);
        break;
      case 'move': {
        const moved = read(doc, op.from ?? '');
        doc = add(remove(doc, op.from ?? ''), op.path, moved);
        break;
      }
      case 'copy':
        doc = add(doc, op.path, structuredClone(read(doc, op.from ?? '')));
        break;
      case 'test':
        if (!jsonEqual(read(doc, op.path), value)) throw new PatchApplyError(`testing value ${op.path} failed`);
        break;
      default:
        throw new PatchApplyError(`unexpected operation "${op.op}"`);
    }
  }
  return doc;
}
