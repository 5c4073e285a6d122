/**
 * Decorators that declare a property's shape where `design:type` cannot:
 * `@Field()` (a property with no class-validator decorator, typed by `design:type`),
 * `@ArrayOf(() => T)`, `@MapOf(() => T)`, `@IntOrString()`, `@Quantity()`,
 * `@PreserveUnknownFields()`, `@EmbeddedResource()`, `@RawSchema(schema)` and
 * `@KubernetesType('core/v1.PodTemplateSpec')`.
 *
 * `@ArrayOf` and `@MapOf` of a class also apply class-transformer's `@Type`, so
 * `toInstance()` builds instances of the element class for class-validator to check.
 * @module
 */
import { Type } from 'class-transformer';
import { Allow } from 'class-validator';
import type { JSONSchemaProps } from '../apiextensions/types.js';
import type { KubernetesTypeExpression } from '../k8s/expression.js';
import { addTypeFragment } from '../metadata/storage.js';
import type { AnyClass, TypeThunk } from '../metadata/types.js';
import { invalid, recordShape, type SchemaDecorator } from './internal.js';

const scalarTypes: readonly unknown[] = [String, Number, Boolean];

/** class-transformer's type function: classes only, so scalars are never coerced (`5` stays `5`). */
const transformerType = (type: TypeThunk) => () => {
  const resolved = type();
  // An undefined type makes class-transformer copy the value as it is.
  return (scalarTypes.includes(resolved) ? undefined : resolved) as AnyClass;
};

function assertThunk(decorator: string, target: object, property: string | symbol, type: unknown): void {
  if (typeof type !== 'function' || (type as AnyClass).prototype !== undefined) {
    throw invalid(decorator, target, property, 'expected a thunk such as () => Port (an arrow function)');
  }
}

/** A property with no class-validator decorator; also marks it `@Allow()` for whitelisting. */
export function Field(): PropertyDecorator {
  return (target, property) => {
    recordShape(target, property, { decorator: '@Field' });
    Allow()(target, property as string);
  };
}

/** An array whose items are `type()`: `String`, `Number`, `Boolean`, `Date` or a class. */
export function ArrayOf(type: TypeThunk): PropertyDecorator {
  return (target, property) => {
    assertThunk('@ArrayOf', target, property, type);
    recordShape(target, property, { decorator: '@ArrayOf', type });
    Type(transformerType(type))(target, property as string);
  };
}

/**
 * A map from string keys to `type()`. Declare the property as `Map<string, T>` when its
 * values carry class-validator `{ each: true }` checks or are classes: class-validator
 * iterates `Map`s, not plain objects. `Record<string, T>` suits scalar values.
 */
export function MapOf(type: TypeThunk): PropertyDecorator {
  return (target, property) => {
    assertThunk('@MapOf', target, property, type);
    recordShape(target, property, { decorator: '@MapOf', type });
    if (Reflect.getMetadata('design:type', target, property) === Map) {
      Type(transformerType(type))(target, property as string);
    }
  };
}

/** `x-kubernetes-int-or-string`: a number or a string (`intstr.IntOrString`). */
export function IntOrString(): PropertyDecorator {
  return (target, property) => recordShape(target, property, { decorator: '@IntOrString' });
}

/** A Kubernetes quantity (`"500m"`, `"1Gi"`, `2`): int-or-string with the quantity pattern. */
export function Quantity(): PropertyDecorator {
  return (target, property) => recordShape(target, property, { decorator: '@Quantity' });
}

/**
 * `x-kubernetes-preserve-unknown-fields: true`. On a property: an object the API server
 * keeps as sent (also the way to cut a recursive type). On a class: its object node keeps
 * unknown fields beside the declared ones.
 */
export function PreserveUnknownFields(): SchemaDecorator {
  return (target: object, property?: string | symbol) => {
    if (property !== undefined) {
      recordShape(target, property, { decorator: '@PreserveUnknownFields' });
      return;
    }
    addTypeFragment(target as AnyClass, {
      decorator: '@PreserveUnknownFields',
      each: false,
      requires: 'object',
      schema: { 'x-kubernetes-preserve-unknown-fields': true },
    });
  };
}

/** A whole Kubernetes object (`apiVersion`, `kind`, `metadata`) kept as sent: `runtime.RawExtension`. */
export function EmbeddedResource(): PropertyDecorator {
  return (target, property) => recordShape(target, property, { decorator: '@EmbeddedResource' });
}

/** Replaces the generated schema of the property; still checked by the structural checker. */
export function RawSchema(schema: JSONSchemaProps): PropertyDecorator {
  return (target, property) => {
    if (typeof schema !== 'object' || schema === null) {
      throw invalid('@RawSchema', target, property, 'expected a schema object');
    }
    recordShape(target, property, { decorator: '@RawSchema', schema: structuredClone(schema) });
  };
}

/**
 * A field of a Kubernetes API type, named as the Go field declares it:
 * `@KubernetesType('core/v1.PodTemplateSpec')`, `@KubernetesType('[]core/v1.Container')`,
 * `@KubernetesType('map[string]resource.Quantity')`. crd-gen writes the schema
 * controller-gen writes for that Go field (generated from the k8s.io/api sources of the
 * envtest version), and `validate()` checks it. Type the property with client-node's
 * interface (`V1PodTemplateSpec`) or the `Wire<…>` of it. The decorator records the name;
 * only the schema builder reads the schemas, so a manager that reconciles never loads them.
 */
export function KubernetesType(type: KubernetesTypeExpression): PropertyDecorator {
  return (target, property) => {
    if (typeof type !== 'string' || (type as string) === '') {
      throw invalid('@KubernetesType', target, property, "expected a type name such as 'core/v1.PodTemplateSpec'");
    }
    recordShape(target, property, { decorator: '@KubernetesType', type });
    Allow()(target, property as string);
  };
}
