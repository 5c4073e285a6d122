/**
 * The compiler settings: `tsconfig.json` for `tsc` (legacy decorators and
 * `emitDecoratorMetadata`, which Operant's DI, class-validator and crd-gen read) and
 * `.swcrc` with the same for jest (`@swc/jest`).
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
