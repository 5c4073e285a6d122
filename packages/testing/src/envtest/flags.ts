/**
 * Command-line flags as data, so that users can set, append to or remove any default flag
 * (envtest's `Configure().Set/Append/Disable`), and so that flags with structural meaning
 * (ports, certificates, authorization) are re-applied after user overrides. Feature gates
 * combine per gate instead of replacing the whole flag (`mergeFeatureGates`).
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

/**
 * `--feature-gates` values combined gate by gate, left to right: `A=true,B=false` (or a list,
 * the flag repeated) sets each gate it names, a later layer wins for the same gate, a `null`
 * layer drops every gate before it, an `undefined` one changes nothing. Gates keep the
 * order they were first named in; one comma-joined value, or `null` when no gate is left.
 */
export function mergeFeatureGates(...layers: (FlagValue | undefined)[]): string | null {
  const gates = new Map<string, string>();
  for (const layer of layers) {
    if (layer === undefined) continue;
    if (layer === null) {
      gates.clear();
      continue;
    }
    for (const value of typeof layer === 'string' ? [layer] : layer) {
      for (const gate of value.split(',')) {
        const text = gate.trim();
        // an entry without `=` is kept as written: kube-apiserver's error names it
        if (text !== '') gates.set(text.split('=')[0]?.trim() as string, text);
      }
    }
  }
  return gates.size === 0 ? null : [...gates.values()].join(',');
}
