/**
 * The sharding simulation's model: K keys (random v4 UUID strings, from a seeded generator so
 * a run can be repeated) hashed once to their 64-bit FNV-1a high word, N members, and a
 * sequence of membership changes (joins, clean leaves, failures). For each change it measures
 * what the assignment (assignment.mjs) does: the keys whose owner changed, the
 * imbalance of keys per member, the writes the label-based fallback would make, and, for
 * contrast, what `hash mod N` over the sorted members would move.
 * @module
 */
import {
  Assignment,
  fnv1a64High,
  rangeBits,
  rendezvousOwners,
  ringOwners,
  shardSelector,
  VIRTUAL_NODES,
} from './assignment.mjs';

/** A seeded 32-bit generator (mulberry32): the same seed gives the same keys and events. */
export function random32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** A random version-4 UUID string (the form of `metadata.uid`) from the generator. */
export function uuid4(next) {
  const b = new Uint8Array(16);
  for (let i = 0; i < 16; i += 4) {
    const v = next();
    b[i] = v >>> 24;
    b[i + 1] = (v >>> 16) & 0xff;
    b[i + 2] = (v >>> 8) & 0xff;
    b[i + 3] = v & 0xff;
  }
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => HEX[x]);
  return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10).join('')}`;
}

/** The FNV-1a high words of `count` random uids (the keys are not kept: only their hashes matter). */
export function hashKeys(count, next) {
  const highs = new Uint32Array(count);
  for (let i = 0; i < count; i++) highs[i] = fnv1a64High(uuid4(next));
  return highs;
}

/**
 * The FNV-1a high words of `count` objects keyed by namespace: each object placed in one of
 * `names` with probability proportional to 1/rank^`skew` (0: even sizes; 1: Zipf, the
 * largest namespace holding about 1/ln(namespaces) of the objects).
 */
export function hashNamespacedKeys(count, names, skew, next) {
  const namespaces = names.length;
  const nsHighs = names.map(fnv1a64High);
  const cumulative = new Float64Array(namespaces);
  let total = 0;
  for (let k = 0; k < namespaces; k++) cumulative[k] = total += 1 / (k + 1) ** skew;
  const highs = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const u = (next() / 0x1_0000_0000) * total;
    let lo = 0;
    let hi = namespaces - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    highs[i] = nsHighs[lo];
  }
  return highs;
}

/** Namespace names: `ns-0000`, `ns-0001`, … (`sequential`), or `ns-` and 8 random base-36 characters. */
export function namespaceNames(count, sequential, next) {
  return Array.from({ length: count }, (_, i) =>
    sequential
      ? `ns-${String(i).padStart(4, '0')}`
      : `ns-${next().toString(36).padStart(7, '0')}${(next() % 36).toString(36)}`,
  );
}

/** Keys per range: the count of hashes in each of the R ranges. */
export function keysPerRange(highs, ranges) {
  const bits = rangeBits(ranges);
  const counts = new Float64Array(ranges);
  for (const high of highs) counts[bits === 0 ? 0 : high >>> (32 - bits)]++;
  return counts;
}

/** Keys per member and max/mean (mean = keys / members; 1 is perfect balance). */
export function balance(owners, counts, members) {
  const perMember = new Map(members.map((m) => [m, 0]));
  let total = 0;
  for (let r = 0; r < owners.length; r++) {
    perMember.set(owners[r], perMember.get(owners[r]) + counts[r]);
    total += counts[r];
  }
  const values = [...perMember.values()];
  const mean = total / members.length;
  return { max: Math.max(...values), min: Math.min(...values), mean, imbalance: Math.max(...values) / mean };
}

/** Ids `replica-000`, `replica-001`, … (a member's id is its Lease's holder identity). */
export function memberId(i) {
  return `replica-${String(i).padStart(3, '0')}`;
}

/**
 * The change sequence: `joins` joins, `leaves` clean leaves and `failures` failures in a
 * seeded random order, starting from `members` members; a join adds a new id, a leave or a
 * failure removes a random live member.
 */
export function changes({ members, joins, leaves, failures, seed }) {
  const next = random32(seed);
  const kinds = [...Array(joins).fill('join'), ...Array(leaves).fill('leave'), ...Array(failures).fill('failure')];
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  const live = Array.from({ length: members }, (_, i) => memberId(i));
  let created = members;
  return kinds.map((kind) => {
    if (kind === 'join') {
      const member = memberId(created++);
      live.push(member);
      return { kind, member };
    }
    const [member] = live.splice(next() % live.length, 1);
    return { kind, member };
  });
}

/** Keys whose member changes under `hash mod N` over the sorted member ids, for a change from `before` to `after`. */
export function movedByModulo(highs, before, after) {
  const a = [...before].sort();
  const b = [...after].sort();
  let moved = 0;
  for (const high of highs) if (a[high % a.length] !== b[high % b.length]) moved++;
  return moved;
}

/**
 * The bytes `name=value` takes in a query string, encoded as the REST client sends it
 * (`URLSearchParams`: `(`, `'`, `,`, `|` escaped, spaces as `+`).
 */
export function queryBytes(name, value) {
  return new URLSearchParams({ [name]: value }).toString().length;
}

/**
 * The number of `shardRange()` terms and the length of the `shardSelector` a member's ranges
 * need (characters, and bytes of query string), and the length of the label selector the
 * fallback would use instead (`operant.dev/shard-range in (…)`, one value per range).
 */
export function selectorSize(owners, ranges) {
  const byMember = new Map();
  owners.forEach((m, r) => {
    if (!byMember.has(m)) byMember.set(m, []);
    byMember.get(m).push(r);
  });
  let terms = 0;
  let bytes = 0;
  let maxBytes = 0;
  let maxTerms = 0;
  let maxWireBytes = 0;
  let labelBytes = 0;
  let maxLabelWireBytes = 0;
  for (const owned of byMember.values()) {
    const label = `operant.dev/shard-range in (${owned.join(',')})`;
    labelBytes += label.length;
    maxLabelWireBytes = Math.max(maxLabelWireBytes, queryBytes('labelSelector', label));
    const selector = shardSelector(owned, ranges);
    const count = selector.split(' || ').length;
    terms += count;
    maxTerms = Math.max(maxTerms, count);
    bytes += selector.length;
    maxBytes = Math.max(maxBytes, selector.length);
    maxWireBytes = Math.max(maxWireBytes, queryBytes('shardSelector', selector));
  }
  return {
    meanTerms: terms / byMember.size,
    maxTerms,
    meanBytes: bytes / byMember.size,
    maxBytes,
    maxWireBytes,
    meanLabelBytes: labelBytes / byMember.size,
    maxLabelWireBytes,
  };
}

/**
 * Runs the change sequence on R ranges over the hashed keys. Returns the start (members,
 * imbalance, selector size) and one row per change: members before and after, ranges and keys
 * moved, the moved fraction beside 1/N (N the larger of the two member counts: the share a
 * joiner takes or a leaver had), imbalance after, and the fallback sharder's label writes (one
 * per moved object; 0 with the server-side selector).
 */
export function simulate({ highs, ranges, members, sequence, modulo = false, virtualNodes = VIRTUAL_NODES }) {
  const counts = keysPerRange(highs, ranges);
  const initial = Array.from({ length: members }, (_, i) => memberId(i));
  const assignment = new Assignment(ranges, initial, virtualNodes);
  const start = {
    members,
    rangesUsed: counts.filter((c) => c > 0).length,
    ...balance(assignment.owners(), counts, assignment.members()),
    selector: selectorSize(assignment.owners(), ranges),
  };
  const rows = sequence.map(({ kind, member }) => {
    const before = assignment.members();
    const moved = kind === 'join' ? assignment.join(member) : assignment.leave(member);
    const after = assignment.members();
    const keysMoved = moved.reduce((sum, r) => sum + counts[r], 0);
    const n = Math.max(before.length, after.length);
    return {
      kind,
      member,
      membersBefore: before.length,
      membersAfter: after.length,
      rangesMoved: moved.length,
      keysMoved,
      movedFraction: keysMoved / highs.length,
      expectedFraction: 1 / n,
      imbalance: balance(assignment.owners(), counts, after).imbalance,
      labelWrites: keysMoved,
      ...(modulo ? { moduloFraction: movedByModulo(highs, before, after) / highs.length } : {}),
    };
  });
  return { ranges, start, rows };
}

/**
 * Per member count N (members `replica-000` …) on R ranges: the largest `shardSelector` a
 * member sends (bytes of query string) on the ring and, for contrast, under rendezvous
 * hashing; the ring's imbalance (max/mean keys per member); and the keys a join (N → N+1)
 * and a leave (N → N−1, the last member) move, over 1/N.
 */
export function byMemberCount({ highs, ranges, memberCounts, virtualNodes = VIRTUAL_NODES, rendezvous = true }) {
  const counts = keysPerRange(highs, ranges);
  const keysOf = (changed) => changed.reduce((sum, r) => sum + counts[r], 0);
  return memberCounts.map((n) => {
    const members = Array.from({ length: n }, (_, i) => memberId(i));
    const owners = ringOwners(ranges, members, virtualNodes);
    const joined = ringOwners(ranges, [...members, memberId(n)], virtualNodes);
    const left = n > 1 ? ringOwners(ranges, members.slice(0, -1), virtualNodes) : undefined;
    const diff = (other) => owners.flatMap((o, r) => (o === other[r] ? [] : [r]));
    const selector = selectorSize(owners, ranges);
    return {
      members: n,
      ringTerms: selector.maxTerms,
      ringBytes: selector.maxWireBytes,
      labelBytes: selector.maxLabelWireBytes,
      rendezvousBytes: rendezvous ? selectorSize(rendezvousOwners(ranges, members), ranges).maxWireBytes : undefined,
      imbalance: balance(owners, counts, members).imbalance,
      joinMovedOverExpected: keysOf(diff(joined)) / highs.length / (1 / (n + 1)),
      leaveMovedOverExpected: left === undefined ? undefined : keysOf(diff(left)) / highs.length / (1 / n),
    };
  });
}
