/**
 * The scanner's error: every problem across every listed controller, in one message.
 * @module
 */
export type ScanProblemKind =
  | 'missingController'
  | 'missingReconcile'
  | 'multipleReconcile'
  | 'ownsWithoutFor'
  | 'unknownKind'
  | 'watchShape'
  | 'strayPredicate'
  | 'duplicateName'
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

export class ScanError extends Error {
  constructor(readonly problems: readonly ScanProblem[]) {
    super(
      problems.length === 1
        ? (problems[0] as ScanProblem).message
        : `found ${problems.length} problems in the controllers:\n${problems.map((p) => `  - ${p.message}`).join('\n')}`,
    );
    this.name = 'ScanError';
  }

  has(kind: ScanProblemKind): boolean {
    return this.problems.some((p) => p.kind === kind);
  }
}
