#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, lints, then every test.
# Services the tests need are started here and stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
# Build first, so the homeserver below only runs while tests do.
cargo test --locked --all-targets --no-run
# The Matrix tests need a homeserver, the store's tests a PostgreSQL server: a throwaway Synapse
# and a throwaway PostgreSQL run around the test run. JUNGLE_REQUIRE_POSTGRES makes a test fail
# if the PostgreSQL runs were skipped.
export JUNGLE_REQUIRE_POSTGRES=1
bash tests/postgres.sh bash tests/matrix/synapse.sh cargo test --locked --all-targets
# The build without Discord, Matrix and PostgreSQL: lints, builds, plays (see tests/lite.sh).
bash tests/lite.sh
