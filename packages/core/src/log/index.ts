/**
 * Logging: `newLogger({ level, format })` (winston underneath) implements the runtime's
 * `Logger`; `noopLogger` discards.
 * @module log
 */

export { type LogFields, type Logger, noopLogger } from '../api/logger.js';
export { type LoggerOptions, type LogLevel, newLogger } from './winston.js';
