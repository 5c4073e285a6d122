/**
 * `metav1.Status`, the API server's answer to a failed request and the `status` of an
 * admission response: declared once, for the client's errors (`client.Status`) and the
 * webhooks' responses (`webhook.Status`). Every field is optional, as on the wire.
 * @module
 */

/** One field problem (`metav1.StatusCause`): the Status `details.causes` of an `invalid` error. */
export interface StatusCause {
  /** `FieldValueInvalid`, `FieldValueRequired`, … */
  reason?: string;
  message?: string;
  /** The field path, e.g. `metadata.name` or `spec.replicas`. */
  field?: string;
}

/** `metav1.Status`. */
export interface Status {
  kind?: string;
  /** `Success` or `Failure`. */
  status?: string;
  message?: string;
  /** `NotFound`, `Conflict`, `Invalid`, … */
  reason?: string;
  code?: number;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
}
