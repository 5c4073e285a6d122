/**
 * Command-line flags as data, so that users can set, append to or remove any default flag
 * (envtest's `Configure().Set/Append/Disable`), and so that flags with structural meaning
 * (ports, certificates, authorization) are re-applied after user overrides.
 * @module
 */

/** A flag value: a string, a list (the flag is repeated), or `null` to remove a default flag. */
export type FlagValue = string | readonly string[] | null;
export type Flags = Record<string, FlagValue>;

/** Merges layers left to right; a later `null` removes the flag. */
export function mergeFlags(...layers: (Flags | undefined)[]): Flags {
  const merged: Flags = {};
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer ?? {})) merged[name] = value;
  }
  return merged;
}

/** `{ 'secure-port': '6443' }` → `['--secure-port=6443']`, in key order. */
export function renderFlags(flags: Flags): string[] {
  const args: string[] = [];
  for (const [name, value] of Object.entries(flags)) {
    if (value === null) continue;
    for (const one of typeof value === 'string' ? [value] : value) args.push(`--${name}=${one}`);
  }
  return args;
}
