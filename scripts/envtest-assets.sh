#!/usr/bin/env bash
# Builds the envtest control plane (etcd, kube-apiserver, kube-controller-manager) from the
# Go wrapper modules in tools/envtest into a cache outside the repo, laid out like
# setup-envtest's KUBEBUILDER_ASSETS folder. A no-op when the binaries already report the
# wanted versions. Prints the folder as its last line of stdout; progress goes to stderr.
set -euo pipefail

K8S_VERSION=v1.37.2
ETCD_VERSION=v3.7.3
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${OPERANT_ENVTEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/operant/envtest}
out="$cache/${K8S_VERSION#v}-linux-amd64"
mkdir -p "$out"

log() { printf '[envtest:assets] %s\n' "$*" >&2; }

# has_version BIN WANT: the binary exists and its --version output names WANT.
has_version() { [ -x "$out/$1" ] && "$out/$1" --version 2>/dev/null | grep -qF -- "$2"; }

# build DIR NAME LDFLAGS PKG...: go build with a package counter on stderr, then an atomic move.
build() {
  local dir=$1 name=$2 ldflags=$3; shift 3
  local tmp; tmp=$(mktemp -d "$out/.build.XXXXXX")
  local total; total=$(cd "$dir" && go list -deps "$@" | wc -l)
  local start=$SECONDS n=0
  log "building $name ($total packages; a cold build takes many minutes on 2 cores)"
  (cd "$dir" && CGO_ENABLED=0 go build -v -trimpath -buildvcs=false -tags selinux,notest,grpcnotrace \
      -ldflags "$ldflags" -o "$tmp/" "$@" 2>&1) |
    while IFS= read -r line; do
      case $line in
        *:*|*' '*) printf '%s\n' "$line" >&2 ;;          # compiler output, not a package name
        *) n=$((n + 1))
           if (( n % 100 == 0 )); then log "$name: $n/$total packages compiled, $((SECONDS - start))s"; fi ;;
      esac
    done
  local rc=${PIPESTATUS[0]}
  if (( rc != 0 )); then rm -rf "$tmp"; log "building $name failed (exit $rc)"; return "$rc"; fi
  mv -f "$tmp"/* "$out/"; rm -rf "$tmp"
  log "built $name in $((SECONDS - start))s"
}

command -v go >/dev/null || { log "go is not on PATH: install Go >= 1.26, or set KUBEBUILDER_ASSETS to a folder of prebuilt binaries"; exit 1; }

if has_version etcd "${ETCD_VERSION#v}"; then
  log "etcd ${ETCD_VERSION} already built"
else
  build "$root/tools/envtest/etcd" etcd \
    "-s -w -X go.etcd.io/etcd/api/v3/version.GitSHA=${ETCD_VERSION}" go.etcd.io/etcd/server/v3
  mv -f "$out/server" "$out/etcd"   # go build names the go.etcd.io/etcd/server/v3 binary "server"
fi

if has_version kube-apiserver "$K8S_VERSION" && has_version kube-controller-manager "$K8S_VERSION"; then
  log "kube-apiserver and kube-controller-manager ${K8S_VERSION} already built"
else
  minor=${K8S_VERSION#v1.}; minor=${minor%%.*}
  now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  stamp="-s -w"
  for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    stamp+=" -X $p.gitVersion=$K8S_VERSION -X $p.gitMajor=1 -X $p.gitMinor=$minor"
    stamp+=" -X $p.gitTreeState=clean -X $p.buildDate=$now"
  done
  build "$root/tools/envtest/kubernetes" kubernetes "$stamp" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager
fi

for b in etcd kube-apiserver kube-controller-manager; do
  [ -x "$out/$b" ] || { log "missing $out/$b after the build"; exit 1; }
done
log "$("$out/etcd" --version | head -n 1); $("$out/kube-apiserver" --version)"
printf '%s\n' "$out"
