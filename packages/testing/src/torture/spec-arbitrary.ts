/**
 * Valid values from a structural OpenAPI schema, as fast-check arbitraries: what the
 * generated scenarios send to the API server. Each schema keyword the API server checks
 * bounds what is generated — `enum`; `minimum`/`maximum` (exclusive or not), `multipleOf`
 * and `format: int32` of integers and numbers; `minLength`/`maxLength`, `pattern` and the
 * formats `date-time`, `date`, `uuid`, `ipv4`, `ipv6`, `hostname`, `mac` and `byte` of
 * strings (any other format: plain strings); `not` (`enum`, `pattern`); int-or-string; `minItems`/`maxItems`
 * and unique items (`uniqueItems`, list types `set` and `map`) of arrays; `properties`,
 * `required` and `additionalProperties` of objects. Optional fields are left out as often as
 * set, so the API server's defaults apply too. Sizes are kept small (at most 3 items or
 * entries, 12 characters) unless the schema asks for more. CEL rules
 * (`x-kubernetes-validations`) are not generated for.
 * @module
 */
import fc from 'fast-check';

/** The part of a structural schema (`JSONSchemaProps`) that bounds generated values. */
export interface SchemaNode {
  type?: string;
  format?: string;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: SchemaNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Readonly<Record<string, SchemaNode>>;
  required?: readonly string[];
  additionalProperties?: SchemaNode | boolean;
  minProperties?: number;
  maxProperties?: number;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: readonly string[];
  'x-kubernetes-validations'?: readonly { rule: string }[];
  not?: SchemaNode;
  anyOf?: readonly SchemaNode[];
}

const SMALL = 3;
const SHORT = 12;
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** An arbitrary of the values `schema` accepts. */
export function schemaArbitrary(schema: SchemaNode): fc.Arbitrary<unknown> {
  const { not, anyOf, ...rest } = schema;
  // anyOf alternatives only ever add a format here (@IsIP): the first one is enough
  const values = typedArbitrary(anyOf?.[0] === undefined ? rest : { ...rest, ...anyOf[0] });
  return not === undefined ? values : values.filter((value) => !matches(not, value));
}

/** Whether `value` meets the `enum` or `pattern` of `not` (what `not` holds in a CRD of Operant's). */
function matches(not: SchemaNode, value: unknown): boolean {
  if (not.enum?.some((v) => JSON.stringify(v) === JSON.stringify(value))) return true;
  return not.pattern !== undefined && typeof value === 'string' && new RegExp(not.pattern).test(value);
}

function typedArbitrary(schema: SchemaNode): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema['x-kubernetes-int-or-string'] === true) {
    return schema.pattern === undefined
      ? fc.oneof(
          fc.nat({ max: 100 }),
          fc.nat({ max: 100 }).map((n) => `${n}%`),
        )
      : fc.oneof(fc.nat({ max: 100 }), stringArbitrary(schema));
  }
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'string':
      return stringArbitrary(schema);
    case 'array':
      return arrayArbitrary(schema);
    case 'object':
      return objectArbitrary(schema);
    default:
      // no type: x-kubernetes-preserve-unknown-fields (or an embedded resource) takes anything
      return fc.constant({});
  }
}

function integerArbitrary(schema: SchemaNode): fc.Arbitrary<number> {
  const int32 = schema.format === 'int32';
  let min = schema.minimum ?? (int32 ? INT32.min : Number.MIN_SAFE_INTEGER);
  let max = schema.maximum ?? (int32 ? INT32.max : Number.MAX_SAFE_INTEGER);
  min = schema.exclusiveMinimum === true ? Math.floor(min) + 1 : Math.ceil(min);
  max = schema.exclusiveMaximum === true ? Math.ceil(max) - 1 : Math.floor(max);
  const step = schema.multipleOf;
  if (step === undefined || step <= 0) return fc.integer({ min, max });
  return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((n) => n * step);
}

function numberArbitrary(schema: SchemaNode): fc.Arbitrary<number> {
  if (schema.multipleOf !== undefined) return integerArbitrary(schema);
  return fc.double({
    min: schema.minimum ?? -1e6,
    max: schema.maximum ?? 1e6,
    minExcluded: schema.exclusiveMinimum === true,
    maxExcluded: schema.exclusiveMaximum === true,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function stringArbitrary(schema: SchemaNode): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, SHORT);
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  if (schema.pattern !== undefined) {
    return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' }).filter(fits);
  }
  switch (schema.format) {
    case 'date-time':
      return dateArbitrary().map((d) => `${d.toISOString().slice(0, 19)}Z`);
    case 'date':
      return dateArbitrary().map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
    case 'uuid3':
    case 'uuid4':
    case 'uuid5':
      return fc.uuid({ version: ([3, 4, 5] as const).find((v) => schema.format === `uuid${v}`) ?? 4 });
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'hostname':
      return fc.domain().filter(fits);
    case 'mac':
      return fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 }).map(mac);
    case 'byte':
      return fc.base64String({ maxLength: 16 });
    default:
      return fc.string({
        unit: 'grapheme-ascii',
        minLength,
        maxLength: Math.min(maxLength, Math.max(minLength, SHORT)),
      });
  }
}

const mac = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');

const dateArbitrary = () =>
  fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });

function arrayArbitrary(schema: SchemaNode): fc.Arbitrary<unknown[]> {
  const items = schemaArbitrary(schema.items ?? {});
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? SMALL, Math.max(minLength, SMALL));
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'map') {
    const keys = schema['x-kubernetes-list-map-keys'] ?? [];
    const selector = (item: unknown) => JSON.stringify(keys.map((k) => (item as Record<string, unknown>)[k]));
    return fc.uniqueArray(items, { minLength, maxLength, selector });
  }
  if (listType === 'set' || schema.uniqueItems === true) {
    return fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) });
  }
  return fc.array(items, { minLength, maxLength });
}

function objectArbitrary(schema: SchemaNode): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const extra = schema.additionalProperties;
  if (names.length === 0 && typeof extra === 'object') {
    return fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), schemaArbitrary(extra), {
      minKeys: schema.minProperties ?? 0,
      maxKeys: Math.min(schema.maxProperties ?? SMALL, Math.max(schema.minProperties ?? 0, SMALL)),
    });
  }
  const model = Object.fromEntries(names.map((name) => [name, schemaArbitrary(properties[name] as SchemaNode)]));
  const requiredKeys = (schema.required ?? []).filter((name) => name in model);
  const record = fc.record(model, { requiredKeys });
  const { minProperties, maxProperties } = schema;
  if (minProperties === undefined && maxProperties === undefined) return record;
  return record.filter((obj) => {
    const count = Object.keys(obj).length;
    return count >= (minProperties ?? 0) && count <= (maxProperties ?? Infinity);
  });
}

/**
 * The paths (field names from the schema's root, not inside arrays) of the fields a
 * transition rule (`oldSelf`) holds: once set, a generated change keeps them.
 */
export function transitionRulePaths(schema: SchemaNode, path: readonly string[] = []): string[][] {
  const own = (schema['x-kubernetes-validations'] ?? []).some((v) => v.rule.includes('oldSelf')) ? [[...path]] : [];
  return [
    ...own,
    ...Object.entries(schema.properties ?? {}).flatMap(([name, child]) => transitionRulePaths(child, [...path, name])),
  ];
}
