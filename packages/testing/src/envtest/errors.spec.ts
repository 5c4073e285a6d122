import { describe, expect, it } from '@jest/globals';
import { isOperantError } from '@operant/core';
import { PatchApplyError } from '../fake/json.js';
import { EnvtestError } from './errors.js';

/** A second instance of a module (its own classes), as a duplicate install of the package loads. */
const secondCopy = (specifier: string): Promise<unknown> => import(`${specifier}?copy=2`);

describe("@operant/testing's errors", () => {
  it('should be OperantErrors whose reason follows the kind, the name and message unchanged', () => {
    const missing = new EnvtestError('binariesMissing', 'unable to find kube-apiserver in /tmp/x');
    expect([missing.name, missing.kind, missing.reason]).toEqual(['EnvtestError', 'binariesMissing', 'NotFound']);
    expect(missing.message).toBe('unable to find kube-apiserver in /tmp/x');
    expect(isOperantError(new EnvtestError('startTimeout', 'x'), 'Timeout')).toBe(true);
    expect(isOperantError(new PatchApplyError('invalid JSON pointer "x"'), 'Invalid')).toBe(true);
  });

  it('should recognise an EnvtestError of a second copy of the package by brand', async () => {
    const copy = (await secondCopy('./errors.js')) as typeof import('./errors.js');
    const foreign = new copy.EnvtestError('binariesMissing', 'unable to find etcd');
    expect(foreign instanceof EnvtestError).toBe(false);
    expect(EnvtestError.is(foreign, 'binariesMissing')).toBe(true);
    expect(EnvtestError.is(foreign, 'stopped')).toBe(false);
  });
});
