/**
 * The root module: the RedisCluster controller, its resync ticker, and the operator's
 * options. `configuredAppModule({...})` is the same app with other options (a module that
 * imports this one and provides its own `REDIS_OPERATOR_OPTIONS`, as Nest's dynamic
 * modules do); main.ts, the tests and the demo use it. `operant create api` adds new
 * controllers at the `+operant:scaffold` markers.
 * @module
 */
import { type AnyClass, Module } from '@operant/core';
import { defaultOptions, REDIS_OPERATOR_OPTIONS, type RedisOperatorOptions } from './controllers/options.js';
import { RedisClusterReconciler } from './controllers/rediscluster.controller.js';
import { ResyncTicker } from './controllers/resync-ticker.js';
// +operant:scaffold:imports

@Module({
  controllers: [
    RedisClusterReconciler,
    // +operant:scaffold:controllers
  ],
  providers: [ResyncTicker, { provide: REDIS_OPERATOR_OPTIONS, useValue: defaultOptions }],
})
export class AppModule {}

/** AppModule with `options` over the defaults. */
export function configuredAppModule(options: Partial<RedisOperatorOptions>): AnyClass {
  @Module({
    imports: [AppModule],
    providers: [{ provide: REDIS_OPERATOR_OPTIONS, useValue: { ...defaultOptions, ...options } }],
  })
  class ConfiguredAppModule {}
  return ConfiguredAppModule;
}
