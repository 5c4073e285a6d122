/**
 * Unit tests of the Notice controller on the fake client and the reconcile harness: the
 * same module the operator runs, no control plane (`test/notice.int.spec.ts` runs it on one).
 */
import { describe, expect, it } from '@jest/globals';
import { mergePatch } from '@operant/core/client';
import { ConfigMap } from '@operant/core/kinds';
import { failWith, fakeClient, type ReconcileHarness, reconcileHarness } from '@operant/testing/fake';
import { operantMatchers } from '@operant/testing/jest';
import { Formatter } from '../formatting/formatter.js';
import { AppModule, type Notice, NoticeType, RefreshBus } from '../index.js';

expect.extend(operantMatchers);

const notice = (name: string, labels: Record<string, string>, annotations: Record<string, string> = {}): Notice => ({
  apiVersion: 'example.operant.dev/v1',
  kind: 'Notice',
  metadata: { namespace: 'demo', name, labels, annotations },
  spec: { message: ` ${name} says hi `, shout: true },
});

async function harnessWith(...notices: Notice[]): Promise<ReconcileHarness> {
  const client = fakeClient()
    .withStatusSubresource(NoticeType) // the Notice CRD declares `subresources: { status: {} }`
    .withObjects(...notices)
    .build();
  const h = await reconcileHarness({ client });
  await h.addModule(AppModule);
  return h;
}

const configMap = (h: ReconcileHarness, name: string) => h.client.get(ConfigMap, { namespace: 'demo', name });
const noticeNamed = (h: ReconcileHarness, name: string) => h.client.get(NoticeType, { namespace: 'demo', name });

describe('NoticeController', () => {
  it('publishes a Notice as a ConfigMap it controls and counts the refresh in status', async () => {
    const h = await harnessWith(notice('welcome', { team: 'platform' }));
    const report = await h.run();
    expect(report.quiescent).toBe(true);
    const welcome = await noticeNamed(h, 'welcome');
    const cm = await configMap(h, 'welcome-notice');
    expect(cm.data).toEqual({ message: 'WELCOME SAYS HI!' });
    expect(cm).toBeOwnedBy(welcome, { controller: true });
    // the Notice's create, then the create of its ConfigMap: class-level predicates filter the
    // Notice's events only. Its own status patches change no generation, so it does not loop on them.
    expect(welcome.status).toEqual({ observedGeneration: 1, refreshes: 2 });
    expect(h.processed.map((p) => p.request.name)).toEqual(['welcome', 'welcome']);
    expect(h.writes.map((w) => `${w.verb}${w.subresource ? `/${w.subresource}` : ''} ${w.kind}`)).toEqual([
      'apply ConfigMap',
      'patch/status Notice',
      'apply ConfigMap', // unchanged: no event
      'patch/status Notice',
    ]);
  });

  it('leaves Notices without a team, and paused ones, alone', async () => {
    const h = await harnessWith(
      notice('orphan', {}),
      notice('paused', { team: 'platform' }, { 'example.operant.dev/paused': 'true' }),
    );
    expect((await h.run()).steps).toBe(0);
    expect(h.writes).toEqual([]);
  });

  it('reconciles again on a spec change and on a RefreshBus event, not on a status change', async () => {
    const h = await harnessWith(notice('welcome', { team: 'platform' }));
    await h.run();
    const current = await noticeNamed(h, 'welcome');
    await h.client.status().patch(current, mergePatch({ status: { refreshes: 10 } }));
    expect((await h.run()).steps).toBe(0);

    await h.client.patch(current, mergePatch({ spec: { message: 'changed', shout: false } }));
    await h.run();
    expect((await configMap(h, 'welcome-notice')).data).toEqual({ message: 'changed' });
    // the spec change, then the update of the ConfigMap it made
    expect((await noticeNamed(h, 'welcome')).status).toEqual({ observedGeneration: 2, refreshes: 12 });

    h.get<RefreshBus>(RefreshBus).refresh('demo', 'welcome');
    expect((await h.run()).steps).toBe(1);
    expect((await noticeNamed(h, 'welcome')).status?.refreshes).toBe(13);
  });

  it('retries with backoff when the API server refuses a write', async () => {
    const h = await harnessWith(notice('welcome', { team: 'platform' }));
    h.client.intercept(failWith('conflict', { verb: 'patch', subresource: 'status' }));
    const report = await h.run({ advance: 1_000 });
    expect(report.quiescent).toBe(true);
    // the refused reconcile had created the ConfigMap: its create queues the Notice at once,
    // and on the priority queue that readies the retry the error asked for (one item per key:
    // the 5 ms backoff is not waited out, and the key does not run a third time)
    expect(h.processed.map((p) => [p.outcome, p.at])).toEqual([
      ['error', 0],
      ['success', 0],
    ]);
    expect(h.clock.now()).toBe(0);
    expect((await noticeNamed(h, 'welcome')).status?.refreshes).toBe(1);
  });

  it('takes a replaced provider, as a test double of a collaborator', async () => {
    const client = fakeClient()
      .withStatusSubresource(NoticeType)
      .withObjects(notice('hi', { team: 't' }))
      .build();
    const h = await reconcileHarness({ client });
    await h.addModule(AppModule, [{ provide: Formatter, useValue: { format: (m: string) => `<${m}>` } }]);
    await h.run();
    expect((await configMap(h, 'hi-notice')).data).toEqual({ message: '< hi says hi >' });
  });
});
