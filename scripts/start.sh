#!/usr/bin/env bash
# One command runs the whole system locally: installs, builds, creates and migrates the database,
# then runs api, scheduler, prober and notifier until Ctrl-C (which stops them all cleanly).
# Needs Node 20+, PostgreSQL and Redis reachable. Override any variable from the README's table,
# e.g. DATABASE_URL=postgresql://me@db:5432/upmon pnpm start
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pnpm >/dev/null || npm install -g "pnpm@$(node -p "require('./package.json').packageManager.split('@')[1]")"

mkdir -p .run
# Local secrets are generated once and kept out of git (.run/ is ignored).
if [ ! -f .run/local.env ]; then
  umask 077
  cat > .run/local.env <<ENV
DATABASE_URL=${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/upmon}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
ENCRYPTION_KEY=$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64'))")
TELEGRAM_WEBHOOK_SECRET=$(node -e "process.stdout.write(require('crypto').randomBytes(24).toString('hex'))")
ENV
fi
# Variables already set in the environment win over the file.
while IFS='=' read -r key value; do
  [ -z "$key" ] && continue
  [ -z "${!key:-}" ] && export "$key=$value"
done < .run/local.env

pnpm install --frozen-lockfile
pnpm build
pnpm --filter @upmon/db ensure-database
pnpm db:migrate

pids=()
stop_all() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait || true
}
trap stop_all INT TERM EXIT

for svc in api scheduler prober notifier; do
  flags=()
  # The prober, the api (ping receiver) and the notifier allocate per request or delivery: a larger
  # young generation lets those objects die there instead of being promoted (bench/RESULTS.md).
  [ "$svc" != scheduler ] && flags=(--max-semi-space-size=64)
  node "${flags[@]}" "services/$svc/dist/main.js" &
  pids+=("$!")
done
echo "upmon: api on http://localhost:${API_PORT:-8000} (health and /metrics ports: api ${API_METRICS_PORT:-8004}, scheduler ${SCHEDULER_PORT:-8001}, prober ${PROBER_PORT:-8002}, notifier ${NOTIFIER_PORT:-8003}); Ctrl-C stops everything" >&2
# If any service dies, stop the rest and fail.
wait -n
status=$?
echo "upmon: a service exited (status $status); stopping the others" >&2
exit "$status"
