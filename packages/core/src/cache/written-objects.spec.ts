import { describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '../api/object.js';
import { comparableVersion, WrittenObjects } from './written-objects.js';

const cm = (name: string, rv: string, data = rv): KubernetesObject =>
  ({ metadata: { namespace: 'a', name, resourceVersion: rv }, data: { v: data } }) as KubernetesObject;

describe('WrittenObjects', () => {
  it('should serve a written object until the store reaches its resourceVersion', () => {
    const written = new WrittenObjects();
    written.record(cm('x', '10'), undefined);
    expect(written.newer('a/x', undefined)).toEqual(cm('x', '10'));
    expect(written.newer('a/x', cm('x', '9'))).toEqual(cm('x', '10'));
    expect(written.newer('a/x', cm('x', '10'))).toBeUndefined();
    expect(written.size).toBe(0);
  });

  it('should compare resourceVersions as integers, not strings', () => {
    const written = new WrittenObjects();
    written.record(cm('x', '10'), undefined);
    expect(written.newer('a/x', cm('x', '9'))?.metadata?.resourceVersion).toBe('10');
    expect(written.newer('a/x', cm('x', '100'))).toBeUndefined();
  });

  it('should hold nothing for resourceVersions that are not etcd revisions', () => {
    const written = new WrittenObjects();
    written.record(cm('x', '10'), undefined);
    written.record(cm('x', 'abc'), undefined);
    expect(written.size).toBe(0);
    expect(comparableVersion(cm('x', '007'))).toBeUndefined();
    expect(comparableVersion(cm('x', '18446744073709551617'))).toBe(18446744073709551617n);
  });

  it('should keep the newest of two writes of a key', () => {
    const written = new WrittenObjects();
    written.record(cm('x', '12'), undefined);
    written.record(cm('x', '11'), undefined);
    expect(written.newer('a/x', cm('x', '5'))?.metadata?.resourceVersion).toBe('12');
  });

  it('should name the writer only for the event with exactly its resourceVersion', () => {
    const written = new WrittenObjects();
    written.record(cm('x', '12'), 'c1');
    expect(written.observe(cm('x', '11'))).toBeUndefined();
    expect(written.size).toBe(1);
    expect(written.observe(cm('x', '12'))).toBe('c1');
    expect(written.size).toBe(0);
    written.record(cm('x', '14'), 'c1');
    expect(written.observe(cm('x', '15'))).toBeUndefined();
    expect(written.size).toBe(0);
  });

  it('should forget deleted keys, expire after ttlMs and evict the oldest beyond maxEntries', () => {
    let now = 0;
    const written = new WrittenObjects({ maxEntries: 2, ttlMs: 100, now: () => now });
    written.record(cm('x', '1'), undefined);
    written.forget('a/x');
    expect(written.newer('a/x', undefined)).toBeUndefined();
    written.record(cm('x', '2'), undefined);
    written.record(cm('y', '3'), undefined);
    written.record(cm('z', '4'), undefined);
    expect(written.size).toBe(2);
    expect(written.newer('a/x', undefined)).toBeUndefined();
    expect(written.newer('a/y', undefined)).toBeDefined();
    now = 101;
    expect(written.newer('a/z', undefined)).toBeUndefined();
    expect([...written.newerThan(() => undefined).keys()]).toEqual([]);
  });

  it('should decide an echo that arrives before the write answers once the answer is in', async () => {
    const written = new WrittenObjects();
    const end = written.begin('a/x', 'c1');
    const other = written.begin('a/x', 'c2');
    const echo = written.observe(cm('x', '12'));
    const notEcho = written.observe(cm('x', '11'));
    written.record(cm('x', '12'), 'c1', cm('x', '12'));
    expect(written.size).toBe(0);
    end(cm('x', '12'));
    other(undefined);
    await expect(echo).resolves.toBe('c1');
    await expect(notEcho).resolves.toBeUndefined();
    expect(written.observe(cm('x', '13'))).toBeUndefined();
  });
});
