/**
 * The name a cause gives the handler that queued it (`enqueueRequestForObject`,
 * `enqueueRequestForOwner Widget`, `enqueueRequestsFromMapFunc`): the built-in handlers name
 * themselves with `namedHandler`; a handler of one's own may too, else it is `handler`.
 * The name is a symbol-keyed property, so wrapping a handler with a spread keeps it.
 * @module
 */

const HANDLER_NAME: unique symbol = Symbol.for('@operant/core/handler-name');

/** `handler`, named `name` for the causes it records. */
export function namedHandler<H extends object>(handler: H, name: string): H {
  return Object.assign(handler, { [HANDLER_NAME]: name });
}

/** The name of `handler` (`handler` when it has none). */
export function handlerName(handler: object): string {
  return (handler as { [HANDLER_NAME]?: string })[HANDLER_NAME] ?? 'handler';
}

/** The name of a predicate in causes and metrics: its `name` property, else its position. */
export function predicateName(predicate: object, index: number): string {
  const name = (predicate as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name : `#${index}`;
}
