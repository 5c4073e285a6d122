/**
 * The converter table: one entry per class-validator decorator name (the `name` of its
 * `ValidationMetadata`), turning its constraints into structural-schema keywords.
 * A converter never sees the rest of the schema; `property-schema.ts` checks that the
 * keywords fit the node's type (`requires`) and merges them.
 *
 * Names missing here are lossy (client-side only, a warning) unless listed as rejected.
 * `docs/crd-generation.md` is the table in prose; keep them in step.
 * @module
 */

import type { JSONSchemaProps, SchemaType } from '../apiextensions/types.js';
import type { TypeRequirement } from '../metadata/types.js';
import type { ValidationMetadata } from './class-validator.js';
import { jsPattern } from './patterns.js';

export interface Converted {
  /** The type the decorator states (`@IsInt()` → integer). */
  type?: SchemaType;
  schema?: JSONSchemaProps;
  requires?: TypeRequirement;
  /** Lossy mapping: the warning says what the API server does not check. */
  warning?: string;
  /** Impossible mapping: the error says why and what to use instead. */
  error?: string;
}

type Converter = (constraints: readonly unknown[], meta: ValidationMetadata) => Converted;

const enumOf = (values: readonly unknown[]): Converted => {
  if (values.every((v) => typeof v === 'string')) return { type: 'string', schema: { enum: [...values] } };
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v))) {
    return { type: 'integer', schema: { enum: [...values] } };
  }
  if (values.every((v) => typeof v === 'number')) return { type: 'number', schema: { enum: [...values] } };
  if (values.every((v) => typeof v === 'boolean')) return { type: 'boolean', schema: { enum: [...values] } };
  return { error: `mixes value types (${JSON.stringify(values)}); a schema node has one type` };
};

const str = (schema: JSONSchemaProps): Converted => ({ requires: 'string', schema });
const num = (schema: JSONSchemaProps): Converted => ({ requires: 'number', schema });
const arr = (schema: JSONSchemaProps): Converted => ({ requires: 'array', schema });
const format = (f: string): Converted => ({ type: 'string', schema: { format: f } });
const escapeRegExp = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
const n = (c: readonly unknown[], i = 0) => c[i] as number;

const uuidFormats: Record<string, string> = { '3': 'uuid3', '4': 'uuid4', '5': 'uuid5', all: 'uuid' };

export const converters: Readonly<Record<string, Converter>> = {
  // types
  isString: () => ({ type: 'string' }),
  isBoolean: () => ({ type: 'boolean' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isArray: () => ({ type: 'array' }),
  isObject: () => ({ type: 'object' }),
  isEnum: (c) => enumOf((c[1] as unknown[] | undefined) ?? Object.values(c[0] as object)),
  isIn: (c) => enumOf(c[0] as unknown[]),
  equals: (c) => enumOf([c[0]]),
  notEquals: (c) => ({ schema: { not: { enum: [c[0]] } } }),
  isNotIn: (c) => ({ schema: { not: { enum: [...(c[0] as unknown[])] } } }),
  // dates
  isDateString: () => ({ ...format('date-time'), warning: 'the API server checks RFC 3339, stricter than ISO 8601' }),
  isIso8601: () => ({ ...format('date-time'), warning: 'the API server checks RFC 3339, stricter than ISO 8601' }),
  isRFC3339: () => format('date-time'),
  isDate: () => format('date-time'),
  // numbers
  min: (c) => num({ minimum: n(c) }),
  max: (c) => num({ maximum: n(c) }),
  isPositive: () => num({ minimum: 0, exclusiveMinimum: true }),
  isNegative: () => num({ maximum: 0, exclusiveMaximum: true }),
  isDivisibleBy: (c) => num({ multipleOf: n(c) }),
  isLatitude: () => num({ minimum: -90, maximum: 90 }),
  isLongitude: () => num({ minimum: -180, maximum: 180 }),
  // strings
  minLength: (c) => str({ minLength: n(c) }),
  maxLength: (c) => str({ maxLength: n(c) }),
  isLength: (c) => str(c[1] === undefined ? { minLength: n(c) } : { minLength: n(c), maxLength: n(c, 1) }),
  matches: (c) => str({ pattern: jsPattern(c[0] as RegExp | string, c[1] as string | undefined) }),
  contains: (c) => str({ pattern: escapeRegExp(String(c[0])) }),
  notContains: (c) => str({ not: { pattern: escapeRegExp(String(c[0])) } }),
  isNotEmpty: () => ({}),
  isEmpty: () => ({ error: 'cannot be expressed for a field the schema types; use @IsOptional() or @MaxLength(0)' }),
  isEmail: () => ({ ...format('email'), warning: 'the API server checks Go net/mail, looser than validator.js' }),
  isUrl: () => ({ ...format('uri'), warning: 'the API server checks format "uri", looser than validator.js isURL' }),
  isUuid: (c) => format(uuidFormats[String(c[0] ?? 'all')] ?? 'uuid'),
  isIp: (c) =>
    String(c[0] ?? '') === '4'
      ? format('ipv4')
      : String(c[0] ?? '') === '6'
        ? format('ipv6')
        : { type: 'string', schema: { anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] } },
  isFqdn: () => format('hostname'),
  isMacAddress: () => format('mac'),
  isMongoId: () => format('bsonobjectid'),
  isBase64: () => format('byte'),
  isCreditCard: () => format('creditcard'),
  isIsbn: (c) => format(c[0] === undefined ? 'isbn' : `isbn${c[0]}`),
  isHexColor: () => ({
    type: 'string',
    schema: { pattern: '^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' },
  }),
  isLowercase: () => ({
    type: 'string',
    schema: { 'x-kubernetes-validations': [{ rule: 'self == self.lowerAscii()', message: 'must be lowercase' }] },
  }),
  isUppercase: () => ({
    type: 'string',
    schema: { 'x-kubernetes-validations': [{ rule: 'self == self.upperAscii()', message: 'must be uppercase' }] },
  }),
  // arrays
  arrayMinSize: (c) => arr({ minItems: n(c) }),
  arrayMaxSize: (c) => arr({ maxItems: n(c) }),
  arrayNotEmpty: () => arr({ minItems: 1 }),
  // arrays of objects are refused in property-schema.ts (a selector is not in the metadata)
  arrayUnique: () => arr({ 'x-kubernetes-list-type': 'set' }),
  arrayNotContains: (c) => arr({ items: { not: { enum: [...(c[0] as unknown[])] } } }),
  // objects
  isNotEmptyObject: () => ({ requires: 'object', schema: { minProperties: 1 } }),
};

/** Decorator names whose class-validator `name` is not the capitalised function name. */
const displayNames: Readonly<Record<string, string>> = {
  isUuid: 'IsUUID',
  isIp: 'IsIP',
  isFqdn: 'IsFQDN',
  isMacAddress: 'IsMACAddress',
  isIso8601: 'IsISO8601',
  isIsbn: 'IsISBN',
  isJson: 'IsJSON',
  isJwt: 'IsJWT',
  isLength: 'Length',
  isUrl: 'IsUrl',
};

/** `@IsInt` for `isInt`, as users wrote it. */
export function decoratorName(name: string | undefined): string {
  if (name === undefined) return '@(custom constraint)';
  return `@${displayNames[name] ?? name.charAt(0).toUpperCase() + name.slice(1)}`;
}
