import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import { Controller } from '../decorators/controller.decorator.js';
import { Reconcile } from '../decorators/reconcile.decorator.js';
import { DefaultingWebhook, ValidatingWebhook } from '../decorators/webhook.decorator.js';
import { newManager } from '../manager/manager.js';
import { ConfigMap } from '../resources/kinds.js';
import { createOperator } from './create-operator.js';
import { Injectable } from './inject.js';
import { scanControllers } from './scan-controller.js';
import { scanWebhooks } from './scan-webhook.js';

// Resolution only: nothing here starts the manager, so no server is contacted.
const marked = (type: object): boolean =>
  Reflect.getOwnMetadata('@inversifyjs/core/classIsInjectableFlagReflectKey', type) === true;

@Injectable()
class Counter {
  count = 0;
}

describe('the container makes decorated classes injectable', () => {
  it('leaves a class the decorators recorded unmarked until the scanner accepts it', () => {
    @Controller({ for: ConfigMap })
    class WidgetController {
      constructor(readonly counter: Counter) {}
      @Reconcile()
      async reconcile(): Promise<void> {}
    }
    expect(marked(WidgetController)).toBe(false);
    scanControllers([WidgetController], newManager({ kubeConfig: unreachableKubeConfig() }).registry);
    expect(marked(WidgetController)).toBe(true);
  });

  it('injects by constructor type into a controller the user also marked @Injectable(), across two operators', async () => {
    @Injectable()
    @Controller({ for: ConfigMap })
    class WidgetController {
      constructor(readonly counter: Counter) {}
      @Reconcile()
      async reconcile(): Promise<void> {}
    }
    for (let i = 0; i < 2; i++) {
      const op = await createOperator({
        manager: { kubeConfig: unreachableKubeConfig() },
        controllers: [WidgetController],
        providers: [Counter],
      });
      expect(op.get<WidgetController>(WidgetController).counter).toBeInstanceOf(Counter);
    }
  });

  it('marks a webhook class with two decorators once', async () => {
    @ValidatingWebhook(ConfigMap)
    @DefaultingWebhook(ConfigMap)
    class WidgetWebhook {
      constructor(readonly counter: Counter) {}
      validateCreate(): void {}
      default(): void {}
    }
    expect(marked(WidgetWebhook)).toBe(false);
    const registry = newManager({ kubeConfig: unreachableKubeConfig() }).registry;
    scanWebhooks([WidgetWebhook], registry);
    scanWebhooks([WidgetWebhook], registry);
    expect(marked(WidgetWebhook)).toBe(true);
    const op = await createOperator({
      manager: { kubeConfig: unreachableKubeConfig() },
      webhooks: [WidgetWebhook],
      providers: [Counter],
      enableWebhooks: true,
    });
    expect(op.get<WidgetWebhook>(WidgetWebhook).counter).toBeInstanceOf(Counter);
  });
});
