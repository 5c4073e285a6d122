/**
 * Security check: the operator's RBAC (the generated role.yaml and the leader-election
 * Role) grants named verbs on named resources only: no `*` anywhere, and no escalation
 * verbs (`escalate`, `bind`, `impersonate`); Leases only in the namespaced leader-election
 * Role, where every verb but `create` is limited to the Lease's name; non-resource URLs only
 * in kubebuilder's metrics-reader ClusterRole, which allows `get` on `/metrics` and nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parseAllDocuments } from 'yaml';

const dir = fileURLToPath(new URL('../config/rbac/', import.meta.url));

interface Rule {
  apiGroups?: string[];
  resourceNames?: string[];
  resources?: string[];
  verbs?: string[];
  nonResourceURLs?: string[];
}

const roles = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(`${dir}${file}`, 'utf8'))
      .map((d) => d.toJS() as { kind?: string; rules?: Rule[] } | null)
      .filter((doc) => doc?.kind === 'ClusterRole' || doc?.kind === 'Role')
      .map((doc) => ({ file, rules: doc?.rules ?? [] })),
  );

describe('generated RBAC', () => {
  it('has rules to check', () => {
    expect(roles.map((r) => r.file)).toEqual(expect.arrayContaining(['role.yaml', 'leader_election_role.yaml']));
    expect(roles.every((r) => r.rules.length > 0)).toBe(true);
  });

  it.each(roles)('$file has no wildcard verbs, resources or groups', ({ file, rules }) => {
    for (const rule of rules) {
      for (const value of [...(rule.verbs ?? []), ...(rule.resources ?? []), ...(rule.apiGroups ?? [])]) {
        expect(value).not.toContain('*');
      }
      if (file === 'metrics_reader_role.yaml') expect(rule).toEqual({ nonResourceURLs: ['/metrics'], verbs: ['get'] });
      else expect(rule.nonResourceURLs ?? []).toEqual([]);
    }
  });

  it.each(roles)('$file grants no escalation verbs', ({ rules }) => {
    const verbs = rules.flatMap((r) => r.verbs ?? []);
    for (const verb of ['escalate', 'bind', 'impersonate']) expect(verbs).not.toContain(verb);
  });

  it('grants Leases in the leader-election Role only, every verb but create limited to its name', () => {
    const leaseRules = roles.flatMap(({ file, rules }) =>
      rules.filter((r) => r.apiGroups?.includes('coordination.k8s.io')).map((r) => ({ file, ...r })),
    );
    expect(leaseRules.map((r) => r.file)).toEqual(['leader_election_role.yaml', 'leader_election_role.yaml']);
    const unnamed = leaseRules.filter((r) => r.resourceNames === undefined);
    expect(unnamed.flatMap((r) => r.verbs)).toEqual(['create']);
  });
});
