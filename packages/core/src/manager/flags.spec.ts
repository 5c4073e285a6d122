import { describe, expect, it } from '@jest/globals';
import { managerOptionsFromFlags } from './flags.js';
import { withAuthenticationAndAuthorization } from './metrics-filters.js';

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

  it('reads the leader election namespace and release-on-cancel, whose default main.ts sets', () => {
    expect(managerOptionsFromFlags([])).toMatchObject({ leaderElectionReleaseOnCancel: false });
    expect(managerOptionsFromFlags([]).leaderElectionNamespace).toBeUndefined();
    const defaults = { leaderElectionReleaseOnCancel: true };
    expect(managerOptionsFromFlags(['--leader-election-namespace=ops'], defaults)).toMatchObject({
      leaderElectionNamespace: 'ops',
      leaderElectionReleaseOnCancel: true,
    });
    for (const off of ['--leader-election-release-on-cancel=false', '--no-leader-election-release-on-cancel']) {
      expect(managerOptionsFromFlags([off], defaults).leaderElectionReleaseOnCancel).toBe(false);
    }
    expect(managerOptionsFromFlags(['--leader-election-release-on-cancel=true', '--leader-elect=true'])).toMatchObject({
      leaderElectionReleaseOnCancel: true,
      leaderElection: true,
    });
    expect(managerOptionsFromFlags(['--leader-elect=false']).leaderElection).toBe(false);
  });

  it('serves metrics securely by default, from a cert folder when given, plain with --metrics-secure=false', () => {
    expect(managerOptionsFromFlags([]).metricsServer).toEqual({
      secureServing: true,
      filterProvider: withAuthenticationAndAuthorization,
    });
    expect(
      managerOptionsFromFlags(['--metrics-cert-path=/certs', '--metrics-cert-name=m.crt', '--metrics-cert-key=m.key'])
        .metricsServer,
    ).toEqual({
      secureServing: true,
      filterProvider: withAuthenticationAndAuthorization,
      certDir: '/certs',
      certName: 'm.crt',
      keyName: 'm.key',
    });
    for (const off of ['--metrics-secure=false', '--no-metrics-secure']) {
      expect(managerOptionsFromFlags([off]).metricsServer).toEqual({ secureServing: false });
    }
    expect(managerOptionsFromFlags(['--metrics-secure=true']).metricsServer?.secureServing).toBe(true);
  });

  it('serves /debug/reconciles only with --metrics-debug-reconciles, secure or not', () => {
    expect(managerOptionsFromFlags([]).metricsServer?.debugReconciles).toBeUndefined();
    expect(managerOptionsFromFlags(['--metrics-debug-reconciles']).metricsServer).toEqual({
      secureServing: true,
      debugReconciles: true,
      filterProvider: withAuthenticationAndAuthorization,
    });
    expect(
      managerOptionsFromFlags(['--metrics-debug-reconciles=true', '--metrics-secure=false']).metricsServer,
    ).toEqual({ secureServing: false, debugReconciles: true });
    expect(
      managerOptionsFromFlags(['--metrics-debug-reconciles=false']).metricsServer?.debugReconciles,
    ).toBeUndefined();
  });

  it('reads the sharding flags: off, uid, 4096 ranges and auto by default', () => {
    expect(managerOptionsFromFlags([]).sharding).toEqual({ enabled: false, key: 'uid', ranges: 4096, mode: 'auto' });
    expect(
      managerOptionsFromFlags(['--sharding', '--shard-key=namespace', '--shard-ranges', '1024', '--shard-mode=server'])
        .sharding,
    ).toEqual({ enabled: true, key: 'namespace', ranges: 1024, mode: 'server' });
    expect(managerOptionsFromFlags(['--sharding=true', '--shard-mode=labels']).sharding).toMatchObject({
      enabled: true,
      mode: 'labels',
    });
    for (const off of ['--sharding=false', '--no-sharding']) {
      expect(managerOptionsFromFlags([off]).sharding?.enabled).toBe(false);
    }
    for (const ranges of ['1', '2', '16384', String(2 ** 40)]) {
      expect(managerOptionsFromFlags([`--shard-ranges=${ranges}`]).sharding?.ranges).toBe(Number(ranges));
    }
  });

  it('rejects a shard key, range count or mode it does not know, naming the flag', () => {
    expect(() => managerOptionsFromFlags(['--shard-key=name'])).toThrow(
      'invalid --shard-key "name": expected one of uid, namespace',
    );
    for (const ranges of ['0', '3', '4095', '-4096', '4096.0', '0x1000', '1e3', '', String(2 ** 53 + 2)]) {
      expect(() => managerOptionsFromFlags([`--shard-ranges=${ranges}`])).toThrow(
        `invalid --shard-ranges "${ranges}": expected a power of two`,
      );
    }
    expect(() => managerOptionsFromFlags(['--shard-mode=labelled'])).toThrow(
      'invalid --shard-mode "labelled": expected one of auto, server, labels',
    );
    expect(() => managerOptionsFromFlags(['--sharding=yes'])).toThrow(/--sharding/);
  });

  it('rejects unknown flags and bad values with the flag named', () => {
    expect(() => managerOptionsFromFlags(['--metrics-addr=:1'])).toThrow(/--metrics-addr/);
    expect(() => managerOptionsFromFlags(['--log-level=loud'])).toThrow('invalid --log-level "loud"');
    expect(() => managerOptionsFromFlags(['--leader-elect=yes'])).toThrow(/--leader-elect/);
  });

  it('reads the webhook flags: port, cert folder and names, and --enable-webhooks or ENABLE_WEBHOOKS=false', () => {
    expect(managerOptionsFromFlags([], {}, {})).toMatchObject({
      webhookServer: { port: 9443, certName: 'tls.crt', keyName: 'tls.key' },
      enableWebhooks: true,
    });
    expect(managerOptionsFromFlags([], {}, {}).webhookServer).not.toHaveProperty('certDir');
    const flags = ['--webhook-cert-path=/certs', '--webhook-cert-name=cert.pem', '--webhook-cert-key=key.pem'];
    expect(managerOptionsFromFlags([...flags, '--webhook-port=10250'], {}, {}).webhookServer).toEqual({
      port: 10250,
      certDir: '/certs',
      certName: 'cert.pem',
      keyName: 'key.pem',
    });
    expect(managerOptionsFromFlags([], {}, { ENABLE_WEBHOOKS: 'false' }).enableWebhooks).toBe(false);
    expect(managerOptionsFromFlags(['--enable-webhooks=false'], {}, {}).enableWebhooks).toBe(false);
    expect(managerOptionsFromFlags(['--enable-webhooks'], {}, { ENABLE_WEBHOOKS: 'false' }).enableWebhooks).toBe(true);
    expect(() => managerOptionsFromFlags(['--webhook-port=0'], {}, {})).toThrow(
      'invalid --webhook-port "0": expected a port from 1 to 65535',
    );
  });
});
