/**
 * Query values encoded exactly as `URLSearchParams` encodes them
 * (`application/x-www-form-urlencoded`: a space as `+`, everything but ASCII letters, digits
 * and `*-._` percent-encoded), without making a `URLSearchParams` and serialising it for
 * every request: most values (`true`, a field manager, a resourceVersion) need no encoding.
 * @module
 */

/** What `application/x-www-form-urlencoded` leaves as it is. */
const FORM_SAFE = /^[A-Za-z0-9*\-._]*$/;

/** `value` as `URLSearchParams` writes it. */
export function formEncode(value: string): string {
  if (FORM_SAFE.test(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    // a lone surrogate: URLSearchParams writes it as U+FFFD, where encodeURIComponent throws
    return new URLSearchParams({ v: value }).toString().slice('v='.length);
  }
  // encodeURIComponent also leaves ! ' ( ) ~ as they are, and writes a space as %20
  return encoded.replace(/[!'()~]|%20/g, (c) => (c === '%20' ? '+' : `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
}
