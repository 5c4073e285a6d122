/**
 * Reconcile spans recorded by the replicas of the sharding fault spec (and the managers of
 * sharding-manager.int.spec), and the check that no two replicas reconciled one object at once. A replica writes a `start` line when a
 * reconcile begins and an `end` line when it returns; a span without an end (its process
 * was killed, or it is still running) lasts until `openUntil(replica)`.
 * @module
 */

export type SpanLine = { span: string; key: string; start: number } | { span: string; key: string; end: number };

export interface Span {
  replica: string;
  key: string;
  start: number;
  end: number | undefined;
}

export function spansOf(lines: readonly SpanLine[]): Span[] {
  const byId = new Map<string, Span>();
  for (const line of lines) {
    const replica = line.span.slice(0, line.span.indexOf('/'));
    const span = byId.get(line.span) ?? { replica, key: line.key, start: Number.NaN, end: undefined };
    if ('start' in line) span.start = line.start;
    else span.end = line.end;
    byId.set(line.span, span);
  }
  return [...byId.values()];
}

/** The first pair of spans of one object from two replicas that overlap, described; undefined if none. */
export function findOverlap(spans: readonly Span[], openUntil: (replica: string) => number): string | undefined {
  const byKey = new Map<string, Span[]>();
  for (const s of spans) byKey.set(s.key, [...(byKey.get(s.key) ?? []), s]);
  for (const [key, list] of byKey) {
    const sorted = [...list].sort((a, b) => a.start - b.start);
    let last: Span | undefined;
    let lastEnd = Number.NEGATIVE_INFINITY;
    for (const s of sorted) {
      const end = s.end ?? openUntil(s.replica);
      if (last !== undefined && s.replica !== last.replica && s.start < lastEnd) {
        return `${key}: ${last.replica} [${last.start}, ${lastEnd}) and ${s.replica} [${s.start}, ${end})`;
      }
      if (end > lastEnd) {
        lastEnd = end;
        last = s;
      }
    }
  }
  return undefined;
}
