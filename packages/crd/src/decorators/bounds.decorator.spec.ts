import { describe, expect, it } from '@jest/globals';
import { IsInt } from 'class-validator';
import { SchemaBuilder } from '../schema/object-schema.js';
import { validate } from '../validate/validate.js';
import { ExclusiveMin, MultipleOf } from './bounds.decorator.js';

class Ratio {
  @IsInt() @ExclusiveMin(0) @MultipleOf(5) value!: number;
}

describe('bounds decorators', () => {
  it('record schema keywords and a class-validator constraint', async () => {
    expect(new SchemaBuilder().objectSchema(Ratio, 'Ratio').properties?.value).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 0,
      exclusiveMinimum: true,
      multipleOf: 5,
    });
    expect((await validate({ value: 0 }, Ratio)).map((i) => i.constraint)).toEqual(['operant.exclusiveMin']);
    expect((await validate({ value: 7 }, Ratio)).map((i) => i.constraint)).toEqual(['operant.multipleOf']);
    expect(await validate({ value: 10 }, Ratio)).toEqual([]);
  });

  it('reject bad arguments naming class, property and decorator', () => {
    expect(() => ExclusiveMin(Number.NaN)(Ratio.prototype, 'value')).toThrow(
      '@ExclusiveMin on Ratio.value: expected a finite number, got null',
    );
  });
});
