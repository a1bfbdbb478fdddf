//! Fixed texts (the rules) and the board drawn as text for terminals and plain-text chats.

use engine::terrain::{DEN, TRAPS, is_water};
use engine::{Position, Side, Square};

use super::dialect::Dialect;
use crate::lang::{Lang, tr};

/// The rules in brief.
pub fn rules(lang: Lang) -> String {
    tr!(lang, "rules")
}

/// What the bot says when it joins a room: what it is and how to start.
pub fn welcome(lang: Lang, dialect: &Dialect) -> String {
    tr!(
        lang,
        "welcome",
        play = dialect.cmd(lang, "play bot"),
        challenge = dialect.cmd(
            lang,
            &format!("challenge {}", tr!(lang, "placeholder-user"))
        ),
        help = dialect.cmd(lang, "help")
    )
}

/// The line under every text board that says what its marks mean, in English (the catalogue
/// has it in each language as `board-legend`).
pub const LEGEND: &str = "Jade = UPPER case, Crimson = lower case; ~ water, # trap, * den, . land; letters are initials, P = leopard";

/// The board as monospace text, rank 1 on top (or at the bottom when `flip`), with coordinates,
/// and the legend under it in `lang`. Pieces: upper case Jade, lower case Crimson; `~` water,
/// `#` trap, `*` den, `.` land.
pub fn board_text(pos: &Position, flip: bool, lang: Lang) -> String {
    let mut ranks: Vec<u8> = (1..=9).collect();
    let mut files: Vec<u8> = (0..7).collect();
    if flip {
        ranks.reverse();
        files.reverse();
    }
    let header: String = files
        .iter()
        .map(|&f| format!(" {}", (b'A' + f) as char))
        .collect();
    let mut out = format!("  {header}\n");
    for &r in &ranks {
        out.push_str(&format!("{r} "));
        for &f in &files {
            let sq = Square::from_coords(f, r).expect("on the board");
            let c = match pos.piece_at(sq) {
                Some(p) => p.letter(),
                None if is_water(sq) => '~',
                None if DEN[Side::Jade] == sq || DEN[Side::Crimson] == sq => '*',
                None if TRAPS[Side::Jade].contains(sq) || TRAPS[Side::Crimson].contains(sq) => '#',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push_str(&format!(" {r}\n"));
    }
    out.push_str(&format!("  {header}\n"));
    out.push_str(&tr!(lang, "board-legend"));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board_text() {
        let t = board_text(&Position::start(), false, Lang::En);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], "   A B C D E F G");
        assert_eq!(lines[1], "1  l . # * # . t 1");
        assert_eq!(lines[5], "5  . ~ ~ . ~ ~ . 5");
        assert_eq!(lines[9], "9  T . # * # . L 9");
        assert_eq!(lines[10], "   A B C D E F G");
        assert_eq!(lines[11], LEGEND);
        assert_eq!(lines.len(), 12);
        let flipped = board_text(&Position::start(), true, Lang::En);
        assert_eq!(flipped.lines().nth(1), Some("9  L . # * # . T 9"));
        assert_eq!(flipped.lines().last(), Some(LEGEND));
    }

    /// The legend explains every mark the board uses: each letter is its animal's initial or
    /// the one the legend names, and each terrain symbol is in it.
    #[test]
    fn the_legend_covers_every_mark() {
        for animal in engine::Animal::ALL {
            let letter = animal.letter();
            let named = LEGEND.contains(&format!("{letter} = {animal}"));
            let initial = animal.name().starts_with(letter.to_ascii_lowercase());
            assert!(named != initial, "{letter} for {animal}");
        }
        for mark in ["~ water", "# trap", "* den", ". land", "UPPER", "lower"] {
            assert!(LEGEND.contains(mark), "{mark}");
        }
        assert!(!LEGEND.contains('\n'));
        assert_eq!(tr!(Lang::En, "board-legend"), LEGEND);
    }
}
