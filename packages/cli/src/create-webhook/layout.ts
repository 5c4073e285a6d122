/**
 * Where `create webhook` puts a kind's webhook files, beside where `create api` put the kind
 * (PROJECT's `path`): `src/webhooks/<version>/` and `test/` in a single-group project,
 * `src/webhooks/<group>/<version>/` and `test/<group>/` when the kind is under
 * `src/api/<group>/<version>` (multigroup). Every import between them goes through
 * `importPath`.
 * @module
 */
import type { ResourceNames } from '../scaffold/names.js';

export interface WebhookLayout {
  /** The kind's version folder, with its `index.ts`: `src/api/v1` or `src/api/cache/v1`. */
  apiDir: string;
  /** `src/webhooks/v1/rediscluster.webhook.ts` */
  webhook: string;
  /** `src/webhooks/v1/rediscluster.webhook.spec.ts` */
  spec: string;
  /** `test/rediscluster.webhook.int.spec.ts` */
  suite: string;
  /** The converter of one spoke: `src/webhooks/v1/rediscluster.v2.conversion.ts` */
  conversion: (spoke: string) => string;
}

export function webhookLayout(names: ResourceNames, apiDir = `src/api/${names.version}`): WebhookLayout {
  const grouped = apiDir !== `src/api/${names.version}`;
  const dir = `src/webhooks/${grouped ? `${names.group}/` : ''}${names.version}`;
  return {
    apiDir,
    webhook: `${dir}/${names.lower}.webhook.ts`,
    spec: `${dir}/${names.lower}.webhook.spec.ts`,
    suite: `test/${grouped ? `${names.group}/` : ''}${names.lower}.webhook.int.spec.ts`,
    conversion: (spoke) => `${dir}/${names.lower}.${spoke}.conversion.ts`,
  };
}
