/**
 * The logging contract of the runtime: leveled, structured, with named children
 * (`log.child({ component: 'cache' })`). A winston adapter lives in `log/`; anything with
 * these five methods works, and `noopLogger` discards everything.
 * @module
 */

/** Structured key/value fields; keys follow controller-runtime's (`controller`, `namespace`, `name`, …). */
export type LogFields = Record<string, unknown>;

export interface Logger {
  error(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

/** A Logger that drops every entry. */
export const noopLogger: Logger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  child: () => noopLogger,
};
