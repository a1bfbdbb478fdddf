#!/usr/bin/env bash
# Runs a command next to a throwaway Synapse homeserver: `bash tests/matrix/synapse.sh cargo test`.
# `bash tests/matrix/synapse.sh --install` installs Synapse into its cached venv, and stops.
#
# Installs Synapse into a cached venv (~/.cache/jungle-bot/synapse-<version>, reused while the
# version matches), starts it on 127.0.0.1 with a fresh data directory, registers the test users
# (shared-secret registration), exports JUNGLE_MATRIX_URL, JUNGLE_MATRIX_USERS and
# JUNGLE_MATRIX_PASSWORD to the command, and stops the homeserver when the script exits, whatever
# the command's result (also on Ctrl-C or SIGTERM).
set -euo pipefail

SYNAPSE_VERSION=1.163.2
# The users the Matrix tests log in as: one bot account per test (bot instances must not share an
# account, or two of them would answer the same room), and humans shared by all tests.
USERS="alice bob carol bot1 bot2 bot3 bot4 bot5 bot6 bot7 bot8 bot9 bot10 bot11 bot12 bot13 bot14 bot15 bot16 bot17 bot18 bot19 bot20"

cache="${XDG_CACHE_HOME:-$HOME/.cache}/jungle-bot"
venv="$cache/synapse-$SYNAPSE_VERSION"
python="${PYTHON:-python3}"

# A cached venv is trusted only if its interpreter still runs and imports Synapse: a venv links
# to the Python it was made with, and a cache that outlived that Python (or an install that was
# cut short) is rebuilt instead of failing later with "bin/python: No such file or directory".
usable() {
  [ -f "$venv/.installed" ] && "$venv/bin/python" -c 'import synapse' >/dev/null 2>&1
}
mkdir -p "$cache"
# One install at a time: two runs sharing the cache must not remove each other's venv.
exec 9>"$cache/synapse.lock"
flock 9
if ! usable; then
  echo "synapse.sh: installing matrix-synapse $SYNAPSE_VERSION into $venv" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "matrix-synapse==$SYNAPSE_VERSION" >&2
  touch "$venv/.installed"
  if ! usable; then
    echo "synapse.sh: the venv at $venv does not run Synapse after installing it" >&2
    exit 1
  fi
fi
flock -u 9
exec 9>&-
# `synapse.sh --install`: only the install, so that it can run while the tests compile.
if [ "${1:-}" = "--install" ]; then
  exit 0
fi

data=$(mktemp -d "${TMPDIR:-/tmp}/jungle-synapse.XXXXXX")
pid=""
cmd=""
stop() {
  local status=$?
  if [ -n "$cmd" ] && kill -0 "$cmd" 2>/dev/null; then
    kill -TERM "$cmd" 2>/dev/null || true
    wait "$cmd" 2>/dev/null || true
  fi
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -f "$data/synapse.log" ]; then
    echo "synapse.sh: last lines of the homeserver log:" >&2
    tail -n 20 "$data/synapse.log" >&2 || true
  fi
  rm -rf "$data"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
secret=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
url="http://127.0.0.1:$port"

limit='{per_second: 100000, burst_count: 100000}'
cat > "$data/homeserver.yaml" <<YAML
server_name: localhost
pid_file: $data/homeserver.pid
listeners:
  - port: $port
    bind_addresses: ["127.0.0.1"]
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: $data/homeserver.db
log_config: $data/log.yaml
media_store_path: $data/media
signing_key_path: $data/signing.key
report_stats: false
enable_registration: false
registration_shared_secret: "$secret"
trusted_key_servers: []
suppress_key_server_warning: true
presence:
  enabled: false
rc_message: $limit
rc_login:
  address: $limit
  account: $limit
  failed_attempts: $limit
rc_registration: $limit
rc_joins:
  local: $limit
  remote: $limit
rc_invites:
  per_room: $limit
  per_user: $limit
  per_issuer: $limit
rc_room_creation: $limit
rc_media_create: $limit
rc_key_requests: $limit
rc_3pid_validation: $limit
rc_admin_redaction: $limit
rc_joins_per_room: $limit
rc_presence:
  per_user: $limit
rc_delayed_event_mgmt: $limit
YAML
cat > "$data/log.yaml" <<YAML
version: 1
formatters:
  plain:
    format: '%(asctime)s %(levelname)s %(name)s: %(message)s'
handlers:
  file:
    class: logging.FileHandler
    filename: $data/synapse.log
    formatter: plain
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
YAML

"$venv/bin/python" -m synapse.app.homeserver -c "$data/homeserver.yaml" >"$data/stdout.log" 2>&1 &
pid=$!

# One Python process waits for the homeserver, then registers every user through the
# shared-secret admin API (what register_new_matrix_user does, without its start-up cost).
if ! "$venv/bin/python" - "$url" "$secret" "$password" $USERS <<'PY'
import hashlib, hmac, json, sys, time, urllib.request

url, secret, password, users = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

def call(path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)

deadline = time.monotonic() + 60
while True:
    try:
        call("/_matrix/client/versions")
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit("synapse.sh: the homeserver did not answer within 60 s")
        time.sleep(0.1)

for user in users:
    nonce = call("/_synapse/admin/v1/register")["nonce"]
    mac = hmac.new(secret.encode(), digestmod=hashlib.sha1)
    mac.update(b"\x00".join([nonce.encode(), user.encode(), password.encode(), b"notadmin"]))
    call("/_synapse/admin/v1/register",
         {"nonce": nonce, "username": user, "password": password, "admin": False, "mac": mac.hexdigest()})
PY
then
  echo "synapse.sh: the homeserver did not start or refused the test users:" >&2
  tail -n 30 "$data/stdout.log" >&2
  exit 1
fi
echo "synapse.sh: Synapse $SYNAPSE_VERSION runs at $url, users registered (${SECONDS}s): $USERS" >&2

export JUNGLE_MATRIX_URL="$url"
export JUNGLE_MATRIX_USERS="$USERS"
export JUNGLE_MATRIX_PASSWORD="$password"
# In the background so that a signal to this script is handled at once (bash defers traps
# while a foreground command runs); `wait` passes the command's exit status on.
"$@" &
cmd=$!
wait "$cmd"
