/**
 * `OperantFactory.create(AppModule)` then `start(signal)` on the real control plane: the
 * application of a root module and its imports reconciles; its controllers get the runtime
 * through the `Manager` and `Cluster` contracts (`MANAGER`, `CLUSTER`, `Cache`, `CLIENT`);
 * the Manager leads (`elected()`), reads any kind live (`apiReader`), and `start` resolves
 * after the signal aborts, or rejects with the failure that stopped it; a Manager passed in
 * is the one the application runs.
 */
import { beforeAll, expect, it } from '@jest/globals';
import { V1ConfigMap, V1Namespace } from '@kubernetes/client-node';
import { describeWithControlPlane, sharedKubeConfig } from '@operant/testing/jest';
import type { Request } from '../src/api/request.js';
import { ignoreNotFound } from '../src/api/status-error.js';
import { Cache } from '../src/cache/cache.js';
import { ApiClient } from '../src/client/api-client.js';
import type { Client } from '../src/client/interfaces.js';
import { Controller } from '../src/decorators/controller.decorator.js';
import { Module } from '../src/decorators/module.decorator.js';
import { Reconcile } from '../src/decorators/reconcile.decorator.js';
import { Inject, Injectable } from '../src/di/inject.js';
import { OperantFactory } from '../src/di/operant-factory.js';
import { CLIENT, CLUSTER, MANAGER } from '../src/di/tokens.js';
import type { Cluster } from '../src/manager/cluster.js';
import type { Manager } from '../src/manager/interfaces.js';
import { newManager } from '../src/manager/manager.js';
import { eventually, installWidgetCrd, newNamespace, useCleanups, WidgetType } from './fixtures/helpers.js';

const SIZE_INDEX = 'spec.size';

@Injectable()
class Greeting {
  readonly text = 'hello';
}

@Module({ providers: [Greeting], exports: [Greeting] })
class GreetingModule {}

/** Keeps `<name>-greeting` with the greeting and the widget's size; indexes widgets by size. */
@Controller({ for: WidgetType, owns: [V1ConfigMap] })
class GreetingWidgets {
  constructor(
    private readonly greeting: Greeting,
    @Inject(CLIENT) private readonly client: Client,
    @Inject(MANAGER) readonly manager: Manager,
    @Inject(CLUSTER) readonly cluster: Cluster,
    readonly cache: Cache,
  ) {
    cache.indexField(WidgetType, SIZE_INDEX, (w) => [String(w.spec?.size ?? 0)]);
  }

  @Reconcile()
  async reconcile(request: Request): Promise<void> {
    const widget = await this.client.get(WidgetType, request).catch(ignoreNotFound);
    if (widget === undefined) return;
    const sameSize = await this.client.list(WidgetType, {
      namespace: request.namespace,
      matchingFields: { [SIZE_INDEX]: String(widget.spec?.size ?? 0) },
    });
    await this.client.apply<V1ConfigMap>(
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { namespace: request.namespace, name: `${request.name}-greeting` },
        data: { greeting: this.greeting.text, sameSize: String(sameSize.items.length) },
      },
      { force: true, fieldManager: 'operant-factory-test' },
    );
  }
}

@Module({ imports: [GreetingModule], controllers: [GreetingWidgets] })
class AppModule {}

describeWithControlPlane('OperantFactory.create(AppModule) then start(signal)', () => {
  const kc = sharedKubeConfig();
  const api = new ApiClient({ kubeConfig: kc });
  const cleanup = useCleanups();

  beforeAll(async () => {
    await installWidgetCrd(api);
  }, 60_000);

  it('runs the module graph until the signal aborts, its controllers reaching the runtime through the contracts', async () => {
    const ns = await newNamespace(api, 'factory');
    const app = await OperantFactory.create(AppModule, {
      manager: { kubeConfig: kc, cache: { defaultNamespaces: [ns] } },
    });
    const stop = new AbortController();
    const running = app.start(stop.signal);
    cleanup(async () => {
      stop.abort();
      await running.catch(() => undefined);
    });

    const controller = app.get<GreetingWidgets>(GreetingWidgets);
    expect(controller.manager).toBe(app.manager);
    expect(controller.cluster).toBe(app.manager);
    expect(controller.cache).toBe(app.manager.cache);
    await app.manager.elected();

    await api.create({
      apiVersion: 'core.operant.test/v1',
      kind: 'Widget',
      metadata: { namespace: ns, name: 'w1' },
      spec: { size: 3 },
    });
    await eventually(async () => {
      const cm = await api.get(V1ConfigMap, { namespace: ns, name: 'w1-greeting' });
      expect(cm.data).toEqual({ greeting: 'hello', sameSize: '1' });
    });

    // a kind the cache does not hold: the client refuses it, the API reader reads it
    await expect(app.manager.client.get(V1Namespace, { name: ns })).rejects.toThrow('Namespace is not cached');
    expect((await app.manager.apiReader.get(V1Namespace, { name: ns })).metadata?.name).toBe(ns);

    stop.abort();
    await expect(running).resolves.toBeUndefined();
  }, 60_000);

  it('rejects start with the failure that stopped the manager', async () => {
    const app = await OperantFactory.create(AppModule, { manager: { kubeConfig: kc } });
    app.manager.add({ start: () => Promise.reject(new Error('port 9443 in use')) });
    const stop = new AbortController();
    cleanup(async () => stop.abort());
    await expect(app.start(stop.signal)).rejects.toThrow('port 9443 in use');
  }, 60_000);

  it('runs the Manager it is given', async () => {
    const manager = newManager({ kubeConfig: kc });
    const app = await OperantFactory.create(AppModule, { manager });
    expect(app.manager).toBe(manager);
    expect(app.get<GreetingWidgets>(GreetingWidgets).manager).toBe(manager);
  }, 60_000);
});
