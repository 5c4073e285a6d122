/**
 * Decorated controllers on the real control plane: the same controller written with
 * decorators and with the builder reconciles the same requests and leaves the same objects
 * for one scripted sequence of changes; a throwing decorated reconcile is retried; a custom
 * predicate decorator filters as declared.
 */
import { beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import { inject, injectable } from 'inversify';
import type { Request } from '../src/api/request.js';
import { ignoreNotFound } from '../src/api/status-error.js';
import { controllerManagedBy } from '../src/builder/builder.js';
import { ApiClient } from '../src/client/api-client.js';
import type { Client } from '../src/client/interfaces.js';
import { mergePatch } from '../src/client/patch.js';
import { setControllerReference } from '../src/controllerutil/owner.js';
import { Controller } from '../src/decorators/controller.decorator.js';
import { createPredicateDecorator, GenerationChanged } from '../src/decorators/predicate.decorator.js';
import { Reconcile } from '../src/decorators/reconcile.decorator.js';
import { createOperator, type Operator } from '../src/di/create-operator.js';
import { CLIENT } from '../src/di/tokens.js';
import { newManager } from '../src/manager/manager.js';
import { generationChanged } from '../src/predicate/changed.js';
import { labelSelector } from '../src/predicate/object-filters.js';
import {
  eventually,
  installWidgetCrd,
  newNamespace,
  startManager,
  useCleanups,
  type Widget,
  WidgetType,
} from './fixtures/helpers.js';

/** What both versions do: keep `<name>-data` with the widget's size; record each request. */
async function converge(client: Client, request: Request, seen: string[]): Promise<void> {
  seen.push(request.name);
  const w = await client.get(WidgetType, request).catch(ignoreNotFound);
  if (w === undefined) return;
  const cm: V1ConfigMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { namespace: request.namespace, name: `${request.name}-data` },
    data: { size: String(w.spec?.size) },
  };
  setControllerReference(w, cm);
  await client.apply(cm, { force: true, fieldManager: 'equivalence' });
}

const Recorder = Symbol('recorder');

@Controller({ for: WidgetType, owns: [V1ConfigMap] })
@GenerationChanged()
class DecoratedWidgets {
  constructor(
    @inject(CLIENT) private readonly client: Client,
    @inject(Recorder) private readonly seen: string[],
  ) {}

  @Reconcile()
  async reconcile(request: Request): Promise<void> {
    await converge(this.client, request, this.seen);
  }
}

const OnlyTeamA = createPredicateDecorator(() => labelSelector('team=a'), 'OnlyTeamA');

@injectable()
class Flakiness {
  failuresLeft = 2;
}

@Controller({ for: WidgetType, name: 'team-a' })
@OnlyTeamA()
class TeamAWidgets {
  constructor(
    private readonly flakiness: Flakiness,
    @inject(Recorder) private readonly seen: string[],
  ) {}

  @Reconcile()
  async reconcile({ name }: Request): Promise<void> {
    this.seen.push(name);
    if (name === 'flaky' && this.flakiness.failuresLeft-- > 0) throw new Error('flaky dependency');
  }
}

describeWithControlPlane('decorated controllers on the real API server', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();

  beforeAll(async () => {
    await installWidgetCrd(api);
  }, 60_000);

  /** The scripted sequence; returns the ConfigMaps left behind, by name. */
  async function script(ns: string, idle: () => Promise<void>): Promise<Record<string, string | undefined>> {
    const widget = (name: string, size: number): Widget => ({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name },
      spec: { size },
    });
    const w1 = await api.create(widget('w1', 1));
    await api.create(widget('w2', 2));
    await idle();
    await api.patch(w1, mergePatch({ spec: { size: 5 } }));
    await idle();
    await api.status().patch(w1, mergePatch({ status: { phase: 'Ready' } })); // filtered by generationChanged
    await idle();
    await api.delete(await api.get(V1ConfigMap, { namespace: ns, name: 'w2-data' }));
    await idle();
    const cms = await api.list(V1ConfigMap, { namespace: ns, labelSelector: '' });
    return Object.fromEntries(
      cms.items.filter((c) => c.metadata?.name?.endsWith('-data')).map((c) => [c.metadata?.name, c.data?.size]),
    );
  }

  const settle = (seen: string[], min: number) => async () => {
    await eventually(() => expect(seen.length).toBeGreaterThanOrEqual(min));
    let last = -1;
    while (last !== seen.length) {
      last = seen.length;
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
  };

  it('behaves exactly like the same controller built with the builder', async () => {
    const runs: Record<'decorated' | 'builder', { seen: string[]; objects: Record<string, string | undefined> }> = {
      decorated: { seen: [], objects: {} },
      builder: { seen: [], objects: {} },
    };
    {
      const ns = await newNamespace(api, 'deco');
      const seen = runs.decorated.seen;
      const op: Operator = await createOperator({
        manager: { kubeConfig: kc, cache: { defaultNamespaces: [ns] } },
        controllers: [DecoratedWidgets],
        providers: [{ provide: Recorder, useValue: seen }],
      });
      void op.start();
      cleanup(() => op.stop());
      let expected = 0;
      runs.decorated.objects = await script(ns, () => settle(seen, ++expected)());
    }
    {
      const ns = await newNamespace(api, 'built');
      const seen = runs.builder.seen;
      const mgr = newManager({ kubeConfig: kc, cache: { defaultNamespaces: [ns] } });
      controllerManagedBy(mgr)
        .for(WidgetType, { predicates: [generationChanged()] }) // a class-level predicate decorator: the for kind only
        .owns(V1ConfigMap)
        .complete({ reconcile: (request) => converge(mgr.client, request, seen) });
      startManager(mgr, cleanup);
      let expected = 0;
      runs.builder.objects = await script(ns, () => settle(seen, ++expected)());
    }
    expect(runs.decorated.objects).toEqual({ 'w1-data': '5', 'w2-data': '2' });
    expect(runs.decorated.objects).toEqual(runs.builder.objects);
    const counts = (seen: string[]) => {
      const m: Record<string, number> = {};
      for (const n of seen) m[n] = (m[n] ?? 0) + 1;
      return m;
    };
    expect(counts(runs.decorated.seen)).toEqual(counts(runs.builder.seen));
  }, 90_000);

  it('retries a throwing decorated reconcile and filters with a custom predicate decorator', async () => {
    const ns = await newNamespace(api, 'team');
    const seen: string[] = [];
    const op = await createOperator({
      manager: { kubeConfig: kc, cache: { defaultNamespaces: [ns] } },
      controllers: [TeamAWidgets],
      providers: [Flakiness, { provide: Recorder, useValue: seen }],
    });
    void op.start();
    cleanup(() => op.stop());
    const make = (name: string, team: string) =>
      api.create<Widget>({
        apiVersion: 'core.operant.test/v1',
        kind: 'Widget',
        metadata: { namespace: ns, name, labels: { team } },
        spec: { size: 1 },
      });
    await make('other-team', 'b');
    await make('flaky', 'a');
    await eventually(() => expect(seen.filter((n) => n === 'flaky')).toHaveLength(3));
    await make('steady', 'a');
    await eventually(() => expect(seen).toContain('steady'));
    expect(seen).not.toContain('other-team');
    expect(op.get<Flakiness>(Flakiness).failuresLeft).toBe(-1);
  }, 60_000);
});
