/**
 * Times as the API server writes them, and the types that say so. client-node's interfaces
 * (`V1Job`, `V1Pod`, …) type `creationTimestamp`, `startTime`, `lastTransitionTime` and the
 * like as `Date`, but the client and the cache hand objects over as the JSON arrived: those
 * fields are RFC 3339 strings. `Wire<T>` is `T` with every `Date` read as `Time`; the built-in
 * kind tokens (`Job`, `Pod`, …) are typed with it. `parseTime` turns a `Time` into a `Date`;
 * `formatTime` and `formatMicroTime` write one as Go's `metav1.Time` and `metav1.MicroTime` do.
 * @module
 */

/** `metav1.Time` on the wire: RFC 3339, whole seconds from the API server (`2026-12-04T19:00:00Z`). */
export type Time = string;

/** `metav1.MicroTime` on the wire: RFC 3339 with six fractional digits (`renewTime`, `eventTime`). */
export type MicroTime = string;

/**
 * `T` as it arrives from the API server: every `Date` (client-node's `V1MicroTime` too) is a
 * `Time` string, through objects and arrays; other fields are kept (client-node already types
 * quantities as `string` and int-or-string as `number | string`).
 */
export type Wire<T> = { [K in keyof T]: WireValue<T[K]> };

/** One field of `Wire<T>`. */
export type WireValue<V> = V extends Date
  ? Time
  : V extends readonly (infer E)[]
    ? WireValue<E>[]
    : V extends object
      ? Wire<V>
      : V;

/** A `Time` or `MicroTime` as a `Date` (Go's `metav1.Time.Time`); `undefined` stays `undefined`. */
export function parseTime(time: Time | MicroTime): Date;
export function parseTime(time: Time | MicroTime | undefined): Date | undefined;
export function parseTime(time: Time | MicroTime | undefined): Date | undefined {
  return time === undefined ? undefined : new Date(time);
}

/**
 * `date` as `metav1.Time` marshals it: RFC 3339 in whole seconds. The fraction is dropped
 * (truncated, as Go's `Time.Truncate(time.Second)` does), not rounded.
 */
export function formatTime(date: Date): Time {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `date` as `metav1.MicroTime` marshals it: RFC 3339 with six fractional digits, as Leases and Events need. */
export function formatMicroTime(date: Date): MicroTime {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
