#!/usr/bin/env bash
# Builds helm from the Go module pinned in tools/helm (helm.sh/helm/v4) into a cache outside
# the repo, for the tests of the chart `operant helm` writes (helm lint, helm template). A
# no-op when the cached binary reports the pinned version. Prints the binary's path as its
# last line of stdout; progress goes to stderr.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
command -v go >/dev/null || { echo '[helm] go is not on PATH: install Go >= 1.26, or set OPERANT_HELM to a helm binary' >&2; exit 1; }
version=$(cd "$root/tools/helm" && go list -m -f '{{.Version}}' helm.sh/helm/v4)
out=${OPERANT_HELM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/operant/helm}/$version
bin="$out/helm"
if [ -x "$bin" ] && "$bin" version --template '{{.Version}}' 2>/dev/null | grep -qxF "$version"; then
  printf '[helm] %s already built\n' "$version" >&2
else
  mkdir -p "$out"
  start=$SECONDS
  printf '[helm] building %s (a few minutes on 2 cores)\n' "$version" >&2
  tmp=$(mktemp -d "$out/.build.XXXXXX")
  (cd "$root/tools/helm" && CGO_ENABLED=0 go build -trimpath \
    -ldflags "-s -w -X helm.sh/helm/v4/internal/version.version=$version -X helm.sh/helm/v4/internal/version.gitTreeState=clean" \
    -o "$tmp/helm" helm.sh/helm/v4/cmd/helm)
  mv -f "$tmp/helm" "$bin"; rm -rf "$tmp"
  printf '[helm] built %s in %ss\n' "$version" "$((SECONDS - start))" >&2
fi
printf '%s\n' "$bin"
