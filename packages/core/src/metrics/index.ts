/**
 * The manager's Prometheus registry (controller-runtime's `metrics.Registry`): `mgr.metrics`,
 * a prom-client `Registry` served at `/metrics` by the metrics server (`metricsBindAddress`,
 * `metricsServer` in `@operant/core/manager`). Each subsystem registers its own families on
 * it with controller-runtime's names; add yours with `counter`, `gauge` and `histogram`
 * (get-or-create: a second registration of a family shares it).
 *
 * ```ts
 * const built = counter(mgr.metrics, { name: 'widgets_built_total', help: 'Widgets built', labelNames: ['size'] });
 * built.inc({ size: 'large' });
 * ```
 * @module metrics
 */
export { counter, type FamilyConfiguration, gauge, histogram } from './families.js';
export type { MetricsOptions, MetricsRegistry } from './registry.js';
