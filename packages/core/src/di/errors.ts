/**
 * The scanner's error: every problem across every listed controller, in one message.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';
import type { BuilderProblemKind } from '../builder/errors.js';

const brand: unique symbol = Symbol.for('@operant/core/ScanError');

/** The controller rules' kinds (builder/controller-rules.ts), and the scanner's own. */
export type ScanProblemKind =
  | BuilderProblemKind
  | 'missingController'
  | 'providerFailed'
  | 'duplicateProvider'
  | 'providerNotExported'
  | 'missingWebhook'
  | 'webhookShape'
  | 'duplicateWebhook';

export interface ScanProblem {
  kind: ScanProblemKind;
  message: string;
}

export class ScanError extends OperantError {
  readonly [brand] = true;
  constructor(readonly problems: readonly ScanProblem[]) {
    super(
      'Invalid',
      problems.length === 1
        ? (problems[0] as ScanProblem).message
        : `found ${problems.length} problems in the controllers:\n${problems.map((p) => `  - ${p.message}`).join('\n')}`,
    );
    this.name = 'ScanError';
  }

  /** True for a ScanError from any copy of `@operant/core` (the CLI's may not be the app's). */
  static is(value: unknown): value is ScanError {
    return OperantError.branded(value, brand);
  }

  has(kind: ScanProblemKind): boolean {
    return this.problems.some((p) => p.kind === kind);
  }
}
