/**
 * `.gitignore` and `.dockerignore`: build output, dependencies, test leftovers and the local
 * control plane's kubeconfig stay out of git; the image build context gets only what the
 * Dockerfile copies.
 * @module
 */
import type { ScaffoldFile } from '../../scaffold/write-files.js';

export const gitignore: ScaffoldFile = {
  path: '.gitignore',
  content: `node_modules/
dist/
coverage/
*.tsbuildinfo
# pnpm envtest's kubeconfig
.envtest/
`,
};

export const dockerignore: ScaffoldFile = {
  path: '.dockerignore',
  content: `# Only what the Dockerfile copies: the manifests, the compiler configs and the sources.
*
!package.json
!pnpm-lock.yaml
!pnpm-workspace.yaml
!tsconfig.json
!src/
src/**/*.spec.ts
`,
};
