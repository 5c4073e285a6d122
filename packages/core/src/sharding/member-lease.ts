/**
 * A shard member's `coordination.k8s.io/v1` Lease: its shape on the wire (times as
 * `metav1.MicroTime` strings), its name (`<group>-<identity>` made a valid object name), the
 * Lease a member writes for itself, and the ranges another member's Lease says it holds.
 * @module
 */
import type { Logger } from '../api/logger.js';
import { formatMicroTime } from '../api/time.js';
import { type Lease, LeaseType } from '../leaderelection/lease.js';
import { fnv1a64 } from './fnv.js';
import { parseRuns, SHARD_CONFIG_ANNOTATION, SHARD_GROUP_LABEL, SHARD_RANGES_ANNOTATION } from './labels.js';

/** A member's Lease (the shared Lease wire shape). */
export type MemberLease = Lease;
export const MemberLeaseType = LeaseType;

/** The longest object name (a DNS subdomain). */
const MAX_NAME = 253;

/**
 * `<group>-<identity>` as a Lease name (a lowercase DNS subdomain of at most 253
 * characters): other characters become `-`, and a name that had to change, or be cut, ends
 * in `-` and the 16 hex digits of the identity's FNV-1a 64, so two identities never share
 * one name.
 */
export function memberLeaseName(group: string, identity: string): string {
  const wanted = `${group}-${identity}`;
  const clean = wanted
    .toLowerCase()
    .split('.')
    .map((label) => label.replace(/[^a-z0-9-]/g, '-').replace(/^-+|-+$/g, ''))
    .filter((label) => label !== '')
    .join('.');
  if (clean === wanted && clean.length <= MAX_NAME) return clean;
  const suffix = fnv1a64(identity).toString(16).padStart(16, '0');
  const prefix = clean.slice(0, MAX_NAME - suffix.length - 1).replace(/[.-]+$/, '');
  return prefix === '' ? suffix : `${prefix}-${suffix}`;
}

export interface OwnLeaseFields {
  namespace: string;
  name: string;
  group: string;
  identity: string;
  config: string;
  ranges: string;
  leaseDurationMs: number;
  now: Date;
}

/** The Lease a member writes for itself: `base` (the one it read) with its holder, timing and annotations. */
export function ownLease(fields: OwnLeaseFields, base?: MemberLease): MemberLease {
  const time = formatMicroTime(fields.now);
  const metadata = base?.metadata ?? { namespace: fields.namespace, name: fields.name };
  return {
    ...base,
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      ...metadata,
      labels: { ...metadata.labels, [SHARD_GROUP_LABEL]: fields.group },
      annotations: {
        ...metadata.annotations,
        [SHARD_CONFIG_ANNOTATION]: fields.config,
        [SHARD_RANGES_ANNOTATION]: fields.ranges,
      },
    },
    spec: {
      ...base?.spec,
      holderIdentity: fields.identity,
      leaseDurationSeconds: Math.ceil(fields.leaseDurationMs / 1000),
      acquireTime: base?.spec?.acquireTime ?? time,
      renewTime: time,
    },
  };
}

/** The ranges a member's Lease says it holds; an unreadable annotation counts as none (logged). */
export function leaseHolds(lease: MemberLease, log: Logger): ReadonlySet<number> {
  const text = lease.metadata?.annotations?.[SHARD_RANGES_ANNOTATION] ?? '';
  try {
    return new Set(parseRuns(text));
  } catch (err) {
    const name = `${lease.metadata?.namespace}/${lease.metadata?.name}`;
    log.warn('unable to read the shard ranges of a member Lease, counting none', { lease: name, error: err });
    return new Set();
  }
}
