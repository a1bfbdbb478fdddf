#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, lints, then every test of every crate.
# Services the tests need are installed while the code compiles, started here and stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

# Synapse (PyPI) and PostgreSQL (Debian) install in the background, beside the build; their
# output goes to a log that is shown if an install fails.
installs=$(mktemp -d)
trap 'rm -rf "$installs"' EXIT
bash tests/postgres.sh --install >"$installs/postgres.log" 2>&1 &
pg_install=$!
bash tests/matrix/synapse.sh --install >"$installs/synapse.log" 2>&1 &
synapse_install=$!
installed() {
  if ! wait "$1"; then
    echo "run.sh: installing $2 failed:" >&2
    cat "$installs/$2.log" >&2
    exit 1
  fi
}

cargo fmt --all -- --check
cargo clippy --locked --workspace --all-targets -- -D warnings
# Build first, so the homeserver below only runs while tests do.
cargo test --locked --workspace --all-targets --no-run
installed "$pg_install" postgres
installed "$synapse_install" synapse
# The Matrix tests need a homeserver, the store's tests a PostgreSQL server: a throwaway Synapse
# and a throwaway PostgreSQL run around the test run. JUNGLE_REQUIRE_POSTGRES makes a test fail
# if the PostgreSQL runs were skipped.
export JUNGLE_REQUIRE_POSTGRES=1
bash tests/postgres.sh bash tests/matrix/synapse.sh cargo test --locked --workspace --all-targets --no-fail-fast
# The examples in the layers' documentation.
cargo test --locked --doc -p jungle-ai -p jungle-render
# The build without Discord, Matrix and PostgreSQL: lints, builds, plays (see tests/lite.sh).
bash tests/lite.sh
