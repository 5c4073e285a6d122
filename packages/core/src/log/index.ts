/**
 * Logging: `newLogger({ level, format })` (winston underneath) implements the runtime's
 * `Logger`; `noopLogger` discards; `serializeError` turns any thrown value into log fields
 * (`serializeErrors()` is the same as a winston format).
 * @module log
 */

export { type LogFields, type Logger, noopLogger } from '../api/logger.js';
export { serializeError } from './serialize-error.js';
export { type LoggerOptions, type LogLevel, newLogger, serializeErrors } from './winston.js';
