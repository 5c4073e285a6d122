import { describe, expect, it } from '@jest/globals';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { AtLeastOneOf, AtMostOneOf, ExactlyOneOf } from '../decorators/one-of.decorator.js';
import { XValidation } from '../decorators/x-validation.decorator.js';
import { CrdError } from '../errors.js';
import { validate } from '../validate/validate.js';
import { SchemaBuilder } from './object-schema.js';

@XValidation({ rule: 'true', message: 'own rule' })
@AtLeastOneOf('a', 'c')
@ExactlyOneOf('a', 'b')
@AtMostOneOf('b', 'c')
class Source {
  @IsOptional() @IsString() a?: string;
  @IsOptional() @IsString() b?: string;
  @IsOptional() @IsInt() c?: number;
}

@ExactlyOneOf('a', 'missing')
class Misspelt {
  @IsOptional() @IsString() a?: string;
}

@ExactlyOneOf('a', 'b')
class RequiredMember {
  @IsString() a!: string;
  @IsOptional() @IsString() b?: string;
}

describe('one-of decorators', () => {
  it("emit controller-gen's rules and messages after the class's own rules", () => {
    const schema = new SchemaBuilder().objectSchema(Source, 'Source');
    expect(schema['x-kubernetes-validations']).toEqual([
      { rule: 'true', message: 'own rule' },
      {
        rule: '[has(self.b),has(self.c)].filter(x,x==true).size() <= 1',
        message: 'at most one of the fields in [b c] may be set',
      },
      {
        rule: '[has(self.a),has(self.b)].filter(x,x==true).size() == 1',
        message: 'exactly one of the fields in [a b] must be set',
      },
      {
        rule: '[has(self.a),has(self.c)].filter(x,x==true).size() >= 1',
        message: 'at least one of the fields in [a c] must be set',
      },
    ]);
  });

  it('refuse a name that is not a property, naming class, member and decorator', () => {
    expect(() => new SchemaBuilder().objectSchema(Misspelt, 'Misspelt')).toThrow(
      new CrdError(
        'invalidDecorator',
        '@ExactlyOneOf on Misspelt: Misspelt.missing is not a property of the schema (properties: a)',
      ),
    );
  });

  it('refuse empty, repeated or non-identifier names when applied', () => {
    expect(() => ExactlyOneOf()(class Empty {})).toThrow(
      '@ExactlyOneOf on Empty: expected one or more distinct property names, got []',
    );
    expect(() => AtMostOneOf('a', 'a')(class Twice {})).toThrow('@AtMostOneOf on Twice');
    expect(() => AtLeastOneOf('a.b')(class Dotted {})).toThrow('@AtLeastOneOf on Dotted');
  });

  it('warn when a member is required (the group is then always set)', () => {
    const builder = new SchemaBuilder();
    builder.objectSchema(RequiredMember, 'RequiredMember');
    expect(builder.warnings).toEqual([
      { where: 'RequiredMember', message: expect.stringContaining('@ExactlyOneOf(a, b): a is required') },
    ]);
  });

  it.each<[string, object, string[]]>([
    ['a alone', { a: 'x' }, []],
    ['b alone', { b: 'x' }, ['at least one of the fields in [a c] must be set']],
    ['a and c', { a: 'x', c: 1 }, []],
    ['a and b', { a: 'x', b: 'y' }, ['exactly one of the fields in [a b] must be set']],
    ['b and c', { b: 'y', c: 1 }, ['at most one of the fields in [b c] may be set']],
    [
      'nothing',
      {},
      ['exactly one of the fields in [a b] must be set', 'at least one of the fields in [a c] must be set'],
    ],
  ])('validate() enforces them: %s', async (_name, value, messages) => {
    const issues = await validate(value, Source);
    expect(issues.map((i) => i.message)).toEqual(messages);
  });
});
