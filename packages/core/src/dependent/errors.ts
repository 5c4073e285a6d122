/**
 * The error a reconcile returns when a dependent failed (neither applied nor found in
 * conflict): it names the dependent and the primary, and carries the failure as `cause`.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';

export class DependentError extends OperantError {
  constructor(message: string, options?: ErrorOptions) {
    super('Failed', message, options);
    this.name = 'DependentError';
  }
}
