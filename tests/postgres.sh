#!/usr/bin/env bash
# Runs a command next to a throwaway PostgreSQL server: `bash tests/postgres.sh cargo test`.
# `bash tests/postgres.sh --install` installs the server's package if it is missing, and stops.
#
# Installs Debian's `postgresql` package if its binaries are missing, creates a cluster in a
# temporary folder (as the `postgres` user when run as root: the server refuses to run as root),
# starts it on a free loopback port with trust authentication, exports
# JUNGLE_TEST_POSTGRES=postgresql://postgres@127.0.0.1:PORT/postgres to the command (tests create
# a database each), and stops the server when the script exits, whatever the command's result
# (also on Ctrl-C or SIGTERM).
#
# With openssl at hand the server also speaks TLS (plain connections still work): a throwaway CA
# signs a certificate for `localhost` only, and JUNGLE_TEST_POSTGRES_CA names the CA's file, so
# that tests can connect with sslmode=require, verify-ca and verify-full.
set -euo pipefail

bin=""
find_bin() {
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] && command -v pg_ctl >/dev/null; then
    bin=$(dirname "$(command -v pg_ctl)")
  fi
}
find_bin
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "postgres.sh: installing Debian's postgresql package" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  find_bin
fi
# `postgres.sh --install`: only the install, so that it can run while the tests compile.
if [ "${1:-}" = "--install" ]; then
  exit 0
fi

data=$(mktemp -d "${TMPDIR:-/tmp}/jungle-postgres.XXXXXX")
# As root, the cluster belongs to the `postgres` user (which the package creates).
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$data"
  as_owner=(runuser -u postgres --)
fi
started=""
cmd=""
stop() {
  local status=$?
  if [ -n "$cmd" ] && kill -0 "$cmd" 2>/dev/null; then
    kill -TERM "$cmd" 2>/dev/null || true
    wait "$cmd" 2>/dev/null || true
  fi
  if [ -n "$started" ]; then
    "${as_owner[@]}" "$bin/pg_ctl" -D "$data/pg" -m immediate stop >/dev/null 2>&1 || true
  fi
  if [ "$status" -ne 0 ] && [ -f "$data/pg.log" ]; then
    echo "postgres.sh: last lines of the server log:" >&2
    tail -n 20 "$data/pg.log" >&2 || true
  fi
  rm -rf "$data"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"${as_owner[@]}" "$bin/initdb" -D "$data/pg" -A trust -U postgres >"$data/initdb.log" 2>&1 || {
  echo "postgres.sh: initdb failed:" >&2
  cat "$data/initdb.log" >&2
  exit 1
}
# TLS: a CA, and a certificate it signs for the name `localhost` (not for 127.0.0.1, so that a
# test can tell verify-full, which checks the name, from verify-ca, which does not).
ssl=""
if command -v openssl >/dev/null; then
  tls="$data/tls"
  mkdir "$tls"
  ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  printf 'subjectAltName=DNS:localhost\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n' >"$tls/server.ext"
  if openssl req -x509 "${ec[@]}" -days 2 -subj "/CN=jungle test CA" -keyout "$tls/ca.key" -out "$tls/ca.pem" \
       -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" >"$data/tls.log" 2>&1 &&
     openssl req "${ec[@]}" -subj "/CN=localhost" -keyout "$tls/server.key" -out "$tls/server.csr" >>"$data/tls.log" 2>&1 &&
     openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial -days 2 \
       -extfile "$tls/server.ext" -out "$tls/server.pem" >>"$data/tls.log" 2>&1; then
    chmod 600 "$tls/server.key"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres "$tls/server.key" "$tls/server.pem"
    fi
    ssl="-c ssl=on -c ssl_cert_file=$tls/server.pem -c ssl_key_file=$tls/server.key"
    export JUNGLE_TEST_POSTGRES_CA="$tls/ca.pem"
  else
    echo "postgres.sh: could not make test certificates; the server runs without TLS:" >&2
    cat "$data/tls.log" >&2
  fi
else
  echo "postgres.sh: openssl is missing; the server runs without TLS" >&2
fi
# Many test processes at once, each with a connection or two; fsync off: a throwaway cluster.
"${as_owner[@]}" "$bin/pg_ctl" -D "$data/pg" -l "$data/pg.log" -w \
  -o "-p $port -k $data -h 127.0.0.1 -c max_connections=300 -c fsync=off $ssl" start >/dev/null
started=1
echo "postgres.sh: PostgreSQL runs at 127.0.0.1:$port (${SECONDS}s)" >&2

export JUNGLE_TEST_POSTGRES="postgresql://postgres@127.0.0.1:$port/postgres"
# In the background so that a signal to this script is handled at once (bash defers traps
# while a foreground command runs); `wait` passes the command's exit status on.
"$@" &
cmd=$!
wait "$cmd"
