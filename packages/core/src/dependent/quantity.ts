/**
 * Kubernetes quantities (`resource.Quantity`: `500m`, `0.5`, `1Gi`, `1024Mi`, `1e3`) as
 * numbers, so that a quantity written one way and stored by the API server in its
 * canonical form (`0.5` → `500m`, `1024Mi` → `1Gi`) compares equal. Only the values of
 * the maps that hold quantities (`limits`, `requests`, a ResourceQuota's `hard`, …) are
 * read as quantities: elsewhere (a ConfigMap's data) `1000m` and `1` stay different.
 * @module
 */

/** The maps whose values are quantities, by their field name. */
export const QUANTITY_MAPS: ReadonlySet<string> = new Set(['limits', 'requests', 'hard', 'capacity', 'allocatable']);

const suffixes: Readonly<Record<string, number>> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const pattern = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/;

/** The value of a quantity (a string or a number), or undefined when it is none. */
export function quantityValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const match = pattern.exec(value);
  if (match === null) return undefined;
  const [, number, exponent, suffix = ''] = match;
  const base = Number(exponent === undefined ? number : `${number}${exponent}`);
  const multiplier = suffixes[suffix];
  return multiplier === undefined ? undefined : base * multiplier;
}

/** Whether two quantities are the same amount (within the rounding of doubles). */
export function sameQuantity(a: unknown, b: unknown): boolean {
  const x = quantityValue(a);
  const y = quantityValue(b);
  if (x === undefined || y === undefined) return false;
  return x === y || Math.abs(x - y) <= Math.abs(x) * 1e-12;
}
