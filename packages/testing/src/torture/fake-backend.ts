/**
 * The fake backend of `torture` (`TortureOptions.backend: 'fake'`): each run on a fresh
 * in-memory fake client of `@operant/testing/fake` — resourceVersion and conflicts,
 * generation, the status subresource, finalizers, generateName, owner references and the
 * garbage collector, the schema defaults and validation of the `@CustomResource` classes
 * among `kinds` (and `generate.for`) — and each manager a `FakeManager` over it, so the
 * user's `setup` registers its controllers unchanged and they run as on a control plane,
 * on the wall clock, their cache never lagging but for the perturbations.
 * @module
 */
import type { ObjectClass } from '@operant/core/internal';
import type { ResourceType } from '@operant/core/resources';
import { getResourceMetadata } from '@operant/crd/metadata';
import { fakeClient } from '../fake/builder.js';
import { FakeManager } from '../fake/fake-manager.js';
import { managerDefaults, type RunBackend } from './backend.js';
import type { TortureOptions } from './options.js';

/** One run's fake API server: the user's client, and a manager's client of the same objects per (re)start. */
export function fakeBackend(options: TortureOptions): RunBackend {
  const types = [...options.kinds, ...(options.generate === undefined ? [] : [options.generate.for])];
  const builder = fakeClient()
    .withKinds(...types)
    .withSchemaValidation(...types.filter(isCustomResource))
    .withFieldOwner('torture-user')
    .withMutableReads();
  if (options.manager?.registry !== undefined) builder.withRegistry(options.manager.registry);
  const user = builder.build();
  return {
    user,
    prepare: async () => undefined, // the fake keeps objects of any namespace
    kindOf: async (obj) => user.resolveObject(obj, 'wait for the cache'),
    newManager: () =>
      new FakeManager(
        user.sibling({ fieldOwner: options.manager?.fieldOwner ?? 'operant', mutableReads: false }),
        managerDefaults(options),
      ),
    finish: () => undefined,
  };
}

const isCustomResource = (type: ResourceType): type is ResourceType & ObjectClass =>
  typeof type === 'function' && getResourceMetadata(type)?.options !== undefined;
