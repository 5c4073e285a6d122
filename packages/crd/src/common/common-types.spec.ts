/**
 * The common types against the schemas controller-gen (v0.23.0) emits for Go operators:
 * `[]metav1.Condition` with `+listType=map` `+listMapKey=type`, and the core/v1 references.
 * Compared field by field with descriptions left out (they are prose, not validation).
 */
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import { buildCrd } from '../crd/build-crds.js';
import { CustomResource } from '../decorators/custom-resource.decorator.js';
import { ArrayOf } from '../decorators/shape.decorator.js';
import { ListMapKey, ListType } from '../decorators/topology.decorator.js';
import { CustomObject } from '../resource.js';
import { schemaOf } from '../validate/schema-of.js';
import { validate } from '../validate/validate.js';
import { Condition } from './condition.js';
import { LocalObjectReference, ObjectReference, TypedLocalObjectReference } from './object-reference.js';

class ReferencesStatus {
  @IsOptional()
  @ValidateNested()
  @ArrayOf(() => Condition)
  @ListType('map')
  @ListMapKey('type')
  conditions?: Condition[];
  @IsOptional() @ValidateNested() @ArrayOf(() => ObjectReference) @ListType('atomic') active?: ObjectReference[];
}

class ReferencesSpec {
  @IsOptional() @ValidateNested() @ArrayOf(() => LocalObjectReference) secrets?: LocalObjectReference[];
  @IsOptional() @ValidateNested() @ArrayOf(() => TypedLocalObjectReference) targets?: TypedLocalObjectReference[];
}

@CustomResource({ group: 'common.operant.test', version: 'v1', kind: 'References', scope: 'Namespaced' })
class References extends CustomObject<ReferencesSpec, ReferencesStatus> {
  @IsOptional() @ValidateNested() @Type(() => ReferencesSpec) override spec?: ReferencesSpec;
  @IsOptional() @ValidateNested() @Type(() => ReferencesStatus) override status?: ReferencesStatus;
}

/** The schema of `type`'s property `field`, without `description`s. */
const propertyOf = (type: new () => object, field: string) =>
  (withoutDescriptions(schemaOf(type)) as JSONSchemaProps).properties?.[field];

/** The schema without `description`s. */
function withoutDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'description')
      .map(([key, value]) => [key, withoutDescriptions(value)]),
  );
}

// controller-gen v0.23.0's output for `Conditions []metav1.Condition` with `+listType=map`
// and `+listMapKey=type` (k8s.io/apimachinery's markers on metav1.Condition).
const controllerGenConditions: JSONSchemaProps = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      lastTransitionTime: { type: 'string', format: 'date-time' },
      message: { type: 'string', maxLength: 32768 },
      observedGeneration: { type: 'integer', format: 'int64', minimum: 0 },
      reason: {
        type: 'string',
        maxLength: 1024,
        minLength: 1,
        pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$',
      },
      status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
      type: {
        type: 'string',
        maxLength: 316,
        pattern:
          '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
      },
    },
    required: ['lastTransitionTime', 'message', 'reason', 'status', 'type'],
  },
  'x-kubernetes-list-map-keys': ['type'],
  'x-kubernetes-list-type': 'map',
};

// controller-gen v0.23.0's output for corev1.ObjectReference, LocalObjectReference and
// TypedLocalObjectReference (all `+structType=atomic`; LocalObjectReference.name `+default=""`).
const controllerGenObjectReference: JSONSchemaProps = {
  type: 'object',
  properties: Object.fromEntries(
    ['apiVersion', 'fieldPath', 'kind', 'name', 'namespace', 'resourceVersion', 'uid'].map((f) => [
      f,
      { type: 'string' },
    ]),
  ),
  'x-kubernetes-map-type': 'atomic',
};
const controllerGenLocalObjectReference: JSONSchemaProps = {
  type: 'object',
  properties: { name: { type: 'string', default: '' } },
  'x-kubernetes-map-type': 'atomic',
};
const controllerGenTypedLocalObjectReference: JSONSchemaProps = {
  type: 'object',
  properties: { apiGroup: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } },
  required: ['kind', 'name'],
  'x-kubernetes-map-type': 'atomic',
};

const condition = (overrides: Partial<Record<keyof Condition, unknown>> = {}) => ({
  type: 'Available',
  status: 'True',
  observedGeneration: 3,
  lastTransitionTime: '2026-12-04T01:02:03Z',
  reason: 'MinimumReplicasAvailable',
  message: '',
  ...overrides,
});

describe('Condition', () => {
  it("is metav1.Condition's schema as controller-gen emits it, field by field", () => {
    const conditions = propertyOf(ReferencesStatus, 'conditions');
    const expectedItems = controllerGenConditions.items as JSONSchemaProps;
    const items = conditions?.items as JSONSchemaProps | undefined;
    for (const field of Object.keys(expectedItems.properties ?? {})) {
      expect([field, items?.properties?.[field]]).toEqual([field, expectedItems.properties?.[field]]);
    }
    expect(conditions).toEqual(controllerGenConditions);
    expect(() => buildCrd(References)).not.toThrow(); // structural, list-map key rules included
  });

  it('validates as the API server: status, reason, type, times, generation', async () => {
    // the fields with an issue (an empty reason breaks both minLength and pattern, as on the API server)
    const check = async (c: object) => [
      ...new Set(
        (await validate({ status: { conditions: [c] } }, References)).map((i) =>
          i.path.replace(/^status\.conditions\[0\]\./, ''),
        ),
      ),
    ];
    expect(await check(condition())).toEqual([]);
    expect(await check(condition({ status: 'Yes' }))).toEqual(['status']);
    expect(await check(condition({ reason: '' }))).toEqual(['reason']);
    expect(await check(condition({ reason: 'Not a reason' }))).toEqual(['reason']);
    expect(await check(condition({ reason: 'R'.repeat(1025) }))).toEqual(['reason']);
    expect(await check(condition({ type: 'example.com/Ready' }))).toEqual([]);
    expect(await check(condition({ type: 'not ok' }))).toEqual(['type']);
    expect(await check(condition({ lastTransitionTime: 'yesterday' }))).toEqual(['lastTransitionTime']);
    expect(await check(condition({ observedGeneration: -1 }))).toEqual(['observedGeneration']);
    expect(await check(condition({ message: 'm'.repeat(32769) }))).toEqual(['message']);
    const { lastTransitionTime: _, ...withoutTime } = condition();
    expect(await check(withoutTime)).toEqual(['lastTransitionTime']);
  });
});

describe('object references', () => {
  it('are the core/v1 types as controller-gen emits them', () => {
    expect(propertyOf(ReferencesStatus, 'active')?.items).toEqual(controllerGenObjectReference);
    expect(propertyOf(ReferencesSpec, 'secrets')?.items).toEqual(controllerGenLocalObjectReference);
    expect(propertyOf(ReferencesSpec, 'targets')?.items).toEqual(controllerGenTypedLocalObjectReference);
  });
});
