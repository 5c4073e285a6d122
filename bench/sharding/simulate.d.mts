/** Types of `simulate.mjs`, for the unit spec that checks it. @module */
export function random32(seed: number): () => number;
export function uuid4(next: () => number): string;
export function hashKeys(count: number, next: () => number): Uint32Array;
export function hashNamespacedKeys(count: number, names: string[], skew: number, next: () => number): Uint32Array;
export function namespaceNames(count: number, sequential: boolean, next: () => number): string[];
export function keysPerRange(highs: Uint32Array, ranges: number): Float64Array;
export function balance(
  owners: (string | undefined)[],
  counts: Float64Array,
  members: string[],
): { max: number; min: number; mean: number; imbalance: number };
export function memberId(i: number): string;
export interface Change {
  kind: 'join' | 'leave' | 'failure';
  member: string;
}
export function changes(options: {
  members: number;
  joins: number;
  leaves: number;
  failures: number;
  seed: number;
}): Change[];
export function movedByModulo(highs: Uint32Array, before: string[], after: string[]): number;
export function queryBytes(name: string, value: string): number;
export function selectorSize(
  owners: (string | undefined)[],
  ranges: number,
): {
  meanTerms: number;
  maxTerms: number;
  meanBytes: number;
  maxBytes: number;
  maxWireBytes: number;
  meanLabelBytes: number;
  maxLabelWireBytes: number;
};
export interface MemberCountRow {
  members: number;
  ringTerms: number;
  ringBytes: number;
  labelBytes: number;
  rendezvousBytes: number | undefined;
  imbalance: number;
  joinMovedOverExpected: number;
  leaveMovedOverExpected: number | undefined;
}
export function byMemberCount(options: {
  highs: Uint32Array;
  ranges: number;
  memberCounts: number[];
  virtualNodes?: number;
  rendezvous?: boolean;
}): MemberCountRow[];
export interface ChangeRow {
  kind: Change['kind'];
  member: string;
  membersBefore: number;
  membersAfter: number;
  rangesMoved: number;
  keysMoved: number;
  movedFraction: number;
  expectedFraction: number;
  imbalance: number;
  labelWrites: number;
  moduloFraction?: number;
}
export function simulate(options: {
  highs: Uint32Array;
  ranges: number;
  members: number;
  sequence: Change[];
  modulo?: boolean;
  virtualNodes?: number;
}): {
  ranges: number;
  start: {
    members: number;
    rangesUsed: number;
    max: number;
    min: number;
    mean: number;
    imbalance: number;
    selector: object;
  };
  rows: ChangeRow[];
};
