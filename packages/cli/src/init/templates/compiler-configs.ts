/**
 * The compiler settings: `tsconfig.json` for `tsc` (legacy decorators and
 * `emitDecoratorMetadata`, which Operant's DI, class-validator and crd-gen read),
 * `tsconfig.test.json`, which type-checks the sources and the tests together without
 * emitting (`pnpm test` runs it before jest, as `go test` compiles a package's tests: swc
 * only strips types), and `.swcrc` with the same decorator settings for jest (`@swc/jest`).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const tsconfig: ScaffoldFile = {
  path: 'tsconfig.json',
  content: `{
  "compilerOptions": {
    "target": "ES2023",
    "lib": ["ES2023"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "types": ["node"],
    "strict": true,
    "experimentalDecorators": true,
    "emitDecoratorMetadata": true,
    "useDefineForClassFields": false,
    "skipLibCheck": true,
    "sourceMap": true,
    "rootDir": "src",
    "outDir": "dist"
  },
  "include": ["src"],
  "exclude": ["src/**/*.spec.ts"]
}
`,
};

export const tsconfigTest: ScaffoldFile = {
  path: 'tsconfig.test.json',
  content: `{
  "extends": "./tsconfig.json",
  "compilerOptions": { "noEmit": true, "rootDir": "." },
  "include": ["src", "test"],
  "exclude": []
}
`,
};

export const swcrc: ScaffoldFile = {
  path: '.swcrc',
  content: `{
  "$schema": "https://swc.rs/schema.json",
  "sourceMaps": "inline",
  "jsc": {
    "target": "es2023",
    "parser": { "syntax": "typescript", "decorators": true },
    "transform": { "legacyDecorator": true, "decoratorMetadata": true, "useDefineForClassFields": false },
    "keepClassNames": true
  },
  "module": { "type": "es6" }
}
`,
};
