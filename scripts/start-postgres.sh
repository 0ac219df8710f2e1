#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests: a fresh cluster in a temporary directory, listening on a
# free port on 127.0.0.1 only, with a random password. Uses Debian's package (apt-get install postgresql).
#
#   eval "$(bash scripts/start-postgres.sh)"        # exports PG_TMP_DIR and TEST_DATABASE_URL
#   bash scripts/start-postgres.sh --stop "$PG_TMP_DIR"
#
# Exit status 3 (and a message on stderr) when PostgreSQL is not installed.
set -euo pipefail

find_bindir() {
  local dir
  # The newest installed major version.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]] && { echo "$dir"; return 0; }
  done
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    dirname "$(command -v pg_ctl)"
    return 0
  fi
  return 1
}

# PostgreSQL refuses to run as root: run its tools as the postgres user then.
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [[ "${1:-}" == "--stop" ]]; then
  dir="${2:?usage: start-postgres.sh --stop DIR}"
  bindir=$(find_bindir) || exit 0
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  exit 0
fi

if ! bindir=$(find_bindir); then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)." >&2
  exit 3
fi
if [[ $(id -u) -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
  echo "Running as root but there is no 'postgres' user to run the server as." >&2
  exit 3
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/tabula-pg-XXXXXX")
chmod 755 "$dir"
password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
printf '%s\n' "$password" >"$dir/pwfile"
[[ $(id -u) -eq 0 ]] && chown -R postgres: "$dir"

port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

as_pg "$bindir/initdb" -D "$dir/data" -U postgres --auth=scram-sha-256 --pwfile="$dir/pwfile" \
  --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
rm -f "$dir/pwfile"
# Durability is pointless for a throwaway cluster; fsync=off makes migrations and tests much faster.
opts="-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
if ! as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$opts" -w -t 60 start >/dev/null; then
  cat "$dir/server.log" >&2
  exit 1
fi

echo "export PG_TMP_DIR='$dir'"
echo "export TEST_DATABASE_URL='postgresql://postgres:$password@127.0.0.1:$port/postgres'"
