/**
 * A generated sequence: the specs one object goes through — created with the first, changed
 * to each next one — and whether it is deleted at the end; as fast-check arbitrary, as the
 * scenario steps that do it, and as the lines a report shows. A change replaces the whole
 * spec (a merge patch that also nulls the fields the next spec leaves out), except the fields
 * a transition rule holds (`self == oldSelf`): once set, they keep their value, so that the
 * API server takes every step.
 * @module
 */
import fc from 'fast-check';
import type { ObjectRef, ScenarioStep } from './options.js';
import { type SchemaNode, schemaArbitrary, transitionRulePaths } from './spec-arbitrary.js';

type Spec = Record<string, unknown>;

export interface GeneratedSequence {
  /** The spec of the create, then of each change. */
  specs: readonly Spec[];
  deleted: boolean;
}

/** Sequences of 1 to `maxSpecs` specs valid against `specSchema`, ending in a delete when `deletes` allows. */
export function sequenceArbitrary(
  specSchema: SchemaNode,
  maxSpecs: number,
  deletes: boolean,
): fc.Arbitrary<GeneratedSequence> {
  const spec = schemaArbitrary(specSchema) as fc.Arbitrary<Spec>;
  const held = transitionRulePaths(specSchema);
  // the first spec apart from the changes: shrinking drops changes from the front, and keeps the create
  return fc
    .record({
      first: spec,
      changes: fc.array(spec, { maxLength: Math.max(0, maxSpecs - 1) }),
      deleted: deletes ? fc.boolean() : fc.constant(false),
    })
    .map(({ first, changes, deleted }) => ({ specs: holdFields([first, ...changes], held), deleted }));
}

/** `specs` with the fields at `paths` kept at their value once set (transition rules). */
function holdFields(specs: readonly Spec[], paths: readonly string[][]): Spec[] {
  const held: Spec[] = [];
  for (const spec of specs) {
    const previous = held.at(-1);
    held.push(previous === undefined ? spec : withHeld(previous, spec, paths));
  }
  return held;
}

function withHeld(previous: Spec, spec: Spec, paths: readonly string[][]): Spec {
  if (paths.some((path) => path.length === 0)) return structuredClone(previous);
  const next = structuredClone(spec);
  for (const path of paths) {
    const before = at(previous, path);
    const parent = at(next, path.slice(0, -1));
    if (before !== undefined && isObject(parent)) parent[path.at(-1) as string] = structuredClone(before);
  }
  return next;
}

function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((v, key) => (isObject(v) ? v[key] : undefined), value);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The steps that take `ref` through `sequence`: an apply, merge patches, perhaps a delete. */
export function sequenceSteps(sequence: GeneratedSequence, ref: ObjectRef): ScenarioStep[] {
  const { apiVersion, kind, name } = ref;
  const [first = {}, ...rest] = sequence.specs;
  const steps: ScenarioStep[] = [{ action: 'apply', object: { apiVersion, kind, metadata: { name }, spec: first } }];
  rest.forEach((spec, i) => {
    steps.push({ action: 'patch', object: ref, patch: { spec: replacing(sequence.specs[i] ?? {}, spec) } });
  });
  if (sequence.deleted) steps.push({ action: 'delete', object: ref });
  return steps;
}

/** The JSON merge patch that turns `from` into `to`: `to`'s fields, and null for each field only `from` has. */
function replacing(from: Spec, to: Spec): Spec {
  const patch: Spec = {};
  for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
  for (const [key, value] of Object.entries(to)) {
    const old = from[key];
    patch[key] = isObject(old) && isObject(value) ? replacing(old, value) : value;
  }
  return patch;
}

/** `1. create Widget web with spec {"replicas":0}`, `2. change the spec to {…}`, `3. delete it`. */
export function describeSequence(sequence: GeneratedSequence, ref: ObjectRef): string[] {
  const lines = sequence.specs.map((spec, i) =>
    i === 0
      ? `1. create ${ref.kind} ${ref.name} with spec ${JSON.stringify(spec)}`
      : `${i + 1}. change the spec to ${JSON.stringify(spec)}`,
  );
  if (sequence.deleted) lines.push(`${lines.length + 1}. delete it`);
  return lines;
}
