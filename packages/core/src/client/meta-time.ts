/**
 * `metav1.Time` on the wire: RFC 3339 in whole seconds (`2026-12-04T01:02:03Z`), as Go's
 * `metav1.Time` marshals `lastTransitionTime` (conditions) and `creationTimestamp`. The
 * fraction is dropped (truncated, as Go's `Time.Truncate(time.Second)` does), not rounded.
 * @module
 */
export function metaTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
