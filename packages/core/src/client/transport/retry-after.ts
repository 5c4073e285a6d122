/**
 * When the API server asks the client to come back later (client-go's `checkWait` and
 * `getRetryReason`): a 429, or any status >= 500, with an integer `Retry-After` header of
 * seconds. The request was not processed, so any verb may be sent again: up to
 * `DEFAULT_MAX_RETRIES` times, as client-go's `Request.maxRetries`. A 429 from priority and
 * fairness (APF) names the FlowSchema and PriorityLevel that rejected it in
 * `X-Kubernetes-PF-FlowSchema-UID` / `X-Kubernetes-PF-PriorityLevel-UID`; the client logs them.
 * @module
 */
import type { WireResponse } from './wire.js';

/** client-go's default `Request.maxRetries`. */
export const DEFAULT_MAX_RETRIES = 10;

export interface RetryAfter {
  /** The seconds the server asked for. */
  seconds: number;
  /** APF's matched FlowSchema and PriorityLevel UIDs, when the server sent them. */
  flowSchemaUID?: string;
  priorityLevelUID?: string;
}

/** The server's request to wait and retry, or undefined when the response is final. */
export function retryAfter(response: Pick<WireResponse, 'status' | 'headers'>): RetryAfter | undefined {
  const { status } = response;
  if (status !== 429 && status < 500) return undefined;
  // read only here: a wire may build its headers object on first read
  const { headers } = response;
  const header = headers['retry-after'];
  // Go's strconv.Atoi: an optional sign and decimal digits, nothing else (no HTTP dates)
  if (header === undefined || !/^[+-]?\d+$/.test(header.trim())) return undefined;
  const found: RetryAfter = { seconds: Math.max(0, Number.parseInt(header.trim(), 10)) };
  const flowSchema = headers['x-kubernetes-pf-flowschema-uid'];
  const priorityLevel = headers['x-kubernetes-pf-prioritylevel-uid'];
  if (flowSchema !== undefined) found.flowSchemaUID = flowSchema;
  if (priorityLevel !== undefined) found.priorityLevelUID = priorityLevel;
  return found;
}
