#!/usr/bin/env bash
# The whole test suite: types, boundaries, unit and integration tests (vitest), then the production
# build and the end-to-end tests (Playwright: HTTP API and browser) against the real server and workers;
# then the HTTP API specs again on PostgreSQL (scripts/test-postgres.sh) where PostgreSQL is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "System packages (Chromium for chart images and browser tests)"
if [[ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then
  bash scripts/install-system-deps.sh || true
  # Without Debian's package (no root, another OS): Playwright's own browser, which needs internet.
  [[ -x /usr/bin/chromium ]] || npx playwright install chromium
fi
step "Prisma clients (SQLite and PostgreSQL)"
npm run --silent db:generate >/dev/null
step "PostgreSQL server (for the PostgreSQL tests; a throwaway one unless TEST_DATABASE_URL is set)"
if [[ -z "${TEST_DATABASE_URL:-}" ]]; then
  set +e
  pg_env=$(bash scripts/start-postgres.sh)
  pg_status=$?
  set -e
  if [[ $pg_status -eq 0 ]]; then
    eval "$pg_env"
    trap 'bash scripts/start-postgres.sh --stop "$PG_TMP_DIR"' EXIT
  elif [[ "${CI:-}" == "true" ]]; then
    echo "Could not start PostgreSQL, which CI needs for the PostgreSQL tests (see above)." >&2
    exit 1
  elif [[ $pg_status -eq 3 ]]; then
    echo "PostgreSQL is not installed: skipping the PostgreSQL tests (apt-get install -y postgresql)."
  else
    echo "WARNING: PostgreSQL is installed but a throwaway server did not start (see above): skipping the PostgreSQL tests."
  fi
fi
step "Formatting and lint (Biome; \`npm run format\` fixes formatting)"
npx biome check .
step "Type check"
npx tsc --noEmit -p .
step "Library boundaries"
npx tsx scripts/check-boundaries.ts
step "Unit and integration tests (vitest)"
npx vitest run
step "Production build"
npx next build
step "End-to-end tests (Playwright)"
npx playwright test
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "End-to-end API tests on PostgreSQL (two training workers)"
  bash scripts/test-postgres.sh --e2e-only
fi
