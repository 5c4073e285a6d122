/**
 * `src/webhooks/[<group>/]<version>/<kind>.webhook.ts`: kubebuilder's
 * `internal/webhook/<version>/<kind>_webhook.go`. One class for the kind's defaulting
 * (`@DefaultingWebhook`, `default(obj)`) and validating (`@ValidatingWebhook`,
 * `validateCreate`/`validateUpdate`, on CREATE and UPDATE as kubebuilder's marker; a
 * `validateDelete` adds DELETE) webhooks, as the flags ask, with a worked example on
 * the scaffolded `foo` field to replace: `foo` defaults to `"bar"`, and an empty `foo` is
 * refused as Go's `field.Invalid` would.
 * @module
 */
import type { ResourceNames } from '../../scaffold/names.js';
import { importPath } from '../../scaffold/source-layout.js';
import type { ScaffoldFile } from '../../scaffold/write-files.js';
import type { WebhookLayout } from '../layout.js';

export interface WebhookKinds {
  defaulting: boolean;
  validation: boolean;
}

export const webhookClass = (names: ResourceNames) => `${names.kind}Webhook`;

/** kubebuilder's default webhook names, `m<kind>-<version>.<qualified group>`: unique per kind and version. */
export const webhookNames = (names: ResourceNames) => ({
  mutating: `m${names.lower}-${names.version}.${names.qualifiedGroup}`,
  validating: `v${names.lower}-${names.version}.${names.qualifiedGroup}`,
});

function defaultingPart(names: ResourceNames): string {
  return `
  /**
   * Fills in defaults before the object is validated and stored (a copy of the request's
   * object; the API server gets the JSON patch). Schema defaults (\`@Default\`) are applied
   * by the API server before this runs.
   */
  default(${names.variable}: ${names.kind}): void {
    // TODO(user): your defaulting logic. The example: foo defaults to "bar".
    ${names.variable}.spec ??= {};
    ${names.variable}.spec.foo ??= 'bar';
  }
`;
}

function validationPart(names: ResourceNames): string {
  const v = names.variable;
  return `
  validateCreate(${v}: ${names.kind}): Warnings {
    return this.validate(${v});
  }

  validateUpdate(_old: ${names.kind}, ${v}: ${names.kind}): Warnings {
    return this.validate(${v});
  }

  /**
   * The rules the schema cannot express (the object's class-validator decorators are checked
   * before this runs). Return warnings; throw \`invalid([...])\` to refuse: kubectl prints
   * \`The ${names.kind} "name" is invalid: spec.foo: Invalid value: "": must not be empty\`.
   */
  private validate(${v}: ${names.kind}): Warnings {
    const issues: FieldIssue[] = [];
    // TODO(user): your validation logic. The example: foo, when set, must not be empty.
    if (${v}.spec?.foo === '') {
      issues.push({ path: 'spec.foo', value: ${v}.spec.foo, message: 'must not be empty' });
    }
    if (issues.length > 0) throw invalid(issues);
    return [];
  }
`;
}

/** An import as Biome formats it at 120 columns: one line, or one name a line. */
function importOf(specifiers: readonly string[], from: string): string {
  const line = `import { ${specifiers.join(', ')} } from '${from}';`;
  return line.length <= 120 ? line : `import {\n${specifiers.map((s) => `  ${s},\n`).join('')}} from '${from}';`;
}

export function webhookFile(names: ResourceNames, kinds: WebhookKinds, layout: WebhookLayout): ScaffoldFile {
  const { kind, qualifiedGroup, version } = names;
  const decorators = [
    ...(kinds.defaulting ? [`@DefaultingWebhook(${kind}, { name: '${webhookNames(names).mutating}' })`] : []),
    ...(kinds.validation ? [`@ValidatingWebhook(${kind}, { name: '${webhookNames(names).validating}' })`] : []),
  ];
  const contracts = [
    ...(kinds.defaulting ? [`CustomDefaulter<${kind}>`] : []),
    ...(kinds.validation ? [`CustomValidator<${kind}>`] : []),
  ];
  const coreImports = [
    ...(kinds.defaulting ? ['DefaultingWebhook'] : []),
    ...(kinds.validation ? ['ValidatingWebhook'] : []),
  ];
  const webhookImports = [
    ...(kinds.defaulting ? ['type CustomDefaulter'] : []),
    ...(kinds.validation ? ['type CustomValidator', 'type FieldIssue', 'invalid', 'type Warnings'] : []),
  ];
  const what = [kinds.defaulting ? 'defaults' : '', kinds.validation ? 'validates' : ''].filter((w) => w !== '');
  return {
    path: layout.webhook,
    content: `/**
 * The admission webhooks of ${kind} (${qualifiedGroup}/${version}): it ${what.join(' and ')} every
 * ${kind} the API server creates or updates. \`pnpm manifests\` writes their configurations
 * to config/webhook/manifests.yaml (operant webhook-gen); AppModule lists the class.
 * @module
 */
${importOf(coreImports, '@operant/core')}
${importOf(webhookImports, '@operant/core/webhook')}
import { ${kind} } from '${importPath(layout.webhook, `${layout.apiDir}/index.ts`)}';

${decorators.join('\n')}
export class ${webhookClass(names)} implements ${contracts.join(', ')} {${kinds.defaulting ? defaultingPart(names) : ''}${kinds.validation ? validationPart(names) : ''}}
`,
  };
}
