/**
 * Errors of decorator arguments, thrown where the decorator is applied; each names the
 * class, the member and the decorator.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';

export class DecoratorError extends OperantError {
  constructor(message: string) {
    super('Invalid', message);
    this.name = 'DecoratorError';
  }
}

/** `Widget.reconcile` or `Widget` — how messages name a place. */
export function place(target: object, member?: string | symbol): string {
  const cls = (typeof target === 'function' ? target : target.constructor) as { name: string };
  return member === undefined ? cls.name : `${cls.name}.${String(member)}`;
}
