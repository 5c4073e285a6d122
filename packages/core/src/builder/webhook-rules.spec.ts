import { describe, expect, it } from '@jest/globals';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import { newManager } from '../manager/manager.js';
import { resourceType } from '../resources/resource-type.js';
import { webhookManagedBy } from './webhook-builder.js';

const version = (kind: string, v: string) =>
  resourceType({ group: 'example.com', version: v, kind, plural: `${kind.toLowerCase()}s`, namespaced: true });
const converter = { toHub: (o: never) => o, fromHub: (o: never) => o };

describe('the webhook rules, applied by webhookManagedBy', () => {
  const mgr = newManager({ kubeConfig: unreachableKubeConfig() });

  it('refuses a converter whose spoke is not another version of the hub, naming both', () => {
    expect(() =>
      webhookManagedBy(mgr).for(version('Widget', 'v2')).withConverter(version('Gadget', 'v1'), converter).complete(),
    ).toThrow(
      'unable to build webhooks: hub Widget.v2.example.com and spoke Gadget.v1.example.com must be two versions of one kind',
    );
  });

  it('refuses unknown kinds with the message the scanner gives', () => {
    class Unregistered {}
    expect(() =>
      webhookManagedBy(mgr)
        .for(Unregistered as never)
        .withDefaulter({ default: async () => undefined })
        .complete(),
    ).toThrow('unable to build webhooks: for() names Unregistered, an unknown kind; register it or use resourceType()');
  });
});
