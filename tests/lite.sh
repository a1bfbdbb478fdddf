#!/usr/bin/env bash
# The lightest build: `--no-default-features` (no Discord, no Matrix) must pass clippy, build,
# play a game against the bot, and refuse a config that asks for a platform it was built without.
# Run by tests/run.sh after the full build, in the same target folder (only this crate recompiles).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo clippy --locked --no-default-features --all-targets -- -D warnings
cargo build --locked --no-default-features --bin jungle
bin="${CARGO_TARGET_DIR:-target}/debug/jungle"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fail() {
  echo "lite build: $1" >&2
  shift
  printf '%s\n' "$@" >&2
  exit 1
}

# A game against the bot: one move each, then the game is left saved.
out=$(printf 'G7 G6\nquit\n' | "$bin" play --level easy --side jade --db "$dir/jungle.db" 2>&1) ||
  fail "jungle play failed" "$out"
grep -q "played G7 G6" <<<"$out" || fail "the move was not played" "$out"
# The bot's answer: a second "played" line, for Crimson.
[ "$(grep -c "played" <<<"$out")" -ge 2 ] || fail "the bot did not answer" "$out"
grep -q "Your game is saved" <<<"$out" || fail "the game was not saved" "$out"

# A config that asks for Discord: `run` and `check` refuse it and say why.
printf '[store]\ndatabase = "%s"\n[discord]\ntoken = "x"\n' "$dir/jungle.db" >"$dir/jungle.toml"
if out=$("$bin" run --config "$dir/jungle.toml" 2>&1); then
  fail "jungle run accepted a [discord] section" "$out"
fi
grep -q "built without the \`discord\` cargo feature" <<<"$out" || fail "jungle run did not say why" "$out"
if out=$("$bin" check --config "$dir/jungle.toml" 2>&1); then
  fail "jungle check accepted a [discord] section" "$out"
fi
grep -q "built without the \`discord\` cargo feature" <<<"$out" || fail "jungle check did not say why" "$out"
echo "lite build: clippy clean, plays a game, refuses [discord]"
