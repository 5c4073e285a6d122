import { describe, expect, it } from '@jest/globals';
import { inject, injectable } from 'inversify';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import type { Client } from '../client/interfaces.js';
import { Controller } from '../decorators/controller.decorator.js';
import { Module } from '../decorators/module.decorator.js';
import { Reconcile } from '../decorators/reconcile.decorator.js';
import { Conversion, DefaultingWebhook, ValidatingWebhook } from '../decorators/webhook.decorator.js';
import type { Cluster } from '../manager/cluster.js';
import type { Manager } from '../manager/interfaces.js';
import { resourceType } from '../resources/resource-type.js';
import type { Conversions } from '../webhook/conversion.js';
import { createOperator } from './create-operator.js';
import { ScanError } from './errors.js';
import { OperantFactory } from './operant-factory.js';
import { CLIENT, CLUSTER, EVENT_RECORDER, LOGGER, MANAGER } from './tokens.js';

// Resolution only: nothing here starts the manager, so no server is contacted.
const kubeConfig = unreachableKubeConfig;
const Widget = resourceType({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const GREETING = Symbol('greeting');

@injectable()
class Counter {
  count = 0;
}

@injectable()
class Greeter {
  constructor(
    readonly counter: Counter,
    @inject(GREETING) readonly greeting: string,
  ) {}
}

@Controller({ for: Widget })
class WidgetReconciler {
  constructor(
    readonly greeter: Greeter,
    @inject(MANAGER) readonly manager: Manager,
    @inject(CLUSTER) readonly cluster: Cluster,
    @inject(CLIENT) readonly client: Client,
    @inject(LOGGER) readonly log: unknown,
    @inject('settings') readonly settings: { size: number },
  ) {}

  @Reconcile()
  async reconcile(): Promise<void> {}
}

describe('createOperator', () => {
  it('injects runtime parts by type and token, and user providers of every form', async () => {
    const op = await createOperator({
      manager: { kubeConfig: kubeConfig() },
      controllers: [WidgetReconciler],
      providers: [
        Counter,
        Greeter,
        { provide: GREETING, useValue: 'hello' },
        { provide: 'settings', useFactory: async (g: Greeter) => ({ size: g.greeting.length }), inject: [Greeter] },
        { provide: 'fresh', useClass: Counter, scope: 'transient' },
      ],
    });
    const controller = op.get<WidgetReconciler>(WidgetReconciler);
    expect(controller.manager).toBe(op.manager);
    expect(controller.cluster).toBe(op.manager);
    expect(controller.client).toBe(op.manager.client);
    expect(controller.log).toBe(op.manager.logger);
    expect(controller.greeter.greeting).toBe('hello');
    expect(controller.settings).toEqual({ size: 5 });
    expect(op.get(Counter)).toBe(op.get(Counter)); // singleton by default
    expect(op.get('fresh')).not.toBe(op.get('fresh')); // transient
    expect(op.controllers.map((c) => c.name)).toEqual(['widget']);
  });

  it("injects an EventRecorder that reports as the manager's eventSource (default operant)", async () => {
    const named = await createOperator({ manager: { kubeConfig: kubeConfig(), eventSource: 'memcached-operator' } });
    expect(named.get(EVENT_RECORDER)).toBe(named.manager.getEventRecorderFor('memcached-operator'));
    const unnamed = await createOperator({ manager: { kubeConfig: kubeConfig() } });
    expect(unnamed.get(EVENT_RECORDER)).toBe(unnamed.manager.getEventRecorderFor('operant'));
  });

  it('names the controller and the missing provider', async () => {
    await expect(
      createOperator({ manager: { kubeConfig: kubeConfig() }, controllers: [WidgetReconciler], providers: [Counter] }),
    ).rejects.toThrow(/^unable to create controller WidgetReconciler: .*Greeter/);
  });

  it('rejects a token listed twice in providers, naming both registrations', async () => {
    await expect(
      createOperator({
        manager: { kubeConfig: kubeConfig() },
        providers: [Counter, { provide: Counter, useClass: Greeter }],
      }),
    ).rejects.toThrow(
      'unable to register provider Counter (useClass Greeter) in providers: an earlier entry already registers it (class Counter)',
    );
  });

  it('names a provider whose factory fails', async () => {
    const failing = createOperator({
      manager: { kubeConfig: kubeConfig() },
      providers: [{ provide: 'db', useFactory: async () => Promise.reject(new Error('connection refused')) }],
    });
    await expect(failing).rejects.toBeInstanceOf(ScanError);
    await expect(failing).rejects.toThrow('unable to create provider db: connection refused');
  });
});

describe('OperantFactory.create', () => {
  @Module({ providers: [Counter, Greeter, { provide: GREETING, useValue: 'hi' }], exports: [Greeter] })
  class GreetingModule {}

  @Module({
    imports: [GreetingModule],
    controllers: [WidgetReconciler],
    providers: [{ provide: 'settings', useValue: { size: 1 } }],
  })
  class AppModule {}

  it('collects controllers and providers through module imports', async () => {
    const app = await OperantFactory.create(AppModule, { manager: { kubeConfig: kubeConfig() } });
    expect(app.get<WidgetReconciler>(WidgetReconciler).greeter.greeting).toBe('hi');
  });

  it('rejects a token that two modules register, naming both registrations', async () => {
    @Module({ providers: [Counter] })
    class CountingModule {}
    @Module({ imports: [CountingModule], providers: [{ provide: Counter, useValue: new Counter() }] })
    class Twice {}
    const created = OperantFactory.create(Twice, { manager: { kubeConfig: kubeConfig() } });
    await expect(created).rejects.toBeInstanceOf(ScanError);
    await expect(created).rejects.toThrow(
      'unable to register provider Counter (useValue) in Twice: CountingModule already registers it (class Counter)',
    );
  });

  it('gives each application its own container: two apps in one process share no provider', async () => {
    const first = await OperantFactory.create(AppModule, { manager: { kubeConfig: kubeConfig() } });
    const second = await OperantFactory.create(AppModule, { manager: { kubeConfig: kubeConfig() } });
    expect(first.get(Greeter)).toBe(first.get(Greeter));
    expect(second.get(Greeter)).not.toBe(first.get(Greeter));
    expect(second.get<WidgetReconciler>(WidgetReconciler).manager).toBe(second.manager);
    expect(first.get<WidgetReconciler>(WidgetReconciler).manager).toBe(first.manager);
  });

  it('hides a provider its module does not export: resolving it from an importer names the token and both modules', async () => {
    @Module({ providers: [Counter, Greeter, { provide: GREETING, useValue: 'hi' }], exports: [Counter] })
    class Private {}
    @Module({ imports: [Private], controllers: [WidgetReconciler], providers: [{ provide: 'settings', useValue: {} }] })
    class Importer {}
    const created = OperantFactory.create(Importer, { manager: { kubeConfig: kubeConfig() } });
    await expect(created).rejects.toBeInstanceOf(ScanError);
    await expect(created).rejects.toThrow(
      'unable to create controller WidgetReconciler: unable to resolve Greeter in Importer: Private provides it but does not export it',
    );
  });

  it('hides an exported provider from a module that does not import its module', async () => {
    @Module({ providers: [Counter, Greeter, { provide: GREETING, useValue: 'hi' }], exports: [Greeter] })
    class Greetings {}
    @Module({ controllers: [WidgetReconciler], providers: [{ provide: 'settings', useValue: {} }] })
    class Widgets {}
    @Module({ imports: [Greetings, Widgets] })
    class Root {}
    await expect(OperantFactory.create(Root, { manager: { kubeConfig: kubeConfig() } })).rejects.toThrow(
      'unable to resolve Greeter in Widgets: Greetings exports it but Widgets does not import Greetings',
    );
  });

  it("sees what a re-exported module exports, as the exporter's single instance", async () => {
    @Module({ providers: [Counter, Greeter, { provide: GREETING, useValue: 'hi' }], exports: [Greeter] })
    class Greetings {}
    @Module({ imports: [Greetings], exports: [Greetings] })
    class Shared {}
    @Module({ imports: [Shared], controllers: [WidgetReconciler], providers: [{ provide: 'settings', useValue: {} }] })
    class Root {}
    const app = await OperantFactory.create(Root, { manager: { kubeConfig: kubeConfig() } });
    expect(app.get<WidgetReconciler>(WidgetReconciler).greeter).toBe(app.get(Greeter));
  });

  it('rejects an import that is not a module', async () => {
    class Plain {}
    @Module({ imports: [Plain] })
    class Broken {}
    await expect(OperantFactory.create(Broken, { manager: { kubeConfig: kubeConfig() } })).rejects.toThrow(
      'Broken → Plain is imported as a module but has no @Module decorator',
    );
  });
});

describe('webhooks through the container', () => {
  const WidgetV2 = resourceType({
    group: 'example.com',
    version: 'v2',
    kind: 'Widget',
    plural: 'widgets',
    namespaced: true,
  });

  @ValidatingWebhook(Widget)
  @DefaultingWebhook(Widget)
  class WidgetWebhook {
    constructor(readonly greeter: Greeter) {}
    validateCreate(): void {}
    default(): void {}
  }

  @Conversion({ hub: WidgetV2, spoke: Widget })
  class WidgetConversion {
    toHub(o: unknown) {
      return o;
    }
    fromHub(o: unknown) {
      return o;
    }
  }

  @Module({
    providers: [Counter, Greeter, { provide: GREETING, useValue: 'hi' }],
    webhooks: [WidgetWebhook, WidgetConversion],
  })
  class WebhookModule {}

  it('injects webhook classes and registers their routes and converters on the webhook server', async () => {
    const app = await OperantFactory.create(WebhookModule, { manager: { kubeConfig: kubeConfig() } });
    expect(app.get<WidgetWebhook>(WidgetWebhook).greeter.greeting).toBe('hi');
    const server = app.manager.getWebhookServer();
    expect(server.paths()).toEqual(['/mutate-example-com-v1-widget', '/validate-example-com-v1-widget']);
    const converted = await (server.conversions as Conversions).convert(
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } },
      'example.com/v2',
    );
    expect(converted.apiVersion).toBe('example.com/v2');
  });

  it('with enableWebhooks: false checks the webhook classes but registers none and adds no webhook server', async () => {
    const app = await OperantFactory.create(WebhookModule, {
      manager: { kubeConfig: kubeConfig() },
      enableWebhooks: false,
    });
    const ready = await app.manager.readyz.respond('', new URLSearchParams('verbose'));
    expect(JSON.stringify(ready)).not.toContain('webhook');
    class NotAWebhook {}
    await expect(
      createOperator({ manager: { kubeConfig: kubeConfig() }, webhooks: [NotAWebhook], enableWebhooks: false }),
    ).rejects.toThrow(ScanError);
  });

  it('reports controller and webhook problems together', async () => {
    class NotAWebhook {}
    class NotAController {}
    await expect(
      createOperator({ manager: { kubeConfig: kubeConfig() }, controllers: [NotAController], webhooks: [NotAWebhook] }),
    ).rejects.toThrow(/^found 2 problems in the controllers:/);
  });
});
