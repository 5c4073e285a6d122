/**
 * The root module: the RedisCluster controller, its resync ticker, and the operator's
 * options. `configuredAppModule({...})` is the same app with other options (AppModule's
 * lists with its own `REDIS_OPERATOR_OPTIONS` value, as Nest's dynamic modules do: a second
 * registration of the token would be an error); main.ts, the tests and the demo use it. `operant create api` adds new
 * controllers, and `operant create webhook` webhooks, at the `+operant:scaffold` markers.
 * @module
 */
import { Module } from '@operant/core';
import { getModuleMetadata } from '@operant/core/decorators';
import { type AnyClass } from '@operant/crd';
import { defaultOptions, REDIS_OPERATOR_OPTIONS, type RedisOperatorOptions } from './controllers/options.js';
import { RedisClusterReconciler } from './controllers/rediscluster.controller.js';
import { ResyncTicker } from './controllers/resync-ticker.js';
// +operant:scaffold:imports

@Module({
  controllers: [
    RedisClusterReconciler,
    // +operant:scaffold:controllers
  ],
  webhooks: [
    // +operant:scaffold:webhooks
  ],
  providers: [ResyncTicker, { provide: REDIS_OPERATOR_OPTIONS, useValue: defaultOptions }],
})
export class AppModule {}

/** AppModule with `options` over the defaults. */
export function configuredAppModule(options: Partial<RedisOperatorOptions>): AnyClass {
  const app = getModuleMetadata(AppModule) ?? {};
  const configured = { provide: REDIS_OPERATOR_OPTIONS, useValue: { ...defaultOptions, ...options } };
  @Module({
    ...app,
    providers: (app.providers ?? []).map((p) =>
      typeof p === 'object' && p.provide === REDIS_OPERATOR_OPTIONS ? configured : p,
    ),
  })
  class ConfiguredAppModule {}
  return ConfiguredAppModule;
}
