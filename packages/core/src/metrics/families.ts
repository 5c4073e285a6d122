/**
 * Get-or-create of metric families on a registry: `counter(registry, config)` returns the
 * family named `config.name` when the registry holds one already, else registers a new one.
 * Every subsystem registers its families this way, so two registrations of one family on
 * one registry (two controllers, two managers sharing a registry) share it instead of
 * failing; the family keeps the first caller's help, labels and buckets. A family of that
 * name but of another type is an error.
 * @module
 */
import type * as prom from 'prom-client';
import { Counter, Gauge, Histogram } from './prom-client.js';
import type { MetricsRegistry } from './registry.js';

/** A family's configuration without `registers`: the registry is the first argument. */
export type FamilyConfiguration<C> = Omit<C, 'registers'>;

function family<M extends prom.Metric>(
  registry: MetricsRegistry,
  name: string,
  type: abstract new (...args: never[]) => M,
  create: () => M,
): M {
  const known = registry.getSingleMetric(name);
  if (known === undefined) return create();
  if (!(known instanceof type)) {
    throw new TypeError(
      `unable to register the ${type.name.toLowerCase()} ${name}: the registry holds another type of that name`,
    );
  }
  return known;
}

/** The counter `config.name` of `registry`, registered on first call. */
export function counter<T extends string>(
  registry: MetricsRegistry,
  config: FamilyConfiguration<prom.CounterConfiguration<T>>,
): prom.Counter<T> {
  return family(registry, config.name, Counter<T>, () => new Counter({ ...config, registers: [registry] }));
}

/** The gauge `config.name` of `registry`, registered on first call. */
export function gauge<T extends string>(
  registry: MetricsRegistry,
  config: FamilyConfiguration<prom.GaugeConfiguration<T>>,
): prom.Gauge<T> {
  return family(registry, config.name, Gauge<T>, () => new Gauge({ ...config, registers: [registry] }));
}

/** The histogram `config.name` of `registry`, registered on first call. */
export function histogram<T extends string>(
  registry: MetricsRegistry,
  config: FamilyConfiguration<prom.HistogramConfiguration<T>>,
): prom.Histogram<T> {
  return family(registry, config.name, Histogram<T>, () => new Histogram({ ...config, registers: [registry] }));
}
