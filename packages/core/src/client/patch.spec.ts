import { describe, expect, it } from '@jest/globals';
import { mergeFrom } from './patch.js';

describe('mergeFrom', () => {
  const original = {
    metadata: { name: 'a', resourceVersion: '7', labels: { x: '1', y: '2' } },
    data: { keep: 'k', change: 'old' },
    list: [1, 2],
  };

  it('should contain only changed fields, null for removed ones, whole arrays', () => {
    const modified = {
      metadata: { name: 'a', resourceVersion: '7', labels: { x: '1' } },
      data: { keep: 'k', change: 'new', added: 'n' },
      list: [1, 2, 3],
    };
    expect(mergeFrom(original, modified)).toEqual({
      type: 'merge',
      data: { metadata: { labels: { y: null } }, data: { change: 'new', added: 'n' }, list: [1, 2, 3] },
    });
  });

  it('should be empty when nothing changed', () => {
    expect(mergeFrom(original, structuredClone(original)).data).toEqual({});
  });

  it('should carry the original resourceVersion with optimisticLock', () => {
    expect(mergeFrom(original, { ...original, data: {} }, { optimisticLock: true }).data).toEqual({
      metadata: { resourceVersion: '7' },
      data: { keep: null, change: null },
    });
  });
});
