/**
 * `ManagerError`, what the manager throws: a bad setup, a second start, a lost leadership,
 * a shutdown past its timeout.
 * @module
 */

import { OperantError } from '@operant/crd/metadata';

export class ManagerError extends OperantError {
  constructor(message: string, options?: ErrorOptions) {
    super('Failed', message, options);
    this.name = 'ManagerError';
  }
}
