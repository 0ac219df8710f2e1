#!/usr/bin/env bash
# The PostgreSQL pass: the same HTTP API end-to-end specs as the SQLite run (including a worker killed
# mid-task and a restart with tasks queued), against a real PostgreSQL server, with two training
# worker processes racing for tasks; plus the vitest PostgreSQL tests (claim race, schema drift).
# The same pass keeps datasets and models in object storage (STORAGE_URL=s3://..., a throwaway
# s3rver on loopback) and adds e2e/api-storage.spec.ts: two web processes and two workers, each
# with its own empty DATA_DIR. TEST_S3=0 keeps files under DATA_DIR instead.
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
  started_pg=1
fi
s3_pid=""
s3_dir=""
drop_databases=""
cleanup() {
  if [[ -n "$s3_pid" ]]; then kill "$s3_pid" 2>/dev/null || true; fi
  if [[ -n "$s3_dir" ]]; then rm -rf "$s3_dir"; fi
  if [[ -n "${started_pg:-}" ]]; then
    bash scripts/start-postgres.sh --stop "$PG_TMP_DIR"
  elif [[ -n "$drop_databases" ]]; then
    drop_e2e_databases
  fi
}
trap cleanup EXIT
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
  echo "==> PostgreSQL (and object storage): HTTP API end-to-end specs with two training workers"
  [[ -f .next/BUILD_ID ]] || npx next build
  [[ -n "${PG_TMP_DIR:-}" ]] || drop_databases=1
  if [[ "${TEST_S3:-1}" != "0" ]]; then
    s3_dir=$(mktemp -d "${TMPDIR:-/tmp}/tabula-s3-XXXXXX")
    node --import tsx scripts/start-s3.ts "$s3_dir/objects" >"$s3_dir/env" 2>"$s3_dir/log" &
    s3_pid=$!
    for _ in $(seq 1 100); do grep -q E2E_STORAGE_URL "$s3_dir/env" 2>/dev/null && break; sleep 0.1; done
    grep -q E2E_STORAGE_URL "$s3_dir/env" || { cat "$s3_dir/log" >&2; echo "Could not start the S3 test server." >&2; exit 1; }
    # shellcheck disable=SC1091
    source "$s3_dir/env"
    export E2E_STORAGE_URL S3_ENDPOINT S3_REGION S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY S3_FORCE_PATH_STYLE
    echo "    datasets and models in object storage: $E2E_STORAGE_URL at $S3_ENDPOINT"
  fi
  # e2e/helpers/app.ts gives every app instance its own database on this server.
  E2E_PG_URL="$TEST_DATABASE_URL" TRAIN_WORKERS=2 PLAYWRIGHT_HTML_OUTPUT_DIR=playwright-report/postgres \
    npx playwright test --project=api --output=test-results/postgres
fi
