#!/usr/bin/env bash
# Everything the test suites need besides Node 20+, each installed or started only when missing:
# pnpm (the version in package.json), Debian's Chromium (browser tests through playwright-core,
# which downloads no browser), promtool (lints /metrics and tests the alert rules), kubectl
# (renders the Kubernetes manifests with its built-in kustomize), nftables (the network-namespace
# test, as root), SimpleSAMLphp with php-cli and php-xml (the SAML identity provider of the SSO tests), Go (builds Healthchecks' Go clients for the compatibility tests), and a PostgreSQL and Redis that
# answer. Also drops the test databases an interrupted earlier run left.
# Sourced by scripts/test.sh; safe to run on its own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PG_URL=${TEST_DATABASE_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
REDIS_URL_FOR_TESTS=${TEST_REDIS_URL:-redis://127.0.0.1:6379}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "test prerequisites: '$*' needs root; install it yourself or run as root" >&2
    return 1
  fi
}

apt_updated=
apt_install() { # apt_install <what it is for> <package>...
  local why=$1
  shift
  echo "installing $* ($why)" >&2
  if [ -z "$apt_updated" ]; then as_root apt-get -o DPkg::Lock::Timeout=600 update -qq; apt_updated=1; fi
  # --no-install-recommends: promtool is wanted, not a Prometheus server; the image's policy-rc.d
  # keeps any server a package brings from being started.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" >/dev/null
}

# Two copies of the suite started together on a fresh machine would both install the same packages
# and the second apt-get would fail on apt's lock: one copy installs at a time, the other then finds
# everything present. Other apt users (unattended upgrades) are waited for too.
exec 9>/tmp/upmon-test-prerequisites.lock
flock 9

PNPM_VERSION=$(node -p "require('./package.json').packageManager.split('@')[1]")
if ! command -v pnpm >/dev/null || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "installing pnpm@$PNPM_VERSION" >&2
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null
fi

[ -x /usr/bin/chromium ] || apt_install "browser tests" chromium
command -v promtool >/dev/null || apt_install "metrics lint and alert-rule tests" prometheus
command -v kubectl >/dev/null || apt_install "Kubernetes manifest rendering" kubernetes-client
# SimpleSAMLphp, the SAML identity provider of the SSO tests, served by PHP's built-in server (php-xml: its DOM).
{ [ -d /usr/share/simplesamlphp/www ] && php -r 'exit(class_exists("DOMDocument") ? 0 : 1);' 2>/dev/null; } ||
  apt_install "SAML single sign-on tests" simplesamlphp php-cli php-xml php-mbstring
# nft: packet loss and the slow path of the locations' network test (packages/testing/src/network-lab.ts),
# which runs as root only; elsewhere it skips, and nothing needs installing.
if [ "$(id -u)" = 0 ] && ! command -v nft >/dev/null; then apt_install "network-namespace tests" nftables; fi
# Builds Healthchecks' Go clients (runitor, go-healthchecksio) from checkouts named by
# UPMON_TEST_RUNITOR_SRC / UPMON_TEST_GO_HEALTHCHECKSIO_SRC; without them those tests skip.
# Go builds Healthchecks' clients for two compatibility tests, which also need their sources
# (UPMON_TEST_RUNITOR_SRC, UPMON_TEST_GO_HEALTHCHECKSIO_SRC): only then is it worth installing.
if [ -n "${UPMON_TEST_RUNITOR_SRC:-}${UPMON_TEST_GO_HEALTHCHECKSIO_SRC:-}" ] && ! command -v go >/dev/null; then
  apt_install "Healthchecks client compatibility tests" golang-go
fi

# PostgreSQL and Redis: only the local defaults are started here; a URL elsewhere must answer.
pg_host=$(node -p "new URL(process.argv[1]).hostname" "$PG_URL")
pg_port=$(node -p "new URL(process.argv[1]).port || 5432" "$PG_URL")
if ! pg_isready -h "$pg_host" -p "$pg_port" -q 2>/dev/null && [ "$pg_host" = 127.0.0.1 ] && command -v pg_ctlcluster >/dev/null; then
  echo "starting PostgreSQL" >&2
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 1 30); do pg_isready -h "$pg_host" -p "$pg_port" -q && break; sleep 1; done
fi
redis_host=$(node -p "new URL(process.argv[1]).hostname" "$REDIS_URL_FOR_TESTS")
redis_port=$(node -p "new URL(process.argv[1]).port || 6379" "$REDIS_URL_FOR_TESTS")
if ! redis-cli -h "$redis_host" -p "$redis_port" ping >/dev/null 2>&1 && [ "$redis_host" = 127.0.0.1 ] && command -v redis-server >/dev/null; then
  echo "starting Redis" >&2
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no \
    --dir /tmp --logfile /tmp/upmon-test-redis.log
  for _ in $(seq 1 30); do redis-cli -h "$redis_host" -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 1; done
fi

# Test databases an interrupted earlier run left behind (never the template: its name is a hash of
# the migrations, so a stale one is simply unused). One still in use by a run going on beside this
# one has connections and is left alone (no FORCE). Test Redis keys need no sweep: every test file
# uses a prefix of its own.
psql "$PG_URL" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'upmon_t\_%'" |
  while read -r db; do psql "$PG_URL" -qc "DROP DATABASE IF EXISTS \"$db\"" 2>/dev/null || true; done
