/**
 * What the schema builder reads from class-validator, through its public
 * `getMetadataStorage()` only: the validation metadata of a class (inherited included),
 * grouped by property.
 * @module
 */
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { AnyClass } from '../metadata/types.js';

export type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

/** Every validation declared on `type` and its ancestors, by property name. */
export function validationsByProperty(type: AnyClass): Map<string, ValidationMetadata[]> {
  const storage = getMetadataStorage();
  const grouped = new Map<string, ValidationMetadata[]>();
  for (const meta of storage.getTargetValidationMetadatas(type, '', true, false)) {
    const list = grouped.get(meta.propertyName) ?? [];
    list.push(meta);
    grouped.set(meta.propertyName, list);
  }
  return grouped;
}

export const isOptionalMeta = (m: ValidationMetadata) =>
  m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name === 'isOptional';
export const isValidateIfMeta = (m: ValidationMetadata) =>
  m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name !== 'isOptional';
export const isNestedMeta = (m: ValidationMetadata) => m.type === ValidationTypes.NESTED_VALIDATION;
export const isDefinedMeta = (m: ValidationMetadata) => m.type === ValidationTypes.IS_DEFINED;
export const isWhitelistMeta = (m: ValidationMetadata) => m.type === ValidationTypes.WHITELIST;
export const isPromiseMeta = (m: ValidationMetadata) => m.type === ValidationTypes.PROMISE_VALIDATION;
export const isCustomMeta = (m: ValidationMetadata) => m.type === ValidationTypes.CUSTOM_VALIDATION;
