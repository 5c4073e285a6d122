import { describe, expect, it } from '@jest/globals';
import { managerOptionsFromFlags } from './flags.js';

describe('managerOptionsFromFlags', () => {
  it('reads kubebuilder flags with kubebuilder defaults', () => {
    expect(managerOptionsFromFlags([], { leaderElectionID: 'abc.example.com' })).toMatchObject({
      metricsBindAddress: '0',
      healthProbeBindAddress: ':8081',
      leaderElection: false,
      leaderElectionID: 'abc.example.com',
    });
    expect(
      managerOptionsFromFlags(['--metrics-bind-address=:8443', '--leader-elect', '--zap-log-level=debug']),
    ).toMatchObject({ metricsBindAddress: ':8443', leaderElection: true });
  });

  it('rejects unknown flags and bad values with the flag named', () => {
    expect(() => managerOptionsFromFlags(['--metrics-addr=:1'])).toThrow(/--metrics-addr/);
    expect(() => managerOptionsFromFlags(['--log-level=loud'])).toThrow('invalid --log-level "loud"');
  });
});
