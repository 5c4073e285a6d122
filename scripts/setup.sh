# Sourced by scripts/test.sh and .ci/run: everything a fresh machine needs before tests run.
# Node >= 22 and pnpm (scripts/toolchain.sh), dependencies from the lockfile, the envtest
# control-plane binaries (built once from tools/envtest into ~/.cache/operant/envtest),
# helm (built once from tools/helm into ~/.cache/operant/helm), Chromium for the browser test
# of /debug/reconciles (Debian's package, with apt-get as root or through sudo), and the
# TypeScript build.
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
# Chromium, for packages/core/test/debug-reconciles-browser.int.spec.ts (CHROME_PATH, else
# Debian's /usr/bin/chromium); missing, that suite is skipped on a developer's machine and fails in CI
operant_chromium=${CHROME_PATH:-/usr/bin/chromium}
operant_apt() {
  if [ "$(id -u)" = 0 ]; then env DEBIAN_FRONTEND=noninteractive apt-get "$@" </dev/null >&2
  else sudo -n env DEBIAN_FRONTEND=noninteractive apt-get "$@" </dev/null >&2; fi
}
if [ ! -x "$operant_chromium" ] && command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; }; then
  echo "[setup] installing chromium with apt-get, for the browser test" >&2
  operant_apt install -y chromium || { operant_apt update && operant_apt install -y chromium; } ||
    echo "[setup] unable to install chromium with apt-get" >&2
fi
if [ ! -x "$operant_chromium" ]; then
  if [ "${CI:-}" = true ]; then
    echo "[setup] no Chromium at $operant_chromium: install Debian's chromium package, or set CHROME_PATH" >&2
    exit 1
  fi
  echo "[setup] no Chromium at $operant_chromium: the browser test will be skipped (apt-get install -y chromium, or set CHROME_PATH)" >&2
fi
pnpm build
