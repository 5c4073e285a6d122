import { describe, expect, it } from '@jest/globals';
import { Expose, Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsEmpty,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Min,
  ValidateNested,
  ValidatePromise,
} from 'class-validator';
import { ArrayOf, Field, MapOf, PreserveUnknownFields } from '../decorators/shape.decorator.js';
import { CrdError, type CrdErrorKind } from '../errors.js';
import type { AnyClass } from '../metadata/types.js';
import { SchemaBuilder } from './object-schema.js';

const schemaOf = (type: AnyClass) => new SchemaBuilder().objectSchema(type, type.name);

function failure(type: AnyClass): CrdError {
  try {
    schemaOf(type);
  } catch (err) {
    if (CrdError.is(err)) return err;
    throw err;
  }
  throw new Error(`expected ${type.name} to be rejected`);
}

class Leaf {
  @IsInt() n!: number;
}

class NoElementType {
  @IsArray() items!: Leaf[];
}
class RecordWithoutMapOf {
  @IsObject() labels!: Record<string, string>;
}
class MinOnString {
  @IsString() @Min(1) name!: string;
}
class UniqueBySelector {
  @ArrayOf(() => Leaf) @ValidateNested() @ArrayUnique((l: Leaf) => l.n) leaves!: Leaf[];
}
class PromiseField {
  @ValidatePromise() @IsInt() later!: Promise<number>;
}
class EmptyField {
  @IsEmpty() nothing!: string;
}
class NotNested {
  @Field() @Type(() => Leaf) leaf!: Leaf;
  @IsInt() other!: number;
}
class Lookahead {
  @IsString() @Matches(/^(?=a)b$/) name!: string;
}
class Renamed {
  @Expose({ name: 'json_name' }) @IsString() jsName!: string;
}
class MapOfClassOnRecord {
  @MapOf(() => Leaf) @ValidateNested() byName!: Record<string, Leaf>;
}
class TreeNode {
  @IsString() name!: string;
  @IsOptional() @ValidateNested() @ArrayOf(() => TreeNode) children?: TreeNode[];
}
class NoMetadata {
  @Field() value: unknown;
}

const cases: [string, AnyClass, CrdErrorKind, string][] = [
  [
    'an array without @ArrayOf',
    NoElementType,
    'unknownType',
    'NoElementType.items: the element type of the array is unknown; add @ArrayOf(() => T)',
  ],
  [
    'a bare @IsObject',
    RecordWithoutMapOf,
    'unknownType',
    'RecordWithoutMapOf.labels: @IsObject alone gives an object the API server prunes',
  ],
  ['@Min on a string', MinOnString, 'incompatibleConstraint', 'MinOnString.name: @Min needs a number, found "string"'],
  [
    '@ArrayUnique with a selector',
    UniqueBySelector,
    'unsupportedDecorator',
    'UniqueBySelector.leaves: @ArrayUnique on objects has no schema form',
  ],
  ['@ValidatePromise', PromiseField, 'unsupportedDecorator', 'PromiseField.later: @ValidatePromise has no schema form'],
  ['@IsEmpty', EmptyField, 'unsupportedDecorator', 'EmptyField.nothing: @IsEmpty cannot be expressed'],
  [
    'a nested class without @ValidateNested',
    NotNested,
    'unsupportedDecorator',
    'NotNested.leaf: a nested class needs @ValidateNested()',
  ],
  ['a lookahead pattern', Lookahead, 'structural', ''],
  [
    'an @Expose rename',
    Renamed,
    'unsupportedDecorator',
    'Renamed.jsName: @Expose({ name: "json_name" }) renames are not supported',
  ],
  [
    '@MapOf a class on a Record',
    MapOfClassOnRecord,
    'unknownType',
    'MapOfClassOnRecord.byName: @MapOf of a class needs a Map<string, T> property',
  ],
  ['a recursive class', TreeNode, 'cycle', 'TreeNode.children[]: TreeNode -> TreeNode is recursive'],
  [
    'an unknown design type',
    NoMetadata,
    'unknownType',
    'NoMetadata.value: the type is Object (a union, Record, interface or any)',
  ],
];

describe('impossible declarations', () => {
  it.each(cases.filter(([, , kind]) => kind !== 'structural'))(
    '%s is a %s error naming class, property and decorator',
    (_, type, kind, message) => {
      const error = failure(type);
      expect(error.kind).toBe(kind);
      expect(error.message).toContain(message);
    },
  );
});

describe('schema shapes', () => {
  it('gives integer whatever the order of @Min and @IsInt', () => {
    class A {
      @Min(0) @IsInt() a!: number;
      @IsInt() @Min(0) b!: number;
    }
    const s = schemaOf(A);
    expect(s.properties?.a).toEqual({ type: 'integer', format: 'int32', minimum: 0 });
    expect(s.properties?.b).toEqual({ type: 'integer', format: 'int32', minimum: 0 });
  });

  it('keeps same-named classes from different scopes apart (keyed by constructor)', () => {
    const make = (flag: boolean) => {
      class Item {
        @IsString() name!: string;
      }
      if (flag) IsInt()(Item.prototype, 'extra');
      return Item;
    };
    const [First, Second] = [make(false), make(true)];
    class Holder {
      @ValidateNested() @Type(() => First) first!: InstanceType<typeof First>;
      @ValidateNested() @Type(() => Second) second!: InstanceType<typeof Second>;
    }
    const s = schemaOf(Holder);
    expect(Object.keys(s.properties?.first?.properties ?? {})).toEqual(['name']);
    expect(Object.keys(s.properties?.second?.properties ?? {})).toEqual(['extra', 'name']);
  });

  it('lets @PreserveUnknownFields cut a cycle', () => {
    class Tree {
      @IsString() name!: string;
      @IsOptional() @PreserveUnknownFields() children?: Tree[];
    }
    expect(schemaOf(Tree).properties?.children).toEqual({
      type: 'object',
      'x-kubernetes-preserve-unknown-fields': true,
    });
  });

  it('translates JavaScript regex flags and \\u escapes for RE2', () => {
    class P {
      @IsString() @Matches(/^caf\u00e9$/i) name!: string;
    }
    expect(schemaOf(P).properties?.name?.pattern).toBe('(?i)^caf\\x{00e9}$');
  });

  it('inlines arrays of classes, each-validators on items, and maps of scalars', () => {
    class Port {
      @IsInt() port!: number;
    }
    class S {
      @ValidateNested() @ArrayOf(() => Port) ports!: Port[];
      @IsString({ each: true }) @Matches(/^[a-z]+$/, { each: true }) names!: string[];
      @IsOptional() @MapOf(() => String) labels?: Record<string, string>;
    }
    const s = schemaOf(S);
    expect(s.properties?.ports).toEqual({
      type: 'array',
      items: { type: 'object', properties: { port: { type: 'integer', format: 'int32' } }, required: ['port'] },
    });
    expect(s.properties?.names).toEqual({ type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } });
    expect(s.properties?.labels).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
    expect(s.required).toEqual(['names', 'ports']);
  });
});
