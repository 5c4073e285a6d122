/**
 * CEL validation rules: `@XValidation({ rule, message, ... })` (repeatable, on a class or a
 * property, `{ each: true }` for items) and `@Immutable()` (kubebuilder's
 * `+kubebuilder:validation:XValidation` and `+k8s:immutable`). The API server compiles
 * and runs them; `validate()` evaluates the ones without `oldSelf` with a CEL library.
 * @module
 */

import type { ValidationRule } from '../apiextensions/types.js';
import type { AnyClass } from '../metadata/types.js';
import { type EachOptions, invalid, type SchemaDecorator, schemaFragment } from './internal.js';

const reasons = new Set(['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate']);

export type XValidationOptions = ValidationRule;

function checkRule(rule: ValidationRule, fail: (message: string) => Error): void {
  if (typeof rule?.rule !== 'string' || rule.rule.trim() === '')
    throw fail('"rule" must be a non-empty CEL expression');
  if (rule.message !== undefined && /[\r\n]/.test(rule.message)) throw fail('"message" must not contain line breaks');
  if (rule.message === undefined && /[\r\n]/.test(rule.rule)) throw fail('a rule with line breaks needs a "message"');
  if (rule.reason !== undefined && !reasons.has(rule.reason)) {
    throw fail(`"reason" must be one of ${[...reasons].join(', ')}`);
  }
  if (rule.optionalOldSelf !== undefined && !/\boldSelf\b/.test(rule.rule)) {
    throw fail('"optionalOldSelf" is only allowed when the rule uses oldSelf');
  }
}

export function XValidation(rule: XValidationOptions, options: EachOptions = {}): SchemaDecorator {
  return (target: object, property?: string | symbol) => {
    checkRule(rule, (message) => invalid('@XValidation', target, property, message));
    schemaFragment(
      '@XValidation',
      'any',
      { 'x-kubernetes-validations': [{ ...rule }] },
      options,
    )(target as AnyClass, property as string);
  };
}

/** A transition rule `self == oldSelf`: the value cannot change once set. */
export function Immutable(message = 'field is immutable'): PropertyDecorator {
  return (target, property) => {
    schemaFragment('@Immutable', 'any', { 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message }] })(
      target,
      property,
    );
  };
}
