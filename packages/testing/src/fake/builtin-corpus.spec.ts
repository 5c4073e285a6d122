/**
 * The built-in corpus against the fake client; `test/builtin-corpus.int.spec.ts` runs the
 * same cases against a real API server.
 */
import { beforeAll, describe } from '@jest/globals';
import { builtinCorpus } from '../../test/fixtures/builtin-corpus.js';
import { type FakeClient, fakeClient } from './index.js';

describe('fake client: built-in names, immutable fields and shapes', () => {
  let client: FakeClient;

  beforeAll(() => {
    client = fakeClient().build();
  });

  builtinCorpus({ name: 'fake', client: () => client, namespace: () => 'corpus' });
});
