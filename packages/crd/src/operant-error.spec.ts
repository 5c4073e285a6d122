import { describe, expect, it } from '@jest/globals';
import { CrdError } from './errors.js';
import { isOperantError, OperantError } from './operant-error.js';

/** A second instance of a module (its own classes), as a duplicate install of the package loads. */
const secondCopy = (specifier: string): Promise<unknown> => import(`${specifier}?copy=2`);

describe('OperantError', () => {
  it('should carry a reason, a name and the message as given', () => {
    const err = new OperantError('Invalid', 'unable to build the CRD of Widget: no versions');
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('OperantError');
    expect(err.reason).toBe('Invalid');
    expect(err.message).toBe('unable to build the CRD of Widget: no versions');
    expect(isOperantError(err)).toBe(true);
    expect(isOperantError(err, 'Invalid')).toBe(true);
    expect(isOperantError(err, 'NotFound')).toBe(false);
  });

  it('should not recognise plain errors, lookalikes without the brand, or non-objects', () => {
    expect(isOperantError(new Error('unable to x'))).toBe(false);
    expect(isOperantError({ reason: 'Invalid', message: 'x' })).toBe(false);
    expect(isOperantError(undefined)).toBe(false);
    expect(isOperantError('Invalid')).toBe(false);
  });

  it('should recognise an error built by a second copy of the module, where instanceof fails', async () => {
    const copy = (await secondCopy('./operant-error.js')) as typeof import('./operant-error.js');
    expect(copy.OperantError).not.toBe(OperantError);
    const foreign = new copy.OperantError('NotFound', 'unable to get Widget default/w: not found');
    expect(foreign instanceof OperantError).toBe(false);
    expect(isOperantError(foreign, 'NotFound')).toBe(true);
    expect(copy.isOperantError(new CrdError('cycle', 'x'), 'Invalid')).toBe(true);
  });

  it('should make CrdError an OperantError that keeps its kind, and its is() brand-based', async () => {
    const err = new CrdError('cycle', 'Widget.spec refers to Widget');
    expect(isOperantError(err, 'Invalid')).toBe(true);
    expect(err.kind).toBe('cycle');
    expect(err.name).toBe('CrdError');
    const copy = (await secondCopy('./errors.js')) as typeof import('./errors.js');
    const foreign = new copy.CrdError('cycle', 'Widget.spec refers to Widget');
    expect(foreign instanceof CrdError).toBe(false);
    expect(CrdError.is(foreign, 'cycle')).toBe(true);
    expect(CrdError.is(foreign, 'structural')).toBe(false);
    expect(CrdError.is(new OperantError('Invalid', 'x'))).toBe(false);
  });
});
