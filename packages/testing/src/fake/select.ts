/**
 * How the fake client selects objects for `list` and `deleteAllOf`: namespace, label
 * selector, field selector (only the fields the API server accepts for the kind: for custom
 * resources `metadata.name`, `metadata.namespace` and `@SelectableField`s, else a 400), and
 * `matchingFields` (a registered index when there is one, as the cache answers, else the
 * field's value), then `limit`/`continue` pages.
 * @module
 */
import { type KubernetesObject } from '@operant/core';
import type * as client from '@operant/core/client';
import { ClientError } from '@operant/core/client';
import {
  compileFieldSelector,
  compileLabelSelector,
  fieldSelectorString,
  fieldValue,
  type ResourceInfo,
} from '@operant/core/internal';
import type { KindTraits } from './kinds.js';
import { badRequest } from './status-errors.js';
import type { ObjectTracker } from './tracker.js';

export interface Selection {
  namespace?: string;
  labelSelector?: client.LabelSelector;
  fieldSelector?: FieldSelector;
  matchingFields?: Record<string, string>;
}

type FieldSelector = NonNullable<client.ListOptions['fieldSelector']>;

const always = new Set(['metadata.name', 'metadata.namespace']);

function checkFields(selector: FieldSelector, traits: KindTraits, action: string): void {
  if (traits.selectableFields === undefined) return;
  const allowed = new Set([...always, ...traits.selectableFields]);
  for (const term of fieldSelectorString(selector).split(',')) {
    const field = term.split(/!?==?/)[0]?.trim() ?? '';
    if (field !== '' && !allowed.has(field)) throw badRequest(action, `field label not supported: ${field}`);
  }
}

/** The stored objects a selection picks, in key order. */
export function select(
  tracker: ObjectTracker,
  info: ResourceInfo,
  traits: KindTraits,
  selection: Selection,
  action: string,
): KubernetesObject[] {
  const namespace = info.namespaced ? selection.namespace || undefined : undefined;
  if (selection.fieldSelector !== undefined) checkFields(selection.fieldSelector, traits, action);
  // the API server parses selectors: a bad one is its 400, not the client's invalidArgument
  const parse = <M>(compile: () => M): M => {
    try {
      return compile();
    } catch (err) {
      if (ClientError.is(err, 'invalidArgument')) throw badRequest(action, err.message);
      throw err;
    }
  };
  const { labelSelector, fieldSelector } = selection;
  const labels = labelSelector === undefined ? undefined : parse(() => compileLabelSelector(labelSelector));
  const fields = fieldSelector === undefined ? undefined : parse(() => compileFieldSelector(fieldSelector));
  let candidates = tracker.list(info);
  for (const [field, value] of Object.entries(selection.matchingFields ?? {})) {
    const indexed = tracker.byIndex(info, field, value);
    if (indexed === undefined) {
      const path = field.split('.');
      candidates = candidates.filter((obj) => fieldValue(obj, path) === value);
    } else {
      const keep = new Set(indexed);
      candidates = candidates.filter((obj) => keep.has(obj));
    }
  }
  return candidates.filter(
    (obj) =>
      (namespace === undefined || obj.metadata?.namespace === namespace) &&
      (labels === undefined || labels.matches(obj.metadata?.labels)) &&
      (fields === undefined || fields.matches(obj)),
  );
}

/** One page of `items` after the `continue` token; the token of the next page, if any. */
export function page<T extends KubernetesObject>(
  items: T[],
  limit: number | undefined,
  token: string | undefined,
): { items: T[]; continue?: string; remainingItemCount?: number } {
  const start = token === undefined || token === '' ? 0 : Number(Buffer.from(token, 'base64url').toString());
  if (limit === undefined || limit <= 0) return { items: items.slice(start) };
  const end = start + limit;
  if (end >= items.length) return { items: items.slice(start) };
  return {
    items: items.slice(start, end),
    continue: Buffer.from(String(end)).toString('base64url'),
    remainingItemCount: items.length - end,
  };
}
