/**
 * `biome.json`: formatting and lint as in Operant itself, outside the Helm chart's templates
 * (Go templates, which Biome's YAML parser refuses). `useImportType` stays off: an
 * `import type` of a class used as a constructor parameter erases the value the DI
 * container reads from `design:paramtypes`.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const biomeConfig: ScaffoldFile = {
  path: 'biome.json',
  content: `{
  "$schema": "./node_modules/@biomejs/biome/configuration_schema.json",
  "files": {
    "includes": ["**", "!**/dist", "!**/node_modules", "!**/coverage", "!chart/templates"]
  },
  "formatter": {
    "indentStyle": "space",
    "indentWidth": 2,
    "lineWidth": 120
  },
  "javascript": {
    "formatter": {
      "quoteStyle": "single",
      "trailingCommas": "all"
    },
    "parser": {
      "unsafeParameterDecoratorsEnabled": true
    }
  },
  "linter": {
    "rules": {
      "preset": "recommended",
      "style": {
        "noNonNullAssertion": "off",
        "useImportType": "off"
      }
    }
  }
}
`,
};
