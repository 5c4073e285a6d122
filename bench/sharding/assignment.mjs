/**
 * The shard assignment that issue 22 plans (see docs/sharding.md), as pure functions for the
 * simulation: the API server's shard hash (64-bit FNV-1a of the key's UTF-8 bytes, as Go's
 * `hash/fnv` New64a and `k8s.io/apimachinery/pkg/sharding.HashField` compute it), the hash
 * space cut into R equal ranges (R a power of two), and each range owned by one live member
 * by rendezvous (highest-random-weight) hashing of (range, member).
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

/**
 * The rendezvous weight of (range, member): fmix64(FNV-1a(member) XOR FNV-1a(decimal range)).
 * FNV-1a alone would do badly here: its last bytes move only the low and middle bits, so
 * neighbouring ranges would rank the members almost alike and go to the same one.
 */
export function weight(rangeHash, memberHash) {
  return fmix64(rangeHash ^ memberHash);
}

/** The member (by id) that owns a range among `members`: the highest weight, ties to the smaller id. */
export function owner(range, members) {
  const rangeHash = fnv1a64(String(range));
  let best;
  let bestWeight = -1n;
  for (const member of members) {
    const w = weight(rangeHash, fnv1a64(member));
    if (w > bestWeight || (w === bestWeight && member < best)) {
      best = member;
      bestWeight = w;
    }
  }
  return best;
}

/**
 * The assignment of R ranges to live members, kept up to date as members join and leave. A
 * join computes the newcomer's weight for every range (it takes the ranges where it wins); a
 * leave re-ranks only the leaver's ranges. `owners()` is the same as `owner(r, members)` for
 * every r (the unit spec checks it), so each change costs R weights, not R × N.
 */
export class Assignment {
  #ranges;
  #rangeHashes;
  #members = new Map(); // id → FNV-1a of the id
  #owner; // range → member id
  #best; // range → the owner's weight

  constructor(ranges, members = []) {
    rangeBits(ranges);
    this.#ranges = ranges;
    this.#rangeHashes = Array.from({ length: ranges }, (_, r) => fnv1a64(String(r)));
    this.#owner = new Array(ranges).fill(undefined);
    this.#best = new Array(ranges).fill(-1n);
    for (const member of members) this.join(member);
  }

  get ranges() {
    return this.#ranges;
  }

  members() {
    return [...this.#members.keys()];
  }

  /** Range → owning member id (undefined while no member is live). */
  owners() {
    return [...this.#owner];
  }

  /** Adds a member; returns the ranges it took. */
  join(member) {
    if (this.#members.has(member)) throw new Error(`unable to add member ${member}: already a member`);
    const memberHash = fnv1a64(member);
    this.#members.set(member, memberHash);
    const taken = [];
    for (let r = 0; r < this.#ranges; r++) {
      const w = weight(this.#rangeHashes[r], memberHash);
      if (this.#wins(w, member, r)) {
        this.#owner[r] = member;
        this.#best[r] = w;
        taken.push(r);
      }
    }
    return taken;
  }

  /** Removes a member (a clean leave or a failure: the same in assignment terms); returns the ranges it gave up. */
  leave(member) {
    if (!this.#members.delete(member)) throw new Error(`unable to remove member ${member}: not a member`);
    const given = [];
    for (let r = 0; r < this.#ranges; r++) {
      if (this.#owner[r] !== member) continue;
      given.push(r);
      this.#owner[r] = undefined;
      this.#best[r] = -1n;
      for (const [other, otherHash] of this.#members) {
        const w = weight(this.#rangeHashes[r], otherHash);
        if (this.#wins(w, other, r)) {
          this.#owner[r] = other;
          this.#best[r] = w;
        }
      }
    }
    return given;
  }

  #wins(w, member, r) {
    return w > this.#best[r] || (w === this.#best[r] && member < this.#owner[r]);
  }
}
