import { describe, expect, it } from '@jest/globals';
import { formEncode } from './form-encode.js';

const bySearchParams = (value: string) => new URLSearchParams({ v: value }).toString().slice('v='.length);

describe('formEncode', () => {
  it('encodes every ASCII character as URLSearchParams does', () => {
    for (let code = 0; code < 128; code++) {
      const value = `a${String.fromCharCode(code)}b`;
      expect(formEncode(value)).toBe(bySearchParams(value));
    }
  });

  it('encodes selectors, spaces and non-ASCII text as URLSearchParams does', () => {
    for (const value of [
      'app in (a,b),tier!=db',
      'metadata.name=x,status.phase!=Running',
      'a b+c&d=e#f?g/h',
      "it's (100%) ~done!",
      'naïve 日本 🚀',
      '',
      'true',
      '1234567',
      'lone \uD800 surrogate',
    ]) {
      expect(formEncode(value)).toBe(bySearchParams(value));
    }
  });
});
