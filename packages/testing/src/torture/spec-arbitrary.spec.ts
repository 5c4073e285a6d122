import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { ArrayOf, CustomObject, CustomResource, Immutable, ListMapKey, ListType } from '@operant/crd';
import { buildCrd, validate } from '@operant/crd/schema';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsBoolean,
  IsDivisibleBy,
  IsIn,
  IsInt,
  IsIP,
  IsNotIn,
  IsNumber,
  IsOptional,
  IsPositive,
  IsRFC3339,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import fc from 'fast-check';
import { type SchemaNode, schemaArbitrary, transitionRulePaths } from './spec-arbitrary.js';

class Port {
  @IsString() @Matches(/^[a-z][a-z0-9-]{0,14}$/) name!: string;
  @IsInt() @Min(1) @Max(65535) port!: number;
}

class Backup {
  @IsBoolean() enabled!: boolean;
  @IsOptional() @IsRFC3339() since?: string;
  @IsOptional() @IsString() @Immutable('bucket is immutable') bucket?: string;
}

class SampleSpec {
  @IsOptional() @IsInt() @Min(0) @Max(5) replicas?: number;
  @IsOptional() @IsNumber() @IsPositive() @Max(1) ratio?: number;
  @IsOptional() @IsInt() @IsDivisibleBy(5) @Min(0) @Max(100) step?: number;
  @IsIn(['red', 'green']) color!: string;
  @IsOptional() @IsString() @Length(2, 6) label?: string;
  @IsOptional() @IsString() @IsNotIn(['forbidden']) word?: string;
  @IsOptional()
  @IsString({ each: true })
  @ArrayOf(() => String)
  @ArrayUnique()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  tags?: string[];
  @IsOptional() @IsIP('4') address?: string;
  @IsOptional() @IsUUID('4') id?: string;
  @IsOptional()
  @ValidateNested()
  @ArrayOf(() => Port)
  @ListType('map')
  @ListMapKey('name')
  @Type(() => Port)
  ports?: Port[];
  @IsOptional() @ValidateNested() @Type(() => Backup) backup?: Backup;
}

@CustomResource({ group: 'generated.operant.test', version: 'v1', kind: 'Sample', scope: 'Namespaced' })
class Sample extends CustomObject<SampleSpec> {
  @ValidateNested() @Type(() => SampleSpec) override spec!: SampleSpec;
}

const specSchema = buildCrd(Sample).spec.versions[0]?.schema?.openAPIV3Schema?.properties?.spec as SchemaNode;

describe('schemaArbitrary', () => {
  const specs = fc.sample(schemaArbitrary(specSchema), { seed: 7, numRuns: 150 }) as Record<string, unknown>[];

  it('generates only specs the schema and the class accept', async () => {
    const refused = {
      color: 'blue',
      replicas: 6,
      ports: [
        { name: 'a', port: 1 },
        { name: 'a', port: 2 },
      ],
    };
    const issues = await validate({ apiVersion: 'generated.operant.test/v1', kind: 'Sample', spec: refused }, Sample);
    expect(issues.length).toBeGreaterThanOrEqual(3);
    for (const spec of specs) {
      const issues = await validate({ apiVersion: 'generated.operant.test/v1', kind: 'Sample', spec }, Sample);
      expect({ spec, issues }).toEqual({ spec, issues: [] });
    }
  });

  it('reaches the bounds, leaves optional fields out and always sets the required ones', () => {
    expect(specs.some((s) => s.replicas === 0)).toBe(true);
    expect(specs.some((s) => s.replicas === 5)).toBe(true);
    expect(specs.some((s) => !('replicas' in s))).toBe(true);
    expect(specs.every((s) => s.color === 'red' || s.color === 'green')).toBe(true);
    expect(specs.some((s) => Array.isArray(s.ports) && s.ports.length > 1)).toBe(true);
  });

  it('is deterministic for a seed', () => {
    expect(fc.sample(schemaArbitrary(specSchema), { seed: 7, numRuns: 150 })).toEqual(specs);
  });
});

describe('transitionRulePaths', () => {
  it('finds the fields a transition rule holds', () => {
    expect(transitionRulePaths(specSchema)).toEqual([['backup', 'bucket']]);
  });
});
