/**
 * JavaScript regular expressions → Go RE2 patterns, and the RE2 check the API server will
 * make. Flags become inline groups (`i` → `(?i)`), `\uXXXX` becomes `\x{XXXX}`; lookaround
 * and backreferences are rejected by compiling with RE2 itself (re2-wasm).
 * @module
 */
import re2 from 're2-wasm';

const inlineFlags: Readonly<Record<string, string>> = { i: 'i', m: 'm', s: 's' };

/** The RE2 text of `@Matches(pattern, modifiers)`. */
export function jsPattern(pattern: RegExp | string, modifiers?: string): string {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const flags = typeof pattern === 'string' ? (modifiers ?? '') : pattern.flags;
  const inline = [...new Set([...flags].map((f) => inlineFlags[f]).filter((f) => f !== undefined))].sort().join('');
  const translated = source.replace(/\\u\{?([0-9a-fA-F]{4,6})\}?/g, '\\x{$1}');
  return inline === '' ? translated : `(?${inline})${translated}`;
}

/** Why RE2 rejects `pattern`, or undefined when it compiles. */
export function re2Problem(pattern: string): string | undefined {
  if (/\\u[0-9a-fA-F]{4}/.test(pattern)) return 'Go RE2 has no \\uXXXX escape; write \\x{XXXX}';
  try {
    new re2.RE2(pattern, 'u');
    return undefined;
  } catch (err) {
    return (err as Error).message.replace(/^Invalid regular expression: \/.*\/u: /s, '');
  }
}
