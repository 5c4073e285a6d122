/**
 * Logging: `newLogger({ level, format })` (winston underneath) implements the runtime's
 * `Logger` (exported by the package root); `noopLogger` discards; `LogFields` are a log
 * line's structured fields; `serializeErrors()` is the winston format that turns any thrown
 * value into log fields, for a winston logger of one's own.
 * @module log
 */

export { type LogFields, noopLogger } from '../api/logger.js';
export { type LoggerOptions, newLogger, serializeErrors } from './winston.js';
