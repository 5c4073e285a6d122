import { describe, expect, it } from '@jest/globals';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { Format } from '../decorators/keyword.decorator.js';
import { ArrayOf, IntOrString, RawSchema } from '../decorators/shape.decorator.js';
import { type IntFormat, SchemaBuilder } from './object-schema.js';

class Counts {
  @IsInt() replicas!: number;
  @IsInt() @Min(0) @Format('int64') observedGeneration!: number;
  @IsOptional() @IsIn([1, 2]) level?: number;
  @ArrayOf(() => Number) @IsInt({ each: true }) ports!: number[];
  @IsNumber() ratio!: number;
  @IntOrString() maxSurge!: number | string;
  @RawSchema({ type: 'integer' }) raw!: number;
  @IsInt() @Min(-5) @Max(5) bounded!: number;
}

const properties = (intFormat?: IntFormat) =>
  new SchemaBuilder(intFormat === undefined ? {} : { intFormat }).objectSchema(Counts, 'Counts').properties!;

describe('integer formats', () => {
  it('default to int32 (Go int32) and keep @Format("int64"); no bounds are added', () => {
    const p = properties();
    expect(p.replicas).toEqual({ type: 'integer', format: 'int32' });
    expect(p.observedGeneration).toEqual({ type: 'integer', format: 'int64', minimum: 0 });
    expect(p.level).toEqual({ type: 'integer', format: 'int32', enum: [1, 2] });
    expect(p.ports).toEqual({ type: 'array', items: { type: 'integer', format: 'int32' } });
    expect(p.bounded).toEqual({ type: 'integer', format: 'int32', minimum: -5, maximum: 5 });
  });

  it('leave floats, int-or-string and raw schemas alone', () => {
    const p = properties();
    expect(p.ratio?.format).toBeUndefined();
    expect(p.maxSurge?.format).toBeUndefined();
    expect(p.raw).toEqual({ type: 'integer' });
  });

  it('follow the intFormat option: int64 for every integer, none for no format (Go int)', () => {
    expect(properties('int64').replicas).toEqual({ type: 'integer', format: 'int64' });
    expect(properties('none').replicas).toEqual({ type: 'integer' });
    expect(properties('none').observedGeneration?.format).toBe('int64');
  });
});
