/**
 * winston, for a winston logger of your own: `adaptWinston(logger)` is the runtime's `Logger`
 * on it (what `newLogger({ winston })` returns), and `serializeErrors()` is the winston
 * format that writes thrown values with `serializeError` (add it to your logger's format to
 * get the error fields the runtime's own lines have). winston itself is loaded the first
 * time `serializeErrors()` is called: the runtime's default logger does not use it.
 * @module
 */
import { createRequire } from 'node:module';
import type winston from 'winston';
import type { Logger } from '../api/logger.js';
import { isErrorField, serializeError } from './serialize-error.js';

const require = createRequire(import.meta.url);
let format: winston.Logform.FormatWrap | undefined;

/** The winston format that writes thrown values with `serializeError` (fields `error`, `err`, and any Error). */
export const serializeErrors: winston.Logform.FormatWrap = (options) => {
  format ??= (require('winston') as typeof winston).format((info) => {
    for (const key of Object.keys(info)) {
      const value = info[key];
      if (isErrorField(key, value)) info[key] = serializeError(value);
    }
    return info;
  });
  return format(options);
};

/** The runtime's `Logger` on a winston logger. */
export function adaptWinston(w: winston.Logger): Logger {
  return {
    error: (message, fields) => void w.error(message, fields),
    warn: (message, fields) => void w.warn(message, fields),
    info: (message, fields) => void w.info(message, fields),
    debug: (message, fields) => void w.debug(message, fields),
    child: (fields) => adaptWinston(w.child(fields)),
  };
}
