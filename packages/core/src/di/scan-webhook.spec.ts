import { describe, expect, it } from '@jest/globals';
import { getWebhookMetadata } from '../decorators/metadata/storage.js';
import { Conversion, DefaultingWebhook, ValidatingWebhook } from '../decorators/webhook.decorator.js';
import { ResourceRegistry } from '../resources/registry.js';
import { resourceType } from '../resources/resource-type.js';
import { ScanError } from './errors.js';
import { scanWebhooks, type WebhookClass } from './scan-webhook.js';

const kind = (version: string, k = 'Widget') =>
  resourceType({ group: 'example.com', version, kind: k, plural: `${k.toLowerCase()}s`, namespaced: true });
const [V1, V2, V3] = [kind('v1'), kind('v2'), kind('v3')];
const Other = kind('v1', 'Gadget');
const registry = new ResourceRegistry();

@ValidatingWebhook(V2)
@DefaultingWebhook(V2)
class WidgetWebhook {
  validateCreate(): void {}
  default(): void {}
}

@Conversion({ hub: V2, spoke: V1 })
@Conversion({ hub: V2, spoke: V3 })
class WidgetConversion {
  toHub(o: unknown) {
    return o;
  }
  fromHub(o: unknown) {
    return o;
  }
}

const scanError = (types: WebhookClass[]): ScanError => {
  try {
    scanWebhooks(types, registry);
  } catch (err) {
    if (err instanceof ScanError) return err;
    throw err;
  }
  throw new Error('expected a ScanError');
};

describe('webhook decorators record, the scanner checks', () => {
  it('records validating, defaulting and conversions on one class each', () => {
    expect(getWebhookMetadata(WidgetWebhook)).toEqual({
      validating: { type: V2, options: {} },
      defaulting: { type: V2, options: {} },
      conversions: [],
    });
    expect(getWebhookMetadata(WidgetConversion)?.conversions).toEqual([
      { hub: V2, spoke: V3 },
      { hub: V2, spoke: V1 },
    ]);
  });

  it('produces specs for well-formed classes', () => {
    const specs = scanWebhooks([WidgetWebhook, WidgetConversion], registry);
    expect(specs.map((s) => s.type)).toEqual([WidgetWebhook, WidgetConversion]);
  });

  it('reports every problem at once, naming class and decorator', () => {
    class Plain {}
    @ValidatingWebhook(V3, { validateObject: false })
    class NothingToValidate {}
    @DefaultingWebhook(V1)
    class NoDefault {}
    @Conversion({ hub: V2, spoke: V1 })
    class HalfConverter {
      toHub(o: unknown) {
        return o;
      }
    }
    @Conversion({ hub: V2, spoke: Other })
    class WrongKind {
      toHub(o: unknown) {
        return o;
      }
      fromHub(o: unknown) {
        return o;
      }
    }
    @Conversion({ hub: V1, spoke: V3 })
    class OtherHub {
      toHub(o: unknown) {
        return o;
      }
      fromHub(o: unknown) {
        return o;
      }
    }
    @ValidatingWebhook(V2)
    class SecondValidator {}
    class Unregistered {}
    @ValidatingWebhook(Unregistered as never)
    class UnknownKind {}
    const error = scanError([
      WidgetWebhook,
      WidgetConversion,
      Plain,
      NothingToValidate,
      NoDefault,
      HalfConverter,
      WrongKind,
      OtherHub,
      SecondValidator,
      UnknownKind,
    ] as WebhookClass[]);
    expect(error.problems.map((p) => p.message)).toEqual([
      'Plain is listed in "webhooks" but has no @ValidatingWebhook, @DefaultingWebhook or @Conversion decorator',
      '@ValidatingWebhook on NothingToValidate: validateObject is false and the class has no validateCreate, validateUpdate or validateDelete method',
      '@DefaultingWebhook on NoDefault: the class has no default(obj) method',
      '@Conversion on HalfConverter: the class has no fromHub method',
      'a converter for Widget.v1.example.com is declared by both WidgetConversion and HalfConverter',
      '@Conversion on WrongKind: hub Widget.v2.example.com and spoke Gadget.v1.example.com must be two versions of one kind',
      'a converter for Widget.v3.example.com is declared by both WidgetConversion and OtherHub',
      '@Conversion on OtherHub: Widget.example.com has two hubs, v2 and v1',
      'a validating webhook for Widget.v2.example.com is declared by both WidgetWebhook and SecondValidator',
      '@ValidatingWebhook on UnknownKind names Unregistered, an unknown kind; register it or use resourceType()',
    ]);
  });

  it('rejects bad decorator arguments where they are applied', () => {
    expect(() => {
      @ValidatingWebhook(undefined as never)
      class NoType {}
      return NoType;
    }).toThrow('@ValidatingWebhook on NoType: the argument must be a resource type');
    expect(() => {
      @Conversion({ hub: V1, spoke: V1 })
      class Same {}
      return Same;
    }).toThrow('@Conversion on Same: hub and spoke are the same type');
    expect(() => {
      @DefaultingWebhook(V1)
      @DefaultingWebhook(V2)
      class Twice {}
      return Twice;
    }).toThrow('@DefaultingWebhook on Twice: used twice');
    expect(() => {
      @ValidatingWebhook(V1, { failurePolicy: 'Sometimes' as never })
      class BadPolicy {}
      return BadPolicy;
    }).toThrow('@ValidatingWebhook on BadPolicy: "failurePolicy" must be "Fail" or "Ignore"');
    expect(() => {
      @DefaultingWebhook(V1, { timeoutSeconds: 60 })
      class TooPatient {}
      return TooPatient;
    }).toThrow('@DefaultingWebhook on TooPatient: "timeoutSeconds" must be an integer from 1 to 30');
    expect(() => {
      @ValidatingWebhook(V1, { name: 'vgizmo.kb' })
      class ShortName {}
      return ShortName;
    }).toThrow(
      '@ValidatingWebhook on ShortName: "name" must be a fully qualified DNS name of at least three segments (e.g. mcronjob-v1.kb.io), got "vgizmo.kb"',
    );
  });
});
