import { describe, expect, it } from '@jest/globals';
import { Widget, WidgetSpec } from '../../test/fixtures/widget.js';
import { toInstance, validate } from './validate.js';

const spec = { image: 'nginx', tier: 'free', ports: [{ name: 'http', port: 80 }] };

describe('toInstance', () => {
  it('applies defaults as the API server does and builds nested instances', () => {
    const w = toInstance(Widget, { spec });
    expect(w).toBeInstanceOf(Widget);
    expect(w.spec).toBeInstanceOf(WidgetSpec);
    expect(w.spec.replicas).toBe(1);
    expect(w.spec.ports[0]?.protocol).toBe('TCP');
  });
});

describe('validate', () => {
  it('accepts a valid object', async () => {
    expect(await validate({ spec }, Widget)).toEqual([]);
  });

  it('names nested fields with Kubernetes paths', async () => {
    const issues = await validate({ spec: { ...spec, ports: [{ name: 'http', port: 0 }] } }, Widget);
    expect(issues).toEqual([expect.objectContaining({ path: 'spec.ports[0].port', constraint: 'min' })]);
  });

  it('rejects an array where the schema wants an object, as the API server does', async () => {
    // @ValidateNested() alone validates each element of an array and lets it through
    const issues = await validate({ spec: [spec] }, Widget);
    expect(issues).toEqual([expect.objectContaining({ path: 'spec', constraint: 'type' })]);
  });

  it('evaluates CEL rules on the node that declares them', async () => {
    const issues = await validate({ spec: { ...spec, autoscaling: { minReplicas: 3, maxReplicas: 2 } } }, Widget);
    expect(issues).toEqual([
      {
        path: 'spec.autoscaling',
        constraint: 'x-kubernetes-validations',
        message: 'minReplicas must not exceed maxReplicas',
      },
    ]);
  });

  it('reports transition rules it cannot evaluate instead of guessing', async () => {
    const skipped: string[] = [];
    await validate({ spec: { ...spec, storageClass: 'fast' } }, Widget, { onSkippedRule: (r) => skipped.push(r.path) });
    expect(skipped).toEqual(['spec.storageClass']);
  });
});
