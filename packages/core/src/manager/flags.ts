/**
 * The kubebuilder-standard flags of an operator's `main`, read into Manager options, so a
 * generated `main.ts` reads like kubebuilder's `cmd/main.go`:
 * `--metrics-bind-address` (default `0`: off; kubebuilder's kustomize passes `:8443`),
 * `--metrics-secure` (default true: HTTPS behind TokenReview + SubjectAccessReview, i.e.
 * `withAuthenticationAndAuthorization`; `--metrics-secure=false` serves plain HTTP for local
 * work), `--metrics-cert-path` (a folder with the serving pair; default none: self-signed),
 * `--metrics-cert-name` (`tls.crt`), `--metrics-cert-key` (`tls.key`),
 * `--metrics-debug-reconciles` (default false: also serve `/debug/reconciles`, the recent
 * reconciles of controllers that record causes, behind the same authentication),
 * `--health-probe-bind-address` (`:8081`),
 * `--leader-elect` (false), `--leader-election-id`, `--leader-election-namespace` (default:
 * the pod's), `--leader-election-release-on-cancel` (default from `defaults`, else false),
 * `--log-level` (`info`; also `--zap-log-level`), `--log-format` (`json` or `console`),
 * and sharding (docs/sharding.md): `--sharding` (false), `--shard-key` (`uid` or
 * `namespace`; `uid`), `--shard-ranges` (a power of two; 4096), `--shard-mode` (`auto`,
 * `server` or `labels`; `auto`), and webhooks: `--webhook-cert-path` (a folder with the
 * serving pair; default controller-runtime's `<tmpdir>/k8s-webhook-server/serving-certs`),
 * `--webhook-cert-name` (`tls.crt`), `--webhook-cert-key` (`tls.key`), `--webhook-port`
 * (9443), `--enable-webhooks` (default true unless the environment has
 * `ENABLE_WEBHOOKS=false`, kubebuilder's switch; pass `enableWebhooks` to `OperantFactory.create`).
 * Boolean flags also take `--flag=true|false` and `--no-flag`, as Go's flag package does.
 * @module
 */
import { parseArgs } from 'node:util';
import type { LogLevel } from '../log/logger.js';
import { newLogger } from '../log/logger.js';
import type { ShardingOptions } from '../sharding/options.js';
import type { WebhookServerOptions } from '../webhook/server.js';
import { withAuthenticationAndAuthorization } from './metrics-filters.js';
import type { MetricsServerOptions } from './metrics-server.js';
import type { ManagerOptions } from './options.js';

const levels: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];
const booleans = [
  'leader-elect',
  'leader-election-release-on-cancel',
  'metrics-secure',
  'metrics-debug-reconciles',
  'sharding',
  'enable-webhooks',
];
const shardKeys: readonly NonNullable<ShardingOptions['key']>[] = ['uid', 'namespace'];
const shardModes: readonly NonNullable<ShardingOptions['mode']>[] = ['auto', 'server', 'labels'];

/** The manager's options, and whether to serve the module's webhooks (`OperantFactory.create`'s `enableWebhooks`). */
export interface ManagerFlags extends ManagerOptions {
  enableWebhooks: boolean;
}

export function managerOptionsFromFlags(
  argv: readonly string[] = process.argv.slice(2),
  defaults: { leaderElectionID?: string; leaderElectionReleaseOnCancel?: boolean } = {},
  env: NodeJS.ProcessEnv = process.env,
): ManagerFlags {
  const { values } = parseArgs({
    args: argv.map(goBoolean),
    strict: true,
    allowPositionals: false,
    allowNegative: true,
    options: {
      'metrics-bind-address': { type: 'string', default: '0' },
      'metrics-secure': { type: 'boolean', default: true },
      'metrics-cert-path': { type: 'string', default: '' },
      'metrics-cert-name': { type: 'string', default: 'tls.crt' },
      'metrics-cert-key': { type: 'string', default: 'tls.key' },
      'metrics-debug-reconciles': { type: 'boolean', default: false },
      'health-probe-bind-address': { type: 'string', default: ':8081' },
      'leader-elect': { type: 'boolean', default: false },
      'leader-election-id': { type: 'string' },
      'leader-election-namespace': { type: 'string' },
      'leader-election-release-on-cancel': {
        type: 'boolean',
        default: defaults.leaderElectionReleaseOnCancel ?? false,
      },
      'log-level': { type: 'string' },
      'zap-log-level': { type: 'string' },
      'log-format': { type: 'string', default: 'json' },
      sharding: { type: 'boolean', default: false },
      'shard-key': { type: 'string', default: 'uid' },
      'shard-ranges': { type: 'string', default: '4096' },
      'shard-mode': { type: 'string', default: 'auto' },
      'webhook-cert-path': { type: 'string', default: '' },
      'webhook-cert-name': { type: 'string', default: 'tls.crt' },
      'webhook-cert-key': { type: 'string', default: 'tls.key' },
      'webhook-port': { type: 'string', default: '9443' },
      'enable-webhooks': { type: 'boolean', default: env.ENABLE_WEBHOOKS !== 'false' },
    },
  });
  const level = (values['log-level'] ?? values['zap-log-level'] ?? 'info') as LogLevel;
  if (!levels.includes(level)) throw new Error(`invalid --log-level "${level}": expected one of ${levels.join(', ')}`);
  const format = values['log-format'];
  if (format !== 'json' && format !== 'console')
    throw new Error(`invalid --log-format "${format}": expected json or console`);
  return {
    metricsBindAddress: values['metrics-bind-address'],
    metricsServer: metricsServerOptions(values),
    healthProbeBindAddress: values['health-probe-bind-address'],
    leaderElection: values['leader-elect'],
    leaderElectionID: values['leader-election-id'] ?? defaults.leaderElectionID,
    leaderElectionNamespace: values['leader-election-namespace'],
    leaderElectionReleaseOnCancel: values['leader-election-release-on-cancel'],
    sharding: shardingOptions(values),
    webhookServer: webhookServerOptions(values),
    enableWebhooks: values['enable-webhooks'],
    logger: newLogger({ level, format }),
  };
}

/** kubebuilder's `webhook.Options`: the port, and a cert folder when given (else the server's default). */
function webhookServerOptions(values: {
  'webhook-cert-path': string;
  'webhook-cert-name': string;
  'webhook-cert-key': string;
  'webhook-port': string;
}): WebhookServerOptions {
  const text = values['webhook-port'];
  const port = Number(text);
  if (!/^[0-9]+$/.test(text) || port < 1 || port > 65535) {
    throw new Error(`invalid --webhook-port "${text}": expected a port from 1 to 65535`);
  }
  const certDir = values['webhook-cert-path'];
  return {
    port,
    ...(certDir === '' ? {} : { certDir }),
    certName: values['webhook-cert-name'],
    keyName: values['webhook-cert-key'],
  };
}

/** `--sharding`, `--shard-key`, `--shard-ranges`, `--shard-mode`, checked even when sharding is off. */
function shardingOptions(values: {
  sharding: boolean;
  'shard-key': string;
  'shard-ranges': string;
  'shard-mode': string;
}): ShardingOptions {
  const key = values['shard-key'] as NonNullable<ShardingOptions['key']>;
  if (!shardKeys.includes(key))
    throw new Error(`invalid --shard-key "${key}": expected one of ${shardKeys.join(', ')}`);
  const text = values['shard-ranges'];
  const ranges = Number(text);
  if (!/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(ranges) || (BigInt(ranges) & BigInt(ranges - 1)) !== 0n) {
    throw new Error(`invalid --shard-ranges "${text}": expected a power of two (1, 2, 4, …, 4096, …)`);
  }
  const mode = values['shard-mode'] as NonNullable<ShardingOptions['mode']>;
  if (!shardModes.includes(mode))
    throw new Error(`invalid --shard-mode "${mode}": expected one of ${shardModes.join(', ')}`);
  return { enabled: values.sharding, key, ranges, mode };
}

/**
 * kubebuilder's `metricsserver.Options`: secure → HTTPS and the auth filter; a cert path →
 * that pair; `/debug/reconciles` only when asked for.
 */
function metricsServerOptions(values: {
  'metrics-secure': boolean;
  'metrics-cert-path': string;
  'metrics-cert-name': string;
  'metrics-cert-key': string;
  'metrics-debug-reconciles': boolean;
}): MetricsServerOptions {
  const debug = values['metrics-debug-reconciles'] ? { debugReconciles: true } : {};
  if (!values['metrics-secure']) return { secureServing: false, ...debug };
  const certPath = values['metrics-cert-path'];
  return {
    secureServing: true,
    ...debug,
    filterProvider: withAuthenticationAndAuthorization,
    ...(certPath === ''
      ? {}
      : { certDir: certPath, certName: values['metrics-cert-name'], keyName: values['metrics-cert-key'] }),
  };
}

/** `--flag=true` → `--flag`, `--flag=false` → `--no-flag` (parseArgs takes no value for a boolean). */
function goBoolean(arg: string): string {
  const match = /^--([a-z-]+)=(true|false)$/.exec(arg);
  if (match === null || !booleans.includes(match[1] as string)) return arg;
  return match[2] === 'true' ? `--${match[1]}` : `--no-${match[1]}`;
}
