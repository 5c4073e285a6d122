import { describe, expect, it } from '@jest/globals';
import { retryAfter } from './retry-after.js';

const at = (status: number, headers: Record<string, string>) => retryAfter({ status, headers });

describe('retryAfter', () => {
  it('retries a 429 or a 5xx with integer seconds, as client-go checkWait', () => {
    expect(at(429, { 'retry-after': '3' })).toEqual({ seconds: 3 });
    expect(at(503, { 'retry-after': '1' })).toEqual({ seconds: 1 });
    expect(at(500, { 'retry-after': '0' })).toEqual({ seconds: 0 });
    expect(at(429, {})).toBeUndefined();
    expect(at(409, { 'retry-after': '1' })).toBeUndefined();
    expect(at(429, { 'retry-after': 'Fri, 04 Dec 2026 10:00:00 GMT' })).toBeUndefined();
  });

  it("reads priority and fairness' FlowSchema and PriorityLevel UIDs", () => {
    expect(
      at(429, {
        'retry-after': '1',
        'x-kubernetes-pf-flowschema-uid': 'fs-uid',
        'x-kubernetes-pf-prioritylevel-uid': 'pl-uid',
      }),
    ).toEqual({ seconds: 1, flowSchemaUID: 'fs-uid', priorityLevelUID: 'pl-uid' });
  });

  it('does not read the headers of a final response (a wire may build them on first read)', () => {
    const response = {
      status: 200,
      get headers(): Record<string, string> {
        throw new Error('headers read');
      },
    };
    expect(retryAfter(response)).toBeUndefined();
  });
});
