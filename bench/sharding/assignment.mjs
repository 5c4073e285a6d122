/**
 * The shard assignment of docs/sharding.md, as pure functions for the simulation: the API
 * server's shard hash (64-bit FNV-1a of the key's UTF-8 bytes, as Go's `hash/fnv` New64a and
 * `k8s.io/apimachinery/pkg/sharding.HashField` compute it), the hash space cut into R equal
 * ranges (R a power of two), and the ranges owned by the live members on a consistent-hash
 * ring with V points per member placed on range boundaries (the library's `assignRanges`).
 * For contrast, rendezvous hashing of (range, member), which an earlier version used: it
 * scatters a member's ranges, so its selector has about one term per range.
 * @module
 */

const MASK64 = (1n << 64n) - 1n;
const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const utf8 = new TextEncoder();

/** 64-bit FNV-1a of the string's UTF-8 bytes, as Go's `fnv.New64a()`: the reference, with BigInt. */
export function fnv1a64(value) {
  let hash = FNV64_OFFSET;
  for (const byte of utf8.encode(value)) {
    hash = ((hash ^ BigInt(byte)) * FNV64_PRIME) & MASK64;
  }
  return hash;
}

/**
 * The high 32 bits of `fnv1a64(value)`, computed on two 32-bit halves without BigInt (a
 * million keys in well under a second). The prime is 2^40 + 0x1b3, so h·prime mod 2^64 is
 * h·0x1b3 plus the low word shifted 8 bits into the high word. ASCII strings only (uids and
 * namespace names are ASCII); the unit spec checks it against `fnv1a64`.
 */
export function fnv1a64High(value) {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < value.length; i++) {
    lo = (lo ^ value.charCodeAt(i)) >>> 0;
    const low = lo * 0x1b3; // < 2^41: exact in a double
    hi = (hi * 0x1b3 + Math.floor(low / 0x1_0000_0000) + (lo << 8)) >>> 0;
    lo = low >>> 0;
  }
  return hi;
}

/** The 16-digit hexadecimal form the API server's `shardRange()` bounds take: `0x…`. */
export function hex64(value) {
  return `0x${value.toString(16).padStart(16, '0')}`;
}

/** log2 of the range count; throws unless it is a power of two from 1 to 2^32. */
export function rangeBits(ranges) {
  const bits = Math.log2(ranges);
  if (!Number.isInteger(bits) || bits < 0 || bits > 32) {
    throw new Error(`unable to cut the hash space into ${ranges} ranges: the count must be a power of two up to 2^32`);
  }
  return bits;
}

/** The range a hash falls in, from the hash's high 32 bits: its top log2(R) bits. */
export function rangeOfHigh(high, ranges) {
  const bits = rangeBits(ranges);
  return bits === 0 ? 0 : high >>> (32 - bits);
}

/** Range i covers hashes [lo, hi), in the API server's hex form (`hi` of the last is 2^64). */
export function rangeBounds(range, ranges) {
  const width = (1n << 64n) / BigInt(ranges);
  const lo = BigInt(range) * width;
  const hi = lo + width;
  return { lo: hex64(lo), hi: hi === 1n << 64n ? '0x10000000000000000' : hex64(hi) };
}

/**
 * The `shardSelector` a member would send for the ranges it owns: one `shardRange()` per run of
 * adjacent ranges, joined with `||`, as KEP-5866's CEL subset takes them.
 */
export function shardSelector(ownedRanges, ranges, field = 'object.metadata.uid') {
  const sorted = [...ownedRanges].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    const { lo } = rangeBounds(start, ranges);
    const { hi } = rangeBounds(sorted[i], ranges);
    parts.push(`shardRange(${field}, '${lo}', '${hi}')`);
  }
  return parts.join(' || ');
}

/** murmur3's 64-bit finalizer: every input bit flips each output bit with probability ~1/2. */
export function fmix64(value) {
  let h = value & MASK64;
  h ^= h >> 33n;
  h = (h * 0xff51afd7ed558ccdn) & MASK64;
  h ^= h >> 33n;
  h = (h * 0xc4ceb9fe1a85ec53n) & MASK64;
  h ^= h >> 33n;
  return h;
}

/** Points per member on the ring (the library's `DEFAULT_VIRTUAL_NODES`). */
export const VIRTUAL_NODES = 128;

const pointHashes = [];
const pointHash = (j) => (pointHashes[j] ??= fnv1a64(String(j)));

/**
 * The ring's points of `members`, V each, in ring order: point j of member m hashes to
 * fmix64(FNV-1a(m) XOR FNV-1a(decimal j)) and sits at the range that hash falls in (its top
 * log2(R) bits); points are ordered by their whole hash, then member id.
 */
export function ringPoints(members, ranges, virtualNodes = VIRTUAL_NODES) {
  const bits = BigInt(rangeBits(ranges));
  const points = [];
  for (const member of members) {
    const memberHash = fnv1a64(member);
    for (let j = 0; j < virtualNodes; j++) {
      const hash = fmix64(memberHash ^ pointHash(j));
      points.push({ hash, member, position: bits === 0n ? 0 : Number(hash >> (64n - bits)) });
    }
  }
  return points.sort((a, b) =>
    a.hash !== b.hash ? (a.hash < b.hash ? -1 : 1) : a.member < b.member ? -1 : a.member > b.member ? 1 : 0,
  );
}

/** Range → owning member on the ring: the member of the last point at or before it (wrapping to the last point). */
export function ringOwners(ranges, members, virtualNodes = VIRTUAL_NODES) {
  const owners = new Array(ranges).fill(undefined);
  const points = ringPoints([...new Set(members)], ranges, virtualNodes);
  if (points.length === 0) return owners;
  let next = 0;
  let owner = points[points.length - 1].member;
  for (let r = 0; r < ranges; r++) {
    while (next < points.length && points[next].position <= r) owner = points[next++].member;
    owners[r] = owner;
  }
  return owners;
}

/** For contrast: range → owner by rendezvous hashing, the member of highest fmix64(FNV-1a(member) XOR FNV-1a(decimal range)). */
export function rendezvousOwners(ranges, members) {
  const hashes = [...new Set(members)].map((m) => [m, fnv1a64(m)]);
  return Array.from({ length: ranges }, (_, r) => {
    const rangeHash = fnv1a64(String(r));
    let best;
    let bestWeight = -1n;
    for (const [member, memberHash] of hashes) {
      const w = fmix64(rangeHash ^ memberHash);
      if (w > bestWeight || (w === bestWeight && member < best)) {
        best = member;
        bestWeight = w;
      }
    }
    return best;
  });
}

/**
 * The assignment of R ranges to live members on the ring, kept up to date as members join
 * and leave; `join` and `leave` return the ranges whose owner changed (the unit spec checks
 * that a join moves ranges only to the joiner and a leave only the leaver's).
 */
export class Assignment {
  #ranges;
  #virtualNodes;
  #members = new Set();
  #owner;

  constructor(ranges, members = [], virtualNodes = VIRTUAL_NODES) {
    rangeBits(ranges);
    this.#ranges = ranges;
    this.#virtualNodes = virtualNodes;
    for (const member of members) this.#members.add(member);
    this.#owner = ringOwners(ranges, this.#members, virtualNodes);
  }

  get ranges() {
    return this.#ranges;
  }

  members() {
    return [...this.#members];
  }

  /** Range → owning member id (undefined while no member is live). */
  owners() {
    return [...this.#owner];
  }

  /** Adds a member; returns the ranges it took. */
  join(member) {
    if (this.#members.has(member)) throw new Error(`unable to add member ${member}: already a member`);
    this.#members.add(member);
    return this.#recompute();
  }

  /** Removes a member (a clean leave or a failure: the same in assignment terms); returns the ranges it gave up. */
  leave(member) {
    if (!this.#members.delete(member)) throw new Error(`unable to remove member ${member}: not a member`);
    return this.#recompute();
  }

  #recompute() {
    const before = this.#owner;
    this.#owner = ringOwners(this.#ranges, this.#members, this.#virtualNodes);
    return before.flatMap((owner, r) => (owner === this.#owner[r] ? [] : [r]));
  }
}
