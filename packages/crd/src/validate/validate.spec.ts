import { describe, expect, it } from '@jest/globals';
import { Runner, validRunnerSpec } from '../../test/fixtures/runner.js';
import { Widget, WidgetSpec } from '../../test/fixtures/widget.js';
import { MAX_DEPTH, MAX_VALUES } from './bounds.js';
import { toInstance, validate } from './validate.js';

const spec = { image: 'nginx', tier: 'free', ports: [{ name: 'http', port: 80 }] };

/** `levels` objects `{ a: … }` around a string, built in a loop (a recursive builder would overflow here). */
function nested(levels: number): unknown {
  let value: unknown = 'nginx';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

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

  it('reports transition rules it cannot evaluate without the old object instead of guessing', async () => {
    const skipped: string[] = [];
    await validate({ spec: { ...spec, storageClass: 'fast' } }, Widget, { onSkippedRule: (r) => skipped.push(r.path) });
    expect(skipped).toEqual(['spec.storageClass']);
  });

  it('runs transition rules against the old object, only where the old object has the field', async () => {
    const old = { spec: { ...spec, storageClass: 'fast' } };
    const changed = await validate({ spec: { ...spec, storageClass: 'slow' } }, Widget, { old });
    expect(changed).toEqual([
      { path: 'spec.storageClass', constraint: 'x-kubernetes-validations', message: 'field is immutable' },
    ]);
    expect(await validate({ spec: { ...spec, storageClass: 'fast' } }, Widget, { old })).toEqual([]);
    expect(await validate({ spec: { ...spec, storageClass: 'slow' } }, Widget, { old: { spec } })).toEqual([]);
  });

  it('forgives, on update, errors in fields the update did not change (ratcheting)', async () => {
    const old = { spec: { ...spec, replicas: 0, tags: ['a', 'a'] } };
    expect(await validate({ spec: { ...old.spec, image: 'redis' } }, Widget, { old })).toEqual([]);
    const changed = await validate({ spec: { ...old.spec, replicas: -1 } }, Widget, { old });
    expect(changed.map((i) => [i.path, i.constraint])).toEqual([['spec.replicas', 'min']]);
    expect((await validate(old, Widget)).map((i) => i.path)).toEqual(['spec.replicas', 'spec.tags', 'spec.tags[1]']);
  });

  it('names duplicates in set and map lists as the API server does', async () => {
    const issues = await validate(
      {
        spec: {
          ...spec,
          tags: ['a', 'a'],
          ports: [
            { name: 'http', port: 80 },
            { name: 'http', port: 81 },
          ],
        },
      },
      Widget,
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'spec.tags[1]', constraint: 'duplicate', message: 'Duplicate value: "a"' },
        { path: 'spec.ports[1]', constraint: 'duplicate', message: 'Duplicate value: {"name":"http"}' },
      ]),
    );
  });

  it('refuses an int-or-string that is neither, and a Quantity that does not parse', async () => {
    const issues = await validate(
      { spec: { ...spec, maxUnavailable: true, resources: { cpu: 'lots', memory: 2 } } },
      Widget,
    );
    expect(issues.map((i) => [i.path, i.constraint])).toEqual([
      ['spec.maxUnavailable', 'type'],
      ['spec.resources.cpu', 'pattern'],
    ]);
  });

  it('returns an issue naming the field and the limit for a 10,000-level object, instead of overflowing the stack', async () => {
    const issues = await validate({ spec: { ...spec, image: nested(10_000) } }, Widget);
    expect(issues).toEqual([
      {
        path: 'spec.image',
        constraint: 'maxDepth',
        message: `must not be nested more than ${MAX_DEPTH} levels deep (the limit is ${MAX_DEPTH})`,
      },
    ]);
  });

  it('counts levels as the API server does: the object is level 1, so spec.image may hold limit − 2', async () => {
    const at = await validate({ spec: { ...spec, image: nested(MAX_DEPTH - 2) } }, Widget);
    expect(at.map((i) => i.constraint)).not.toContain('maxDepth');
    expect(at.map((i) => i.path)).toContain('spec.image');
    const over = await validate({ spec: { ...spec, image: nested(MAX_DEPTH - 1) } }, Widget);
    expect(over).toEqual([expect.objectContaining({ path: 'spec.image', constraint: 'maxDepth' })]);
  });

  it('names a map value by its key', async () => {
    const issues = await validate({ spec: { ...spec, labels: { app: nested(10_000) } } }, Widget);
    expect(issues).toEqual([expect.objectContaining({ path: 'spec.labels.app', constraint: 'maxDepth' })]);
  });

  it('returns an issue for more values than a 3 MiB request can carry, naming the field', async () => {
    const issues = await validate({ spec: { ...spec, replicas: new Array(MAX_VALUES).fill(1) } }, Widget);
    expect(issues).toEqual([
      {
        path: 'spec.replicas',
        constraint: 'maxValues',
        message: `must not hold more than ${MAX_VALUES} values (the limit is ${MAX_VALUES}, what a 3 MiB request can carry)`,
      },
    ]);
  });
});

describe('validate() of fields of Kubernetes types (@KubernetesType)', () => {
  const runner = (change: (spec: typeof validRunnerSpec) => void) => {
    const copy = structuredClone(validRunnerSpec);
    change(copy);
    return { apiVersion: 'demo.operant.dev/v1', kind: 'Runner', metadata: { name: 'r' }, spec: copy };
  };

  it('accepts a full pod template, Job template, tolerations, selector and conditions', async () => {
    expect(
      await validate(
        runner(() => {}),
        Runner,
      ),
    ).toEqual([]);
  });

  it('refuses a wrong type, a missing container name and a bad quantity deep inside the pod template', async () => {
    const issues = await validate(
      runner((s) => {
        const [main] = s.template.spec.containers as { name?: string; resources: { limits: { cpu: string } } }[];
        delete main?.name;
        if (main !== undefined) main.resources.limits.cpu = 'lots';
        (s.jobTemplate.spec.template.spec as { containers: unknown }).containers = 'not-a-list';
      }),
      Runner,
    );
    expect(issues.map((i) => [i.path, i.constraint])).toEqual(
      expect.arrayContaining([
        ['spec.jobTemplate.spec.template.spec.containers', 'type'],
        ['spec.template.spec.containers[0].resources.limits.cpu', 'pattern'],
        ['spec.template.spec.containers[0].name', 'required'],
      ]),
    );
    expect(issues).toHaveLength(3);
  });

  it("checks the keywords of the type's schema (a metav1.Condition's enum and pattern) in the API server's words", async () => {
    const issues = await validate(
      runner((s) => {
        Object.assign(s.gates[0] as object, { status: 'Maybe', reason: 'all good' });
      }),
      Runner,
    );
    expect(issues).toEqual([
      {
        path: 'spec.gates[0].reason',
        constraint: 'pattern',
        message: `spec.gates[0].reason: Invalid value: "all good": should match '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'`,
      },
      {
        path: 'spec.gates[0].status',
        constraint: 'enum',
        message: 'spec.gates[0].status: Unsupported value: "Maybe": supported values: "True", "False", "Unknown"',
      },
    ]);
  });
});
