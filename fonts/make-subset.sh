#!/usr/bin/env bash
# Rebuilds the image fonts from Debian's Noto fonts: Noto Sans CJK Bold (members 2 = SC and
# 3 = TC of NotoSansCJK-Bold.ttc) and Noto Sans Bold. Needs: apt-get install fonts-noto-cjk
# fonts-noto-core; pip install fonttools.
#
# - NotoSansCJKsc-Bold-Jungle.otf, every image's main font: printable ASCII, Latin-1 and Latin
#   Extended-A, Greek, Cyrillic, Japanese kana, every character of GB 2312 and of Big5's level 1
#   (its 5,401 common characters), the board's own characters, and every character of the
#   message catalogues (assets/locales/*/*.ftl).
# - NotoSansCJKtc-Bold-Jungle.otf, the Traditional shapes zh-TW images draw first: the board's
#   Traditional characters and every character of the zh-TW catalogue.
# - NotoSans-Bold-Jungle.ttf, for the Latin, Greek and Cyrillic letters the CJK font lacks
#   (Latin Extended-A's Ł Č Ő, Greek with tonos, Ukrainian and Serbian Cyrillic): those three
#   blocks whole, drawn where the CJK font has no glyph.
#
# The character lists are worked out here (Python's gb2312 and big5 codecs enumerate each
# standard's valid byte pairs), so the same Debian package gives the same fonts. Run it again
# after a catalogue gains a character (tests/lang.rs says when one is missing).
set -euo pipefail
cd "$(dirname "$0")"
TTC=/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc
LATIN=/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import pathlib, sys

out = pathlib.Path(sys.argv[1])
# The board's characters: both scripts' animals, den, trap, the game's name, and the marks
# the image's lines use.
BOARD_SC = "象狮虎豹狼狗猫鼠穴陷斗兽棋"
BOARD_TC = "象獅虎豹狼狗貓鼠穴陷鬥獸棋"
MARKS = "·–—’‘“”½…→←↑↓×√□"

def double_byte(codec, leads, trails):
    """Every character a double-byte codec decodes from the given lead and trail bytes."""
    chars = []
    for lead in leads:
        for trail in trails:
            try:
                chars.append(bytes([lead, trail]).decode(codec))
            except UnicodeDecodeError:
                pass
    return chars

# GB 2312: rows 0xA1-0xF7 (symbols, kana, Greek, Cyrillic, then levels 1 and 2 of hanzi).
gb2312 = double_byte("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))
# Big5 level 1, the common characters: 0xA440 to 0xC67E.
trails = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
big5 = [c for c in double_byte("big5", range(0xA4, 0xC7), trails)
        if "\u4e00" <= c <= "\u9fff"]
big5 = big5[:5401]
ranges = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1
    (0x0100, 0x017F),  # Latin Extended-A
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x045F),  # Cyrillic
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x3000, 0x303F),  # CJK punctuation
    (0xFF01, 0xFF5E),  # full-width forms
]
listed = [chr(c) for lo, hi in ranges for c in range(lo, hi + 1)]
locales = pathlib.Path("../assets/locales")
catalogues = "".join(p.read_text(encoding="utf-8") for p in sorted(locales.glob("*/*.ftl")))
zh_tw = (locales / "zh-TW" / "jungle.ftl").read_text(encoding="utf-8")

def write(name, *parts):
    chars = sorted({c for part in parts for c in part if c.isprintable() or c == " "})
    (out / name).write_text("".join(chars), encoding="utf-8")
    print(f"{name}: {len(chars)} characters", file=sys.stderr)

write("sc.txt", BOARD_SC, BOARD_TC, MARKS, gb2312, big5, listed, catalogues)
write("tc.txt", BOARD_TC, MARKS, zh_tw)
alphabets = [(0x0020, 0x007E), (0x00A0, 0x017F), (0x0370, 0x03FF), (0x0400, 0x052F)]
write("latin.txt", [chr(c) for lo, hi in alphabets for c in range(lo, hi + 1)], MARKS)
PY

subset() {
  pyftsubset "$4" --font-number="$1" --text-file="$2" \
    --no-hinting --desubroutinize --layout-features='' --name-IDs='*' \
    --output-file="$3"
}
subset 2 "$work/sc.txt" NotoSansCJKsc-Bold-Jungle.otf "$TTC"
subset 3 "$work/tc.txt" NotoSansCJKtc-Bold-Jungle.otf "$TTC"
subset 0 "$work/latin.txt" NotoSans-Bold-Jungle.ttf "$LATIN"
