/**
 * controller-gen's `maxDescLen` (`crd.TruncateDescription`), applied to a version's whole
 * schema once it is built, so it reaches every node: the root's `apiVersion` and `kind`,
 * the common types (`Condition`, `ObjectReference`), `@Description`s and doc comments alike.
 *
 * - `0` removes every `description`.
 * - A positive `n` leaves a description of up to `n` characters as it is and cuts a longer
 *   one to `n`, then back to the last sentence end within them (`.`, `!`, `?`: Unicode's
 *   Sentence_Terminal), else to the last space followed by "...", else "..." after `n`.
 *   Characters are code points (controller-gen counts bytes; the two agree on ASCII).
 *
 * Only schema nodes are visited (`properties`, `items`, `additionalProperties`, `allOf`,
 * `anyOf`, `oneOf`, `not`), as controller-gen's schema walker does: a property named
 * `description`, `externalDocs.description` and the printer columns' descriptions stay.
 * @module
 */
import type { JSONSchemaProps } from '../apiextensions/types.js';

const sentenceEnd = /\p{Sentence_Terminal}/u;
const space = /\p{White_Space}/u;

/** One description cut to `max` (> 0) characters by controller-gen's rule. */
export function truncateDescription(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max);
  const end = cut.findLastIndex((c) => sentenceEnd.test(c));
  if (end > 0) return cut.slice(0, end + 1).join('');
  const gap = cut.findLastIndex((c) => space.test(c));
  if (gap > 0) return `${cut.slice(0, gap).join('')}...`;
  return `${cut.join('')}...`;
}

/** A copy of `schema` with every description cut to `max` characters (`0`: removed); `undefined` keeps them. */
export function truncateDescriptions(schema: JSONSchemaProps, max: number | undefined): JSONSchemaProps {
  if (max === undefined) return schema;
  const walk = (node: JSONSchemaProps): JSONSchemaProps => {
    const out: JSONSchemaProps = { ...node };
    if (max === 0) delete out.description;
    else if (out.description !== undefined) out.description = truncateDescription(out.description, max);
    if (out.properties !== undefined) {
      out.properties = Object.fromEntries(Object.entries(out.properties).map(([name, p]) => [name, walk(p)]));
    }
    if (out.items !== undefined) out.items = walk(out.items);
    if (typeof out.additionalProperties === 'object') out.additionalProperties = walk(out.additionalProperties);
    if (out.allOf !== undefined) out.allOf = out.allOf.map(walk);
    if (out.anyOf !== undefined) out.anyOf = out.anyOf.map(walk);
    if (out.oneOf !== undefined) out.oneOf = out.oneOf.map(walk);
    if (out.not !== undefined) out.not = walk(out.not);
    return out;
  };
  return walk(schema);
}
