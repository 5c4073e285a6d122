import { describe, expect, it } from '@jest/globals';
import { isOperantError } from '@operant/core';
import { CliError } from './errors.js';

/** A second instance of a module (its own classes), as a duplicate install of the package loads. */
const secondCopy = (specifier: string): Promise<unknown> => import(`${specifier}?copy=2`);

describe('CliError', () => {
  it('should be an OperantError whose reason follows the kind, the name and message unchanged', () => {
    const err = new CliError('noProject', 'unable to find a PROJECT file in /tmp/x');
    expect([err.name, err.kind, err.reason, err.message]).toEqual([
      'CliError',
      'noProject',
      'NotFound',
      'unable to find a PROJECT file in /tmp/x',
    ]);
    expect(isOperantError(new CliError('config', 'x'), 'Config')).toBe(true);
  });

  it('should recognise a CliError of a second copy of the package by brand', async () => {
    const copy = (await secondCopy('./errors.js')) as typeof import('./errors.js');
    const foreign = new copy.CliError('drift', 'config/rbac/role.yaml is out of date');
    expect(foreign instanceof CliError).toBe(false);
    expect(CliError.is(foreign, 'drift')).toBe(true);
    expect(isOperantError(foreign, 'Conflict')).toBe(true);
  });
});
