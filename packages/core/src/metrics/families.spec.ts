import { describe, expect, it } from '@jest/globals';
import { counter, gauge, histogram } from './families.js';
import { newRegistry } from './registry.js';

describe('counter, gauge, histogram', () => {
  it('register a family on first call and return it on the next', async () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    const first = counter(registry, { name: 'widgets_total', help: 'Widgets', labelNames: ['size'] });
    const second = counter(registry, { name: 'widgets_total', help: 'ignored', labelNames: ['size'] });
    expect(second).toBe(first);
    second.inc({ size: 'l' }, 2);
    expect(await registry.metrics()).toBe(
      '# HELP widgets_total Widgets\n# TYPE widgets_total counter\nwidgets_total{size="l"} 2\n',
    );
    expect(gauge(registry, { name: 'g', help: 'g' })).toBe(gauge(registry, { name: 'g', help: 'g' }));
    const h = histogram(registry, { name: 'h_seconds', help: 'h', buckets: [1] });
    expect(histogram(registry, { name: 'h_seconds', help: 'h' })).toBe(h);
  });

  it('keep registries apart', () => {
    const a = newRegistry({ collectDefaultMetrics: false });
    const b = newRegistry({ collectDefaultMetrics: false });
    expect(gauge(a, { name: 'g', help: 'g' })).not.toBe(gauge(b, { name: 'g', help: 'g' }));
  });

  it('refuse a family of that name but of another type', () => {
    const registry = newRegistry({ collectDefaultMetrics: false });
    gauge(registry, { name: 'widgets_total', help: 'Widgets' });
    expect(() => counter(registry, { name: 'widgets_total', help: 'Widgets' })).toThrow(
      'unable to register the counter widgets_total: the registry holds another type of that name',
    );
  });
});
