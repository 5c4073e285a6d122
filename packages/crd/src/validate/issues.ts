/**
 * `ValidationIssue`: one failed check, at a Kubernetes-style field path
 * (`spec.ports[0].port`, `spec.endpoints.a.port`, the `field` of the API server's 422 causes), and the conversion
 * of class-validator's error tree into issues.
 * @module
 */
import type { ValidationError } from 'class-validator';

export interface ValidationIssue {
  /** Field path as the API server writes it: `spec.replicas`, `spec.ports[0].port`, map values `spec.labels.app`. */
  path: string;
  /** The class-validator constraint name (`min`, `isEnum`) or `x-kubernetes-validations` for CEL. */
  constraint: string;
  message: string;
}

/** `parent.key`, or `parent[i]` for an index: the API server's field path syntax. */
export const fieldPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

function childPath(parent: string, property: string, parentValue: unknown): string {
  if (Array.isArray(parentValue) || parentValue instanceof Set) {
    return `${parent}[${property}]`;
  }
  return parent === '' ? property : `${parent}.${property}`;
}

export function issuesFrom(errors: readonly ValidationError[], parent = '', parentValue?: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const path = childPath(parent, error.property, parentValue ?? error.target);
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      issues.push({ path, constraint, message });
    }
    issues.push(...issuesFrom(error.children ?? [], path, error.value));
  }
  return issues;
}
