/** Types of `assignment.mjs`, for the unit spec that checks it. @module */
export function fnv1a64(value: string): bigint;
export function fnv1a64High(value: string): number;
export function hex64(value: bigint): string;
export function rangeBits(ranges: number): number;
export function rangeOfHigh(high: number, ranges: number): number;
export function rangeBounds(range: number, ranges: number): { lo: string; hi: string };
export function shardSelector(ownedRanges: Iterable<number>, ranges: number, field?: string): string;
export function fmix64(value: bigint): bigint;
export const VIRTUAL_NODES: number;
export function ringPoints(
  members: Iterable<string>,
  ranges: number,
  virtualNodes?: number,
): { hash: bigint; member: string; position: number }[];
export function ringOwners(ranges: number, members: Iterable<string>, virtualNodes?: number): (string | undefined)[];
export function rendezvousOwners(ranges: number, members: Iterable<string>): (string | undefined)[];
export class Assignment {
  constructor(ranges: number, members?: Iterable<string>, virtualNodes?: number);
  get ranges(): number;
  members(): string[];
  owners(): (string | undefined)[];
  join(member: string): number[];
  leave(member: string): number[];
}
