/**
 * `schema.GroupVersionKind`: the coordinates of a kind, as an AdmissionReview names the
 * object's kind and as the webhook paths and names are built from them. Declared once, here.
 * `group` is `''` for the core group.
 * @module
 */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}
