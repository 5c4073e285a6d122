/**
 * The conformance suite against the fake client; `test/conformance.int.spec.ts` runs the
 * same cases against a real API server.
 */
import { beforeAll, describe } from '@jest/globals';
import { V1Namespace } from '@kubernetes/client-node';
import { type ConformanceBackend, conformanceSuite } from '../../test/fixtures/conformance-cases.js';
import { Gadget, Gizmo } from '../../test/fixtures/gadgets.js';
import { eventually } from '../eventually.js';
import { type FakeClient, fakeClient } from './index.js';

describe('fake client conformance', () => {
  let client: FakeClient;
  const namespace = 'conformance';
  const backend: ConformanceBackend = {
    name: 'fake',
    client: () => client,
    namespace: () => namespace,
    // its own store: the manager's reads are checked on objects it wrote itself
    managerClient: async ({ byObject, readLive }) => ({
      client: fakeClient()
        .withSchemaValidation(Gadget, Gizmo)
        .withCache({ byObject: byObject.map((type) => ({ type })), readLive })
        .build(),
      stop: async () => undefined,
    }),
    eventually: (check) => eventually(check, { timeout: 1000 }),
  };

  beforeAll(async () => {
    client = fakeClient().withSchemaValidation(Gadget, Gizmo).build();
    await client.create<V1Namespace>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  });

  conformanceSuite(backend);
});
