/**
 * `metav1.MicroTime` on the wire: RFC 3339 with six fractional digits, as the API server
 * writes `renewTime` (Leases) and `eventTime` (Events).
 * @module
 */
export function microTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
