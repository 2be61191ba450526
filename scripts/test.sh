#!/usr/bin/env bash
# Installs, builds and runs every test. Needs Node 20+, PostgreSQL and Redis reachable
# (TEST_DATABASE_ADMIN_URL, TEST_REDIS_URL; defaults: local postgres user on 127.0.0.1, redis on 127.0.0.1:6379).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pnpm >/dev/null || npm install -g "pnpm@$(node -p "require('./package.json').packageManager.split('@')[1]")"
pnpm install --frozen-lockfile
pnpm build
pnpm lint
pnpm test:jest "$@"
