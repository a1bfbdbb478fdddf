#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, lints, then every test.
# Services the tests need are started here and stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked --all-targets
