#!/usr/bin/env bash
# `npm run test:external-pg`: the API and security suites again, on an ordinary PostgreSQL server
# (Debian's postgresql-15 unless PG_BIN names another) instead of the embedded cluster, then
# `npm start` with DATABASE_URL once, end to end: migrations, the demo clinic, a login.
#
# The server is a throw-away cluster in a temporary folder on a free port, run by a non-root user
# (PostgreSQL refuses root). Roles as a DBA would make them: a superuser `dba` creates the owner
# role and its database; the owner runs the migrations and creates the app role itself. The
# cluster and its folder are removed at the end, whatever happens.
#
# Usage: npm run test:external-pg [-- vitest arguments, e.g. a test file]
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "No PostgreSQL server in $PG_BIN: apt-get install postgresql-15, or set PG_BIN." >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/materia-external-pg-XXXXXX")
chmod 755 "$work"
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 ||
    useradd --system --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres
  chown postgres: "$work"
  as_pg=(runuser -u postgres --)
fi
server_pid=''
cleanup() {
  if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; fi
  if [ -f "$work/data/postmaster.pid" ]; then
    "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => {
    console.log(s.address().port); s.close(); })"
}
secret() { node -e "console.log(require('crypto').randomBytes(18).toString('base64url'))"; }

port=$(free_port)
dba_password=$(secret)
owner_password=$(secret)
printf '%s\n' "$dba_password" >"$work/dba-password"
[ ${#as_pg[@]} -eq 0 ] || chown postgres: "$work/dba-password"

started=$(date +%s)
echo "▶ PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $port in $work"
"${as_pg[@]}" "$PG_BIN/initdb" -D "$work/data" -U dba --pwfile="$work/dba-password" \
  --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$work/initdb.log"
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -l "$work/postgres.log" -w start \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c max_connections=200" >/dev/null

# What a DBA creates: the owner role (CREATEROLE: it creates and keys the app role at migration
# time; BYPASSRLS: its migrations see every company's rows) and its database. CREATEDB only
# because two tests make scratch databases of their own.
PGPASSWORD=$dba_password psql -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U dba -d postgres \
  -v owner_password="$owner_password" <<'SQL'
create role materia_owner login createrole createdb bypassrls password :'owner_password';
create database materia owner materia_owner;
SQL
owner_url="postgres://materia_owner:$owner_password@127.0.0.1:$port/materia"

# First, on the fresh database, as an operator would: migrations, the demo clinic, a login.
echo "▶ npm start with DATABASE_URL"
# The password rules ask for a digit, which a random base64url string lacks one time in sixty.
admin_password="External-Check-$(secret)-7"
server_port=$(free_port)
DATABASE_URL=$owner_url DATA_DIR="$work/server" PORT=$server_port HOST=127.0.0.1 \
  ADMIN_PASSWORD=$admin_password SMTP_URL='' DATABASE_APP_URL='' \
  npm start --silent >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 180); do
  grep -q 'Materia is ready at' "$work/server.log" && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
if ! grep -q 'Materia is ready at' "$work/server.log"; then
  cat "$work/server.log"
  echo 'npm start did not become ready' >&2
  exit 1
fi
grep -E '^Materia .* on Node' "$work/server.log"
login=$(curl -sS -X POST "http://127.0.0.1:$server_port/api/users/login" \
  -H 'content-type: application/json' \
  -d "{\"_company_slug\":\"demo\",\"user_email\":\"admin@demo.clinic\",\"password\":\"$admin_password\"}")
if [[ $login != *'"result":true'* ]]; then
  cat "$work/server.log"
  echo "The demo admin could not log in: $login" >&2
  exit 1
fi
kill -TERM "$server_pid"
wait "$server_pid" || {
  echo "npm start exited with code $? after SIGTERM" >&2
  exit 1
}
server_pid=''
echo "The demo admin logged in; npm start stopped cleanly."
check_done=$(date +%s)

echo "▶ API and security tests on it"
# For the tests only, after the npm start check: the bulk loader of 100,000 patients
# (test/support/bulk-patients.ts loadPatients) skips triggers in its own session, which a
# non-superuser may do only when granted (PostgreSQL 15+). The server never sets it.
PGPASSWORD=$dba_password psql -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U dba -d postgres \
  -c 'grant set on parameter session_replication_role to materia_owner'
# crash and shutdown are about the embedded cluster itself (killing it, its lock files): they
# start their own and would only repeat the first run. The fuzzing (10,000 payloads in npm test)
# sends a quarter here: it is about input handling, and the rest of the run is about the database.
mkdir -p .tmp
report=.tmp/vitest-external-pg.json
rm -f "$report"
tests_ok=1
TEST_DATABASE_URL=$owner_url FUZZ_RUNS=${FUZZ_RUNS:-2500} npx vitest run --project api \
  --exclude test/api/crash.test.ts --exclude test/api/shutdown.test.ts \
  --reporter=default --reporter=json --outputFile="$report" "$@" || tests_ok=0
echo "external PostgreSQL: npm start check $((check_done - started)) s, tests $(($(date +%s) - check_done)) s"

# One plain closing line, as npm test ends with (a suite that failed to load counts as a failure).
counts=$(node -e "
  const fs = require('fs'); const f = process.argv[1];
  const r = fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : {};
  const failed = (r.numFailedTests ?? 0) || (process.argv[2] === '1' ? 0 : 1);
  console.log((r.numPassedTests ?? 0) + ' passed, ' + failed + ' failed, ' +
    ((r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)) + ' skipped');" "$report" "$tests_ok")
echo
echo "external-postgresql: $counts"
# Passed only when Vitest's exit code and the report's count both say so: an exit code was lost
# once (docs/decisions/0049-ci-two-database-runs.md).
[ "$tests_ok" = 1 ] && [[ $counts == *' 0 failed,'* ]]
