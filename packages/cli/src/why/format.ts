/**
 * The text `operant why` prints: for each controller, the object's recent reconciles oldest
 * first (time, result, duration, queue wait, error), each with its causes (source, event,
 * object, resourceVersion, generation, watch, handler, what it was mapped from, predicates)
 * and the writes it made; then the causes waiting for the next reconcile and the last hot
 * loop found. Pure: the page's data in, text out.
 * @module
 */
import type {
  Cause,
  ControllerReconciles,
  HotLoop,
  KeyReconciles,
  ReconcileRecord,
  WriteRecord,
} from '@operant/core/trace';

/** The handler that queues the object of the event itself: its causes are not "mapped from" anything. */
const FOR_OBJECT_HANDLER = 'enqueueRequestForObject';

/** `12ms`, `1.5s`, `2m05s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

const time = (ms: number): string => new Date(ms).toISOString();

const objectName = (namespace: string | undefined, name: string | undefined): string =>
  namespace === undefined || namespace === '' ? (name ?? '') : `${namespace}/${name ?? ''}`;

/** What a cause without an event stands for. */
function nonEventCause(cause: Cause): string {
  switch (cause.source) {
    case 'requeue':
      return 'requeue (the reconcile asked for it)';
    case 'requeueAfter':
      return `requeueAfter ${formatDuration(cause.afterMs ?? 0)} (the reconcile asked for it)`;
    case 'retry':
      return 'retry after an error';
    case 'shard':
      return 'shard hand-off';
    case 'reconnect':
      return 'retry once the API server answered again';
    default:
      return cause.source;
  }
}

/** The first line of a cause: what happened to which object. */
function causeHeadline(cause: Cause): string {
  if (cause.event === undefined) return `${nonEventCause(cause)}  at ${time(cause.at)}`;
  const parts = [cause.event, cause.kind ?? 'object', objectName(cause.namespace, cause.name)];
  if (cause.source !== 'kind') parts.push(`(${cause.source})`);
  let line = parts.join(' ');
  if (cause.resourceVersion !== undefined) line += `  resourceVersion ${cause.resourceVersion}`;
  if (cause.generation !== undefined) line += `  generation ${cause.generation}`;
  return `${line}  at ${time(cause.at)}`;
}

/** The second line of a cause that came from a watch: the watch, the handler and the predicates it passed. */
function causeOrigin(cause: Cause): string | undefined {
  const origin = cause.origin;
  if (origin === undefined) return undefined;
  let handler = `handler ${origin.handler}`;
  if (cause.event !== undefined && origin.handler !== FOR_OBJECT_HANDLER) {
    handler += ` (mapped from ${cause.kind ?? 'object'} ${objectName(cause.namespace, cause.name)})`;
  }
  const predicates = origin.predicates.length === 0 ? 'none' : origin.predicates.join(', ');
  return `watch ${origin.source}, ${handler}, predicates ${predicates}`;
}

function causeLines(causes: readonly Cause[], indent: string): string[] {
  if (causes.length === 0) return [`${indent}none`];
  return causes.flatMap((cause) => {
    const origin = causeOrigin(cause);
    const lines = [`${indent}- ${causeHeadline(cause)}`];
    if (origin !== undefined) lines.push(`${indent}  ${origin}`);
    if (cause.traceparent !== undefined) lines.push(`${indent}  traceparent ${cause.traceparent}`);
    return lines;
  });
}

function writeLine(write: WriteRecord): string {
  let line = `- ${write.verb} ${write.kind ?? 'object'} ${objectName(write.namespace, write.name)}`;
  if (write.resourceVersion !== undefined) line += `  resourceVersion ${write.resourceVersion}`;
  return line;
}

/** The headline of a reconcile: when, how it ended, how long it took and waited. */
function reconcileHeadline(record: ReconcileRecord): string {
  let line = `${time(record.startedAt)}  ${record.result}`;
  if (record.requeueAfterMs !== undefined) line += ` ${formatDuration(record.requeueAfterMs)}`;
  line += `  took ${formatDuration(record.durationMs)}`;
  if (record.queueWaitMs !== undefined) line += `  queued ${formatDuration(record.queueWaitMs)}`;
  if (record.reconcileID !== undefined) line += `  reconcileID ${record.reconcileID}`;
  return line;
}

function reconcileLines(record: ReconcileRecord): string[] {
  const lines = [`  ${reconcileHeadline(record)}`];
  if (record.error !== undefined) lines.push(`    error: ${record.error}`);
  lines.push('    causes:', ...causeLines(record.causes, '      '));
  if (record.droppedCauses > 0) lines.push(`      (${record.droppedCauses} more not kept)`);
  if (record.ownWriteCauses > 0) {
    lines.push(`      (${record.ownWriteCauses} of them from this controller's own writes)`);
  }
  lines.push(
    '    writes:',
    ...(record.writes.length === 0 ? ['      none'] : record.writes.map((w) => `      ${writeLine(w)}`)),
  );
  return lines;
}

function hotLoopLines(hotLoop: HotLoop): string[] {
  const fields = hotLoop.changedFields.length === 0 ? 'none found' : hotLoop.changedFields.join(', ');
  return [
    `Hot loop: ${hotLoop.reconciles} reconciles in the window from ${time(hotLoop.since)}, ${hotLoop.ownWrites} of them caused mostly by this controller's own writes`,
    `  fields changed between its last two writes: ${fields}`,
  ];
}

/** The title of a controller's section. */
function controllerTitle(controller: ControllerReconciles, key: string): string {
  const kind = controller.kind === undefined ? '' : ` (${controller.kind})`;
  return `Controller ${controller.controller}${kind}, ${key}`;
}

/** One key of one controller: its reconciles oldest first, the causes waiting, and a hot loop. */
export function formatKeyReconciles(controller: ControllerReconciles, key: KeyReconciles): string {
  const name = objectName(key.namespace, key.name);
  const lines = [controllerTitle(controller, name), ''];
  if (key.reconciles.length === 0) lines.push('Reconciles: none yet');
  else {
    lines.push(`Reconciles (${key.reconciles.length}, oldest first):`);
    for (const record of key.reconciles) lines.push(...reconcileLines(record));
  }
  lines.push('Waiting:', ...causeLines(key.waiting, '  '));
  if (key.hotLoop !== undefined) lines.push(...hotLoopLines(key.hotLoop));
  return `${lines.join('\n')}\n`;
}

/** A controller that reconciles the kind but remembers nothing of the object. */
export function formatNoRecord(controller: ControllerReconciles, key: string): string {
  return `${controllerTitle(controller, key)}: no reconcile recorded (recordCauses may be off for this controller, or the object was not reconciled since the manager started)\n`;
}

/** Every controller of the page: `key`'s sections, separated by a blank line. */
export function formatReconciles(controllers: readonly ControllerReconciles[], key: string): string {
  return controllers
    .map((controller) => {
      const held = controller.keys.filter((k) => objectName(k.namespace, k.name) === key);
      return held.length === 0
        ? formatNoRecord(controller, key)
        : held.map((k) => formatKeyReconciles(controller, k)).join('\n');
    })
    .join('\n');
}
