/**
 * `ConfigGuard`: members of one shard group with different configurations never share
 * ranges. A configuration (`SHARD_CONFIG_ANNOTATION`: key, range count, assignment, mode)
 * fixes the table; two tables would split the hash space two ways, leaving some ranges to
 * nobody. The group's configuration is its oldest live member's (the earliest Lease
 * `acquireTime`, then the smaller identity), so every member that sees the same Leases
 * agrees, and a group keeps running when a member of another configuration joins it:
 *
 * - a member of another configuration than the group's is **refused**: it claims nothing
 *   (releases what it holds), its readiness check fails, and it says why;
 * - every member logs each change of the live members of another configuration than its
 *   own (both identities and both configurations), and counts them
 *   (`operant_shard_config_mismatch`).
 *
 * A rollout that changes the configuration therefore cannot hand ranges over member by
 * member: the old members keep them all, and the new ones take them once the last old one
 * is gone.
 * @module
 */
import type { Logger } from '../api/logger.js';
import type { MemberView } from './member-view.js';

/** The group's configuration, as this member sees it. */
export interface ConfigVerdict {
  /** The oldest live member, whose configuration the group runs. */
  oldest: MemberView;
  /** Live members of another configuration than this member's. */
  others: MemberView[];
  /** This member's configuration is not the group's: it claims nothing. */
  refused: boolean;
}

/** Orders members by Lease age: the earliest `acquireTime` (MicroTime strings sort as times), then identity. */
function older(a: MemberView, b: MemberView): number {
  if (a.since !== b.since) return a.since < b.since ? -1 : 1;
  return a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0;
}

/** The verdict for `self` (with `config`) over the live members of `view`; undefined before it has a Lease. */
export function judgeConfig(view: readonly MemberView[], config: string): ConfigVerdict | undefined {
  const live = view.filter((m) => m.live || m.self).sort(older);
  const oldest = live[0];
  if (oldest === undefined || !live.some((m) => m.self)) return undefined;
  return {
    oldest,
    others: live.filter((m) => !m.self && m.config !== config),
    refused: oldest.config !== config,
  };
}

export class ConfigGuard {
  private verdict: ConfigVerdict | undefined;
  private reported = '';

  constructor(
    private readonly log: Logger,
    private readonly count?: (members: number) => void,
  ) {}

  /** Judges the latest view; logs and counts a change of the mismatched members. False while refused. */
  admits(view: readonly MemberView[], identity: string, config: string): boolean {
    const verdict = judgeConfig(view, config);
    this.verdict = verdict;
    const others = verdict?.others ?? [];
    this.count?.(others.length);
    const signature = `${verdict?.refused} ${others.map((m) => `${m.identity}=${m.config}`).join(' ')}`;
    if (signature !== this.reported) {
      if (others.length === 0 && this.reported !== '')
        this.log.info('shard configuration mismatch resolved', { identity, config });
      for (const other of others) {
        this.log.error('shard configuration mismatch: members of different configurations do not share ranges', {
          identity,
          config,
          otherIdentity: other.identity,
          otherConfig: other.config ?? '',
          groupConfig: verdict?.oldest.config ?? '',
          refused: verdict?.refused ? identity : other.identity,
        });
      }
      this.reported = others.length === 0 ? '' : signature;
    }
    return verdict?.refused !== true;
  }

  /** For readyz: throws while this member is refused, naming both configurations. */
  check(config: string): void {
    const verdict = this.verdict;
    if (verdict?.refused !== true) return;
    throw new Error(
      `unable to take shard ranges: this member's configuration ${config} differs from the group's, ` +
        `${verdict.oldest.config ?? '(none)'} (its oldest member, ${verdict.oldest.identity}); ` +
        'every member of a group needs the same key, ranges, virtual nodes and mode',
    );
  }
}
