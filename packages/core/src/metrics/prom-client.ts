/**
 * The parts of prom-client the runtime uses, each loaded by its own file: the registry and
 * the three metric classes at import, the default metrics (`process_*`, `nodejs_*`) only when
 * a registry collects them. prom-client's index would also load Summary (tdigest), the
 * Pushgateway (zlib, http), the cluster aggregator, and the default metrics with
 * @opentelemetry/api. prom-client has no exports map, and its version is pinned.
 * @module
 */
import { createRequire } from 'node:module';
import type * as prom from 'prom-client';

const require = createRequire(import.meta.url);

export const Registry = require('prom-client/lib/registry') as typeof prom.Registry;
export const Counter = require('prom-client/lib/counter') as typeof prom.Counter;
export const Gauge = require('prom-client/lib/gauge') as typeof prom.Gauge;
export const Histogram = require('prom-client/lib/histogram') as typeof prom.Histogram;

/** prom-client's `collectDefaultMetrics`, loaded on first call. */
export const collectDefaultMetrics = (
  config: prom.DefaultMetricsCollectorConfiguration<prom.RegistryContentType>,
): void => (require('prom-client/lib/defaultMetrics') as typeof prom.collectDefaultMetrics)(config);
