/**
 * One-of groups → CEL rules, as controller-gen v0.23 writes them: the rule
 * `[has(self.a),has(self.b)].filter(x,x==true).size() <op> 1` and the message
 * `exactly one of the fields in [a b] must be set` (Go's `%v` of the names), placed after
 * the class's `@XValidation` rules, at-most groups first, then exactly, then at-least.
 * A name that is not a property of the class is an error naming class, member and decorator.
 * @module
 */

import type { JSONSchemaProps, ValidationRule } from '../apiextensions/types.js';
import { CrdError } from '../errors.js';
import type { AnyClass, OneOfDecorator, OneOfMetadata } from '../metadata/types.js';

const forms: Record<OneOfDecorator, { op: string; message: string }> = {
  '@AtMostOneOf': { op: '<= 1', message: 'at most one of the fields in %v may be set' },
  '@ExactlyOneOf': { op: '== 1', message: 'exactly one of the fields in %v must be set' },
  '@AtLeastOneOf': { op: '>= 1', message: 'at least one of the fields in %v must be set' },
};
const order: readonly OneOfDecorator[] = ['@AtMostOneOf', '@ExactlyOneOf', '@AtLeastOneOf'];

/** controller-gen's rule and message for one group. */
export function oneOfRule(group: OneOfMetadata): ValidationRule {
  const form = forms[group.decorator];
  const has = group.fields.map((f) => `has(self.${f})`).join(',');
  return {
    rule: `[${has}].filter(x,x==true).size() ${form.op}`,
    message: form.message.replace('%v', `[${group.fields.join(' ')}]`),
  };
}

/** Appends the groups' rules to the class's object schema (after its own rules). */
export function applyOneOf(
  schema: JSONSchemaProps,
  groups: readonly OneOfMetadata[],
  type: AnyClass,
  warn: (where: string, message: string) => void,
): void {
  const rules: ValidationRule[] = [];
  for (const decorator of order) {
    for (const group of groups.filter((g) => g.decorator === decorator)) {
      for (const field of group.fields) {
        if (schema.properties?.[field] === undefined) {
          throw new CrdError(
            'invalidDecorator',
            `${decorator} on ${type.name}: ${type.name}.${field} is not a property of the schema (properties: ${Object.keys(schema.properties ?? {}).join(', ') || 'none'})`,
          );
        }
      }
      const required = group.fields.filter((f) => schema.required?.includes(f));
      if (required.length > 0 && decorator !== '@AtLeastOneOf') {
        warn(
          type.name,
          `${decorator}(${group.fields.join(', ')}): ${required.join(', ')} ${required.length === 1 ? 'is' : 'are'} required, so the group is always set; mark the fields @IsOptional()`,
        );
      }
      rules.push(oneOfRule(group));
    }
  }
  if (rules.length > 0) schema['x-kubernetes-validations'] = [...(schema['x-kubernetes-validations'] ?? []), ...rules];
}
