// The edits create api makes to existing files: controllers join the root module in
// import order, exports and kustomize resources are added once, comments survive.
import { describe, expect, it } from '@jest/globals';
import { CliError } from '../errors.js';
import { appModule } from '../init/templates/app-module.js';
import { addExport, addKustomizeResource, registerController, registerWebhook } from './register.js';

describe('registerWebhook', () => {
  it("adds the import among the controllers' and the class at the webhooks marker, once", () => {
    let source = registerController(
      appModule.content,
      'RedisClusterReconciler',
      './controllers/rediscluster.controller.js',
    );
    source = registerWebhook(source, 'RedisClusterWebhook', './webhooks/v1/rediscluster.webhook.js');
    source = registerWebhook(source, 'RedisClusterWebhook', './webhooks/v1/rediscluster.webhook.js');
    expect(source).toContain(
      [
        "import { RedisClusterReconciler } from './controllers/rediscluster.controller.js';",
        "import { RedisClusterWebhook } from './webhooks/v1/rediscluster.webhook.js';",
        '// +operant:scaffold:imports',
      ].join('\n'),
    );
    expect(source).toContain('  webhooks: [\n    RedisClusterWebhook,\n    // +operant:scaffold:webhooks\n  ],');
  });

  it('refuses a module made before the webhooks marker, naming it', () => {
    const old = appModule.content.replace(/\n {2}webhooks: \[\n.*\n {2}\],/, '');
    expect(() => registerWebhook(old, 'XWebhook', './webhooks/v1/x.webhook.js')).toThrow(
      'unable to add XWebhook to src/app.module.ts: the "// +operant:scaffold:imports" and "// +operant:scaffold:webhooks" markers are missing; add it by hand',
    );
  });
});

describe('registerController', () => {
  it('adds imports in path order and classes at the marker', () => {
    let source = registerController(
      appModule.content,
      'RedisClusterReconciler',
      './controllers/rediscluster.controller.js',
    );
    source = registerController(source, 'MemcachedReconciler', './controllers/memcached.controller.js');
    source = registerController(source, 'MemcachedReconciler', './controllers/memcached.controller.js'); // --force again
    expect(source).toContain(
      [
        "import { Module } from '@operant/core';",
        "import { MemcachedReconciler } from './controllers/memcached.controller.js';",
        "import { RedisClusterReconciler } from './controllers/rediscluster.controller.js';",
        '// +operant:scaffold:imports',
      ].join('\n'),
    );
    expect(source).toContain(
      '  controllers: [\n    RedisClusterReconciler,\n    MemcachedReconciler,\n    // +operant:scaffold:controllers\n  ],',
    );
  });

  it('refuses a module without the markers, saying what to do', () => {
    const source = "import { Module } from '@operant/core';\n@Module({ controllers: [] })\nexport class AppModule {}\n";
    expect(() => registerController(source, 'XReconciler', './controllers/x.controller.js')).toThrow(
      /unable to add XReconciler to src\/app.module.ts: .* markers are missing; add it by hand/,
    );
    try {
      registerController(source, 'XReconciler', './x.js');
    } catch (err) {
      expect(CliError.is(err, 'config')).toBe(true);
    }
  });
});

describe('addExport', () => {
  it('keeps the header, sorts the exports and adds each once', () => {
    const header = '/**\n * The kinds of cache.example.com/v1.\n * @module\n */\n';
    let source = addExport(header, "export * from './rediscluster.types.js';");
    source = addExport(source, "export * from './memcached.types.js';");
    source = addExport(source, "export * from './memcached.types.js';");
    expect(source).toBe(`${header}export * from './memcached.types.js';\nexport * from './rediscluster.types.js';\n`);
  });
});

describe('addKustomizeResource', () => {
  it('turns an empty list into a block list, keeps comments and adds each resource once', () => {
    let source = '# The CRDs.\nresources: []\n';
    source = addKustomizeResource(source, 'bases/cache.example.com_redisclusters.yaml', 'config/crd');
    source = addKustomizeResource(source, 'bases/cache.example.com_memcacheds.yaml', 'config/crd');
    source = addKustomizeResource(source, 'bases/cache.example.com_memcacheds.yaml', 'config/crd');
    expect(source).toBe(
      '# The CRDs.\nresources:\n  - bases/cache.example.com_redisclusters.yaml\n  - bases/cache.example.com_memcacheds.yaml\n',
    );
  });

  it('refuses a resources field that is not a list', () => {
    expect(() => addKustomizeResource('resources: x\n', 'a.yaml', 'config/crd')).toThrow(
      'unable to add a.yaml to config/crd: its "resources" is not a list',
    );
  });
});
