import { describe, expect, it } from '@jest/globals';
import { ClientError, ignoreNotFound, isConflict, isNotFound, kindOfStatus, statusError } from './status-error.js';

describe('ClientError', () => {
  it('should take its kind from the Status reason before the HTTP code', () => {
    expect(kindOfStatus(409, { reason: 'AlreadyExists' })).toBe('alreadyExists');
    expect(kindOfStatus(409, {})).toBe('conflict');
    expect(kindOfStatus(410, { reason: 'Expired' })).toBe('gone');
    expect(kindOfStatus(503)).toBe('serverError');
  });

  it('should name the object and keep the causes of an invalid error', () => {
    const err = statusError('unable to create ConfigMap default/x', 422, {
      kind: 'Status',
      reason: 'Invalid',
      message: 'ConfigMap "x" is invalid',
      details: { causes: [{ field: 'metadata.name', reason: 'FieldValueInvalid' }] },
    });
    expect(err.message).toBe('unable to create ConfigMap default/x: ConfigMap "x" is invalid');
    expect(err.kind).toBe('invalid');
    expect(err.causes.map((c) => c.field)).toEqual(['metadata.name']);
  });

  it('should be recognised by brand, and helpers should test kinds', () => {
    const err = new ClientError('notFound', 'unable to get ConfigMap default/x: not found');
    expect(ClientError.is(err)).toBe(true);
    expect(ClientError.is(new Error('x'))).toBe(false);
    expect(isNotFound(err)).toBe(true);
    expect(isConflict(err)).toBe(false);
    expect(ignoreNotFound(err)).toBeUndefined();
    expect(() => ignoreNotFound(new ClientError('conflict', 'c'))).toThrow('c');
  });
});
