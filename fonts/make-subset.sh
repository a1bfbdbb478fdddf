#!/usr/bin/env bash
# Rebuilds fonts/NotoSansCJKsc-Bold-Jungle.otf, the board font, from Debian's Noto Sans CJK.
# Needs: apt-get install fonts-noto-cjk; pip install fonttools. Add characters to TEXT to extend it.
set -euo pipefail
cd "$(dirname "$0")"
TEXT="象狮虎豹狼狗猫鼠斗兽棋穴陷·–—’½…"
# Member 2 of the collection is Noto Sans CJK SC (Simplified Chinese).
pyftsubset /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc --font-number=2 \
  --text="$TEXT" --unicodes="U+0020-007E" \
  --no-hinting --desubroutinize --layout-features='' --name-IDs='*' \
  --output-file=NotoSansCJKsc-Bold-Jungle.otf
