# Sourced by scripts/test.sh and .ci/run: everything a fresh machine needs before tests run.
# Node >= 22 and pnpm (scripts/toolchain.sh), dependencies from the lockfile, the envtest
# control-plane binaries (built once from tools/envtest into ~/.cache/operant/envtest),
# helm (built once from tools/helm into ~/.cache/operant/helm), and the TypeScript build.
# Each step is a quick no-op when already done.
# shellcheck shell=bash
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/toolchain.sh
source scripts/toolchain.sh
echo "[setup] node $(node --version), pnpm $(pnpm --version), $(go version 2>/dev/null || echo 'go: not found')" >&2
pnpm install --frozen-lockfile </dev/null
if [ -z "${KUBEBUILDER_ASSETS:-}" ] && [ "${USE_EXISTING_CLUSTER:-}" != "true" ]; then
  bash scripts/envtest-assets.sh >/dev/null
fi
# helm, for the chart `operant helm` writes (examples/redis-operator/test/helm.int.spec.ts)
bash scripts/helm.sh >/dev/null
pnpm build
