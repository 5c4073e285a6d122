import { describe, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Secret } from '@kubernetes/client-node';
import {
  CLIENT,
  type Client,
  Controller,
  controllerutil,
  GenerationChanged,
  Inject,
  ignoreNotFound,
  Predicate,
  Reconcile,
  type Request,
  Watches,
} from '@operant/core';
import { BuilderError } from '@operant/core/builder';
import { LabelChanged } from '@operant/core/decorators';
import { resourceType } from '@operant/core/resources';
import { fakeClient } from './builder.js';
import { ReconcileHarness } from './harness.js';

interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: { size?: number };
}
const WidgetType = resourceType<Widget>({
  group: 'harness.operant.test',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const widget = (name: string, annotations: Record<string, string> = {}): Widget => ({
  apiVersion: 'harness.operant.test/v1',
  kind: 'Widget',
  metadata: { namespace: 'ns', name, annotations },
  spec: { size: 1 },
});
const SEEN = Symbol('seen');

/** Keeps `<name>-cm`, owned; Secrets labelled `widget=<name>` reconcile that Widget. */
@Controller({ for: WidgetType, owns: [V1ConfigMap] })
@GenerationChanged()
class Scoped {
  constructor(
    @Inject(CLIENT) private readonly client: Client,
    @Inject(SEEN) private readonly seen: string[],
  ) {}

  @Watches(V1Secret)
  @LabelChanged()
  widgetOfSecret(secret: V1Secret): Request[] {
    const name = secret.metadata?.labels?.widget;
    return name === undefined ? [] : [{ namespace: 'ns', name }];
  }

  @Predicate()
  notPaused(event: { object?: Widget; objectNew?: Widget }): boolean {
    return (event.objectNew ?? event.object)?.metadata?.annotations?.paused !== 'true';
  }

  @Reconcile()
  async reconcile(request: Request): Promise<void> {
    this.seen.push(request.name);
    const w = await this.client.get(WidgetType, request).catch(ignoreNotFound);
    if (w === undefined) return;
    const cm: V1ConfigMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { namespace: 'ns', name: `${request.name}-cm` },
      data: { size: '1' },
    };
    controllerutil.setControllerReference(w, cm);
    await this.client.apply(cm, { force: true, fieldManager: 'scoped' });
  }
}

async function harness(...widgets: Widget[]) {
  const client = fakeClient()
    .withKinds(WidgetType)
    .withObjects(...widgets)
    .build();
  const seen: string[] = [];
  const h = new ReconcileHarness({ client });
  await h.addControllers([Scoped], { providers: [{ provide: SEEN, useValue: seen }] });
  await h.run();
  seen.length = 0;
  return { client, h, seen };
}

describe('predicate scope in the harness: the class filters the for kind, a @Watches method its watch', () => {
  it('a class-level predicate filters the for kind but not the owned kind', async () => {
    const { client, h, seen } = await harness(widget('a'));
    const w = await client.get(WidgetType, { namespace: 'ns', name: 'a' });
    await client.update({ ...w, metadata: { ...w.metadata, labels: { touched: 'yes' } } });
    await h.run();
    expect(seen).toEqual([]); // no generation change on the Widget: filtered
    const cm = await client.get(V1ConfigMap, { namespace: 'ns', name: 'a-cm' });
    await client.update({ ...cm, data: { size: 'tampered' } });
    await h.run();
    // a ConfigMap has no generation, and GenerationChanged does not apply to it: the tampering, then the repair
    expect(seen).toEqual(['a', 'a']);
    expect((await client.get(V1ConfigMap, { namespace: 'ns', name: 'a-cm' })).data).toEqual({ size: '1' });
  });

  it('a predicate method filters the for kind only', async () => {
    const { client, h, seen } = await harness(widget('paused', { paused: 'true' }));
    expect(h.processed.map((p) => p.request.name)).toEqual([]); // the paused Widget's create: filtered
    await client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { namespace: 'ns', name: 's', labels: { widget: 'paused' }, annotations: { paused: 'true' } },
    } as V1Secret);
    await h.run();
    // the (paused-annotated) Secret's event, then the event of the ConfigMap that reconcile created: notPaused asks neither
    expect(seen).toEqual(['paused', 'paused']);
  });

  it('a predicate on a @Watches method filters that watch, and the class-level one does not', async () => {
    const { client, h, seen } = await harness(widget('a'));
    const secret = await client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { namespace: 'ns', name: 's', labels: { widget: 'a' } },
    } as V1Secret);
    await h.run();
    expect(seen).toEqual(['a']);
    const updated = await client.update({ ...secret, data: { k: 'dg==' } });
    await h.run();
    expect(seen).toEqual(['a']); // labels unchanged: LabelChanged drops it
    await client.update({ ...updated, metadata: { ...updated.metadata, labels: { widget: 'a', v: '2' } } });
    await h.run();
    expect(seen).toEqual(['a', 'a']); // GenerationChanged (class) would have dropped it: it is not asked
  });
});

describe("the harness's builder checks the controller rules as core's builder does", () => {
  const h = () => new ReconcileHarness({ client: fakeClient().withKinds(WidgetType).build() });
  const reconciler = { reconcile: async () => {} };
  const problems = (add: () => unknown): string[] => {
    try {
      add();
    } catch (err) {
      if (err instanceof BuilderError) return err.problems.map((p) => `${p.kind}: ${p.message}`);
      throw err;
    }
    throw new Error('expected a BuilderError');
  };

  it('refuses owns without for, a missing name and unknown kinds, all at once', () => {
    class Gizmo {}
    const unknown = Gizmo as never;
    expect(
      problems(() => h().controllerManagedBy().owns(V1ConfigMap).watches(unknown, {}).complete(reconciler)),
    ).toEqual([
      'unknownKind: watches() names Gizmo, an unknown kind; register it or use resourceType()',
      'ownsWithoutFor: owns() can only be used together with for()',
      'missingName: a controller without for() needs a name: use named()',
    ]);
  });

  it('refuses a second controller of the same name', () => {
    const harness = h();
    harness.controllerManagedBy().for(WidgetType).complete(reconciler);
    expect(problems(() => harness.controllerManagedBy().for(WidgetType).complete(reconciler))).toEqual([
      'duplicateName: the name widget is already used by another controller; use named()',
    ]);
    harness.controllerManagedBy().for(WidgetType).named('widget-2').complete(reconciler);
  });
});
