/**
 * Loads the user's TypeScript in this process through swc, which (unlike esbuild and tsx)
 * emits `design:type` metadata for legacy decorators. Node's in-thread module hooks
 * (`module.registerHooks`) resolve `./x.js` to `./x.ts` as TypeScript's NodeNext does and
 * compile `.ts`/`.mts` files on load; everything else loads as usual.
 * @module
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

const tsFile = /\.(m?ts)$/;
let registered = false;

/** The swc options crd-gen compiles with: legacy decorators and decorator metadata on. */
export const swcOptions = (filename: string) => ({
  filename,
  sourceMaps: 'inline' as const,
  jsc: {
    target: 'es2023' as const,
    parser: { syntax: 'typescript' as const, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    keepClassNames: true,
  },
  module: { type: 'es6' as const },
});

export function registerTypeScriptHooks(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (err) {
        if (!/^\.{1,2}\//.test(specifier) || !/\.(m?js)$/.test(specifier)) throw err;
        return nextResolve(specifier.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'), context);
      }
    },
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !tsFile.test(url)) return nextLoad(url, context);
      const filename = fileURLToPath(url);
      const { code } = transformSync(readFileSync(filename, 'utf8'), swcOptions(filename));
      return { format: 'module', source: code, shortCircuit: true };
    },
  });
}
