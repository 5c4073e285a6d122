/**
 * The one error class of `@operant/crd`. Every message names the class, the property path
 * and the decorator involved, so a bad declaration is found without a debugger.
 * @module
 */
import { OperantError } from './operant-error.js';

const brand: unique symbol = Symbol.for('@operant/crd/CrdError');

export type CrdErrorKind =
  /** A decorator was given arguments it cannot accept. */
  | 'invalidDecorator'
  /** A class-validator or class-transformer declaration has no structural-schema equivalent. */
  | 'unsupportedDecorator'
  /** The type of a property cannot be known (`Object`, `Array` or `Map` without a thunk, no metadata). */
  | 'unknownType'
  /** A class refers to itself, directly or through others: CRD schemas cannot recurse. */
  | 'cycle'
  /** A constraint does not fit the property's type (`@Min` on a string). */
  | 'incompatibleConstraint'
  /** A `pattern` that Go's RE2 cannot compile. */
  | 'invalidPattern'
  /** A schema that breaks the API server's structural rules. */
  | 'structural'
  /** CRD-level problems: names, versions, columns, subresources. */
  | 'invalidCrd';

export class CrdError extends OperantError {
  readonly [brand] = true;
  constructor(
    readonly kind: CrdErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super('Invalid', message, options);
    this.name = 'CrdError';
  }

  static is(value: unknown, kind?: CrdErrorKind): value is CrdError {
    return OperantError.branded(value, brand, kind);
  }
}
