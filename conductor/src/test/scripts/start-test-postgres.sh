#!/usr/bin/env bash
# Starts the local PostgreSQL 15 cluster the conductor's store contract test runs against, and
# makes sure role `ferrum` (password `ferrum`) owns database `ferrum_test`. Idempotent: safe to
# run again on a machine where it already ran. Runs as root (CI does). Afterwards:
#   export FERRUM_TEST_POSTGRES_URL='jdbc:postgresql://127.0.0.1:5432/ferrum_test?user=ferrum&password=ferrum'
set -euo pipefail

VERSION=15
CLUSTER=main
PORT=5432

if [[ $(id -u) -ne 0 ]]; then
    echo "start-test-postgres.sh: run me as root (I start a system cluster and switch to user postgres)" >&2
    exit 1
fi

# A fresh machine may lack the server; Debian's package brings pg_createcluster and the binaries.
if [[ ! -x /usr/lib/postgresql/$VERSION/bin/postgres ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "postgresql-$VERSION" >/dev/null
fi

if ! pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { found = 1 } END { exit !found }'; then
    pg_createcluster "$VERSION" "$CLUSTER" --port "$PORT"
fi

if ! pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c && $4 == "online" { found = 1 } END { exit !found }'; then
    pg_ctlcluster "$VERSION" "$CLUSTER" start
fi

# The server accepts connections a moment after pg_ctlcluster returns on slow machines.
for _ in $(seq 1 30); do
    if runuser -u postgres -- psql -p "$PORT" -qtAc 'SELECT 1' >/dev/null 2>&1; then
        break
    fi
    sleep 1
done

psql_as_postgres() {
    runuser -u postgres -- psql -p "$PORT" -v ON_ERROR_STOP=1 -qtA "$@"
}

if [[ $(psql_as_postgres -c "SELECT 1 FROM pg_roles WHERE rolname = 'ferrum'") != 1 ]]; then
    psql_as_postgres -c "CREATE ROLE ferrum LOGIN PASSWORD 'ferrum'"
fi
if [[ $(psql_as_postgres -c "SELECT 1 FROM pg_database WHERE datname = 'ferrum_test'") != 1 ]]; then
    psql_as_postgres -c "CREATE DATABASE ferrum_test OWNER ferrum"
fi

echo "PostgreSQL $VERSION/$CLUSTER is up on 127.0.0.1:$PORT; use"
echo "  FERRUM_TEST_POSTGRES_URL='jdbc:postgresql://127.0.0.1:$PORT/ferrum_test?user=ferrum&password=ferrum'"
