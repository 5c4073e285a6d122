#!/usr/bin/env bash
# The README's main job: sets up a fresh machine (scripts/setup.sh), then runs the example
# operator (examples/nest-style-app) on a local control plane and prints what it did.
# The RedisCluster operator of the user-path issue will take this place.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec pnpm --filter nest-style-app demo
