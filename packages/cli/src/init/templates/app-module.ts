/**
 * `src/app.module.ts`: the root module. `operant create api` adds each new controller
 * (its import above the `imports` marker, the class above the `controllers` marker), and
 * `operant create webhook` each webhook class (above the `webhooks` marker).
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const IMPORTS_MARKER = '// +operant:scaffold:imports';
export const CONTROLLERS_MARKER = '// +operant:scaffold:controllers';
export const WEBHOOKS_MARKER = '// +operant:scaffold:webhooks';

export const appModule: ScaffoldFile = {
  path: 'src/app.module.ts',
  content: `/**
 * The root module: every controller and webhook of the operator and the providers they
 * inject. \`operant create api\` and \`operant create webhook\` add new ones at the markers.
 * @module
 */
import { Module } from '@operant/core';
${IMPORTS_MARKER}

@Module({
  controllers: [
    ${CONTROLLERS_MARKER}
  ],
  webhooks: [
    ${WEBHOOKS_MARKER}
  ],
  providers: [],
})
export class AppModule {}
`,
};
