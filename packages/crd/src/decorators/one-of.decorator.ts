/**
 * One-of groups on a class: `@ExactlyOneOf(...fields)`, `@AtMostOneOf(...fields)`,
 * `@AtLeastOneOf(...fields)` (controller-gen's `+kubebuilder:validation:ExactlyOneOf`,
 * `AtMostOneOf`, `AtLeastOneOf`). They record the field names only; the schema builder
 * checks that each is a property of the class and emits controller-gen's CEL rule
 * (`[has(self.a),has(self.b)].filter(x,x==true).size() == 1`), which the API server and
 * `validate()` both evaluate.
 * @module
 */
import { addOneOf } from '../metadata/storage.js';
import type { OneOfDecorator } from '../metadata/types.js';
import { invalid } from './internal.js';

function oneOf(decorator: OneOfDecorator, fields: readonly string[]): ClassDecorator {
  return (target) => {
    if (
      fields.length === 0 ||
      fields.some((f) => typeof f !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(f)) ||
      new Set(fields).size !== fields.length
    ) {
      throw invalid(
        decorator,
        target,
        undefined,
        `expected one or more distinct property names, got ${JSON.stringify(fields)}`,
      );
    }
    addOneOf(target, { decorator, fields: [...fields] });
  };
}

/** Exactly one of the properties is set (`… .size() == 1`). */
export function ExactlyOneOf(...fields: string[]): ClassDecorator {
  return oneOf('@ExactlyOneOf', fields);
}

/** At most one of the properties is set (`… .size() <= 1`). */
export function AtMostOneOf(...fields: string[]): ClassDecorator {
  return oneOf('@AtMostOneOf', fields);
}

/** At least one of the properties is set (`… .size() >= 1`). */
export function AtLeastOneOf(...fields: string[]): ClassDecorator {
  return oneOf('@AtLeastOneOf', fields);
}
