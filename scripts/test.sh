#!/usr/bin/env bash
# Installs, builds and runs every test. Needs Node 20+; installs what else the suites use when it is
# missing (scripts/test-prerequisites.sh: pnpm, Chromium, promtool, kubectl) and starts the local
# PostgreSQL and Redis if they do not answer (TEST_DATABASE_ADMIN_URL, TEST_REDIS_URL; defaults:
# postgres user on 127.0.0.1:5432, Redis on 127.0.0.1:6379).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/test-prerequisites.sh
pnpm install --frozen-lockfile
pnpm build
pnpm lint
pnpm test:jest "$@"
