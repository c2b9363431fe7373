#!/usr/bin/env bash
# Runs the PostgreSQL suites against a throwaway cluster: initdb in a temp dir, a free port, a
# unix socket in the same dir, stopped and deleted on exit. Needs Debian's `postgresql` package
# (/usr/lib/postgresql/<version>/bin). initdb refuses root, so as root the cluster runs as the
# `postgres` user (created by the package). A throwaway Redis (Debian's `redis-server`, in memory,
# on another free port) runs beside it for the shared rate limits; REDIS_URL points to it.
# The cluster runs with fsync=off for speed; PG_FSYNC=on gives durable commits (for benchmarks).
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [[ -z "$PG_BIN" || ! -x "$PG_BIN/initdb" ]]; then
  echo "PostgreSQL server binaries not found (apt-get install -y postgresql, or set PG_BIN)" >&2
  exit 1
fi

if ! command -v "${REDIS_SERVER:-redis-server}" >/dev/null 2>&1; then
  echo "redis-server not found (apt-get install -y redis-server, or set REDIS_SERVER)" >&2
  exit 1
fi

as_owner() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DIR="$(mktemp -d /tmp/voxa-pg.XXXXXX)"
chmod 755 "$DIR"
[[ "$(id -u)" == 0 ]] && chown postgres "$DIR"
free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
PORT="$(free_port)"
REDIS_PORT="$(free_port)"

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  [[ -f "$DIR/redis.pid" ]] && kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_owner "$PG_BIN/initdb" -D "$DIR/data" -U voxa --auth=trust -E UTF8 >/dev/null
as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=${PG_FSYNC:-off}" start >/dev/null
as_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U voxa voxa_test

"${REDIS_SERVER:-redis-server}" --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
  --daemonize yes --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" --dir "$DIR"
for _ in $(seq 50); do
  [[ -s "$DIR/redis.pid" ]] && break
  sleep 0.1
done

export DATABASE_URL="postgres://voxa@127.0.0.1:$PORT/voxa_test"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PORT, Redis on port $REDIS_PORT"
if [[ "${1:-}" == "--" ]]; then
  shift
  "$@"   # any command against the cluster, e.g. `bash scripts/test-pg.sh -- npm run bench:leads`
else
  # The suites that need the cluster: *.pg.test.ts and *.shared.test.ts (npm test skips them without DATABASE_URL);
  # the other server suites run in npm test, against SQLite. One file at a time: the files share the one database and
  # Redis, and count what is in them.
  npx vitest run .pg.test. .shared.test. --no-file-parallelism "$@"
fi
