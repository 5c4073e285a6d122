/**
 * The builder's error: every problem found at `build()` at once, each with a kind. The
 * kinds are those of the controller rules (`controller-rules.ts`); the decorator-only ones
 * (`missingReconcile` … `strayPredicate`) reach users in a `ScanError`.
 * @module
 */
import { OperantError } from '@operant/crd/metadata';

export type BuilderProblemKind =
  | 'ownsWithoutFor'
  | 'duplicateFor'
  | 'noWatches'
  | 'missingName'
  | 'duplicateName'
  | 'unknownKind'
  | 'missingReconcile'
  | 'multipleReconcile'
  | 'watchShape'
  | 'strayPredicate'
  | 'shardingOff'
  | 'invalidDependent';

export interface BuilderProblem {
  kind: BuilderProblemKind;
  message: string;
}

export class BuilderError extends OperantError {
  constructor(readonly problems: readonly BuilderProblem[]) {
    super(
      'Invalid',
      problems.length === 1
        ? (problems[0] as BuilderProblem).message
        : `unable to build the controller:\n${problems.map((p) => `  - ${p.message}`).join('\n')}`,
    );
    this.name = 'BuilderError';
  }

  has(kind: BuilderProblemKind): boolean {
    return this.problems.some((p) => p.kind === kind);
  }
}
