import { describe, expect, it } from '@jest/globals';
import { retryAfter } from './retry-after.js';

describe('retryAfter', () => {
  it('retries a 429 or a 5xx with integer seconds, as client-go checkWait', () => {
    expect(retryAfter(429, { 'retry-after': '3' })).toEqual({ seconds: 3 });
    expect(retryAfter(503, { 'retry-after': '1' })).toEqual({ seconds: 1 });
    expect(retryAfter(500, { 'retry-after': '0' })).toEqual({ seconds: 0 });
    expect(retryAfter(429, {})).toBeUndefined();
    expect(retryAfter(409, { 'retry-after': '1' })).toBeUndefined();
    expect(retryAfter(429, { 'retry-after': 'Fri, 04 Dec 2026 10:00:00 GMT' })).toBeUndefined();
  });

  it("reads priority and fairness' FlowSchema and PriorityLevel UIDs", () => {
    expect(
      retryAfter(429, {
        'retry-after': '1',
        'x-kubernetes-pf-flowschema-uid': 'fs-uid',
        'x-kubernetes-pf-prioritylevel-uid': 'pl-uid',
      }),
    ).toEqual({ seconds: 1, flowSchemaUID: 'fs-uid', priorityLevelUID: 'pl-uid' });
  });
});
