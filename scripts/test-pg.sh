#!/usr/bin/env bash
# Runs the PostgreSQL suite against a throwaway cluster: initdb in a temp dir, a free port, a
# unix socket in the same dir, stopped and deleted on exit. Needs Debian's `postgresql` package
# (/usr/lib/postgresql/<version>/bin). initdb refuses root, so as root the cluster runs as the
# `postgres` user (created by the package).
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [[ -z "$PG_BIN" || ! -x "$PG_BIN/initdb" ]]; then
  echo "PostgreSQL server binaries not found (apt-get install -y postgresql, or set PG_BIN)" >&2
  exit 1
fi

as_owner() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DIR="$(mktemp -d /tmp/voxa-pg.XXXXXX)"
chmod 755 "$DIR"
[[ "$(id -u)" == 0 ]] && chown postgres "$DIR"
PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_owner "$PG_BIN/initdb" -D "$DIR/data" -U voxa --auth=trust -E UTF8 >/dev/null
as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
as_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U voxa voxa_test

export DATABASE_URL="postgres://voxa@127.0.0.1:$PORT/voxa_test"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PORT"
if [[ "${1:-}" == "--" ]]; then
  shift
  "$@"   # any command against the cluster, e.g. `bash scripts/test-pg.sh -- npm run bench:leads`
else
  npx vitest run server "$@"
fi
