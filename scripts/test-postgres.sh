#!/usr/bin/env bash
# The PostgreSQL pass: the same HTTP API end-to-end specs as the SQLite run (including a worker killed
# mid-task and a restart with tasks queued), against a real PostgreSQL server, with two training
# worker processes racing for tasks; plus the vitest PostgreSQL tests (claim race, schema drift).
#
#   bash scripts/test-postgres.sh            # starts and stops a throwaway server (Debian's package)
#   TEST_DATABASE_URL=postgresql://... bash scripts/test-postgres.sh   # use a server you run
#     (the role must be allowed to CREATE DATABASE: every app instance gets a database of its own)
#   --e2e-only / --unit-only                 # one half (scripts/test-all.sh runs vitest itself)
#
# Without PostgreSQL installed it skips with a message, except in CI (CI=true), where it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

run_unit=1
run_e2e=1
case "${1:-}" in
  --e2e-only) run_unit=0 ;;
  --unit-only) run_e2e=0 ;;
  "") ;;
  *) echo "usage: $0 [--e2e-only|--unit-only]" >&2; exit 2 ;;
esac

if [[ -z "${TEST_DATABASE_URL:-}" ]]; then
  set +e
  started=$(bash scripts/start-postgres.sh)
  status=$?
  set -e
  if [[ $status -eq 3 ]]; then
    if [[ "${CI:-}" == "true" ]]; then
      echo "PostgreSQL is not installed, and CI must run the PostgreSQL tests (apt-get install -y postgresql)." >&2
      exit 1
    fi
    echo "Skipping the PostgreSQL tests: PostgreSQL is not installed (apt-get install -y postgresql)."
    exit 0
  fi
  [[ $status -eq 0 ]] || { echo "Could not start a throwaway PostgreSQL server." >&2; exit 1; }
  eval "$started"
  trap 'bash scripts/start-postgres.sh --stop "$PG_TMP_DIR"' EXIT
fi
export TEST_DATABASE_URL

npx tsx scripts/prisma-postgres.ts --generate >/dev/null

if [[ $run_unit -eq 1 ]]; then
  echo "==> PostgreSQL: vitest (claim race, schema and migrations)"
  npx vitest run tests/postgres-
fi

# Databases the app instances of a run created (a throwaway server goes away as a whole anyway).
drop_e2e_databases() {
  node -e '
    const pg = require("pg");
    (async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", ["tabula\\_e2e\\_%"]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.end();
    })().catch((e) => { console.error("could not drop the e2e databases:", e.message); });
  '
}

if [[ $run_e2e -eq 1 ]]; then
  echo "==> PostgreSQL: HTTP API end-to-end specs with two training workers"
  [[ -f .next/BUILD_ID ]] || npx next build
  [[ -n "${PG_TMP_DIR:-}" ]] || trap drop_e2e_databases EXIT
  # e2e/helpers/app.ts gives every app instance its own database on this server.
  E2E_PG_URL="$TEST_DATABASE_URL" TRAIN_WORKERS=2 PLAYWRIGHT_HTML_OUTPUT_DIR=playwright-report/postgres \
    npx playwright test --project=api --output=test-results/postgres
fi
