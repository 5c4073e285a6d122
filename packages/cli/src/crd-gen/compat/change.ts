/**
 * What `crd-gen --check-compat` reports: one `Change` per incompatible difference between
 * an old and a new CRD, named by the rule that found it (crdify's names where crdify has the
 * rule), with the CRD, the version and the field path it concerns.
 * @module
 */

/** `error` fails the check; `warning` is printed only. */
export type Severity = 'error' | 'warning';

/** The rules, by the name `--allow` takes. */
export const RULES = {
  crdRemoval: 'error',
  scope: 'error',
  versionRemoval: 'error',
  storedVersionRemoval: 'error',
  storageVersion: 'error',
  printerColumnRemoval: 'warning',
  existingFieldRemoval: 'error',
  type: 'error',
  enum: 'error',
  enumAddition: 'warning',
  pattern: 'error',
  format: 'error',
  default: 'error',
  maximum: 'error',
  maxLength: 'error',
  maxItems: 'error',
  maxProperties: 'error',
  minimum: 'error',
  minLength: 'error',
  minItems: 'error',
  minProperties: 'error',
  required: 'error',
  nullable: 'error',
  uniqueItems: 'error',
  listType: 'error',
  mapType: 'error',
  validationRules: 'error',
} as const satisfies Record<string, Severity>;

export type RuleName = keyof typeof RULES;

export interface Change {
  rule: RuleName;
  severity: Severity;
  /** The CRD's name, `widgets.demo.operant.dev`. */
  crd: string;
  /** The version, absent for changes to the whole CRD. */
  version?: string;
  /** The field path inside the version's schema (`spec.ports[*].port`), absent above the schema. */
  path?: string;
  message: string;
}

/** Where a change is found: everything but the rule and the message. */
export interface Location {
  crd: string;
  version?: string;
  path?: string;
}

export const change = (rule: RuleName, at: Location, message: string): Change => ({
  rule,
  severity: RULES[rule],
  ...at,
  message,
});

export const isRuleName = (value: string): value is RuleName => Object.hasOwn(RULES, value);

/** `error [maximum] widgets.demo.operant.dev v1 spec.replicas: maximum lowered from 10 to 5`. */
export function formatChange(c: Change): string {
  const where = [c.crd, c.version, c.path].filter((part) => part !== undefined && part !== '').join(' ');
  return `${c.severity} [${c.rule}] ${where}: ${c.message}`;
}
