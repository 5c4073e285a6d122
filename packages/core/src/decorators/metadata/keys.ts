/**
 * The Reflect metadata keys of Operant's decorators, namespaced. Only `storage.ts` reads or writes them.
 * @module
 */
export const CONTROLLER_METADATA = '@operant/core/controller';
export const MODULE_METADATA = '@operant/core/module';
export const WEBHOOK_METADATA = '@operant/core/webhook';
