/**
 * What every kind of connection to the API server offers the REST client: send one request
 * (`WireRequest`) and get its status, flat headers and body (`WireResponse`), or a rejection
 * when the connection failed or the request's signal aborted it. `http2-wire.ts` (raw
 * `node:http2`) and `undici-wire.ts` (the HTTP/1.1 and proxy fallback) implement it.
 * @module
 */

export interface WireRequest {
  method: string;
  /** The path and query, e.g. `/api/v1/namespaces?limit=500`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** What a wire answers; the REST client returns it as its `RestResponse` (the same shape). */
export interface WireResponse {
  status: number;
  /** Lowercase names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The whole body, decoded as UTF-8. */
  text(): Promise<string>;
  /** The body as it arrives (watches read it incrementally). */
  stream(): AsyncIterable<Uint8Array> | null;
}

export interface Wire {
  request(req: WireRequest): Promise<WireResponse>;
  /** Lets the requests in flight finish, then closes the connections. */
  close(): Promise<void>;
}

/** Response headers without HTTP/2 pseudo-headers, repeated ones joined with `, `. */
export function flatHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    flat[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return flat;
}
