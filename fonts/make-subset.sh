#!/usr/bin/env bash
# Rebuilds fonts/NotoSansCJKsc-Bold-Jungle.otf, the board font, from Debian's Noto Sans CJK.
# Needs: apt-get install fonts-noto-cjk; pip install fonttools. It holds printable ASCII, the
# characters below, and every character of the message catalogues (assets/locales/*/*.ftl):
# run it again after a catalogue gains a character (tests/lang.rs says when one is missing).
set -euo pipefail
cd "$(dirname "$0")"
TEXT="象狮虎豹狼狗猫鼠斗兽棋穴陷·–—’½…→"
all=$(mktemp)
trap 'rm -f "$all"' EXIT
printf '%s\n' "$TEXT" > "$all"
cat ../assets/locales/*/*.ftl >> "$all"
# Member 2 of the collection is Noto Sans CJK SC (Simplified Chinese). It also holds the
# Traditional characters zh-TW uses (it covers Big5 as well as GB 18030), so one font serves
# both; their shapes follow the mainland standard, which differs from Taiwan's only in details
# of a few strokes at the board's sizes.
pyftsubset /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc --font-number=2 \
  --text-file="$all" --unicodes="U+0020-007E" \
  --no-hinting --desubroutinize --layout-features='' --name-IDs='*' \
  --output-file=NotoSansCJKsc-Bold-Jungle.otf
