//! Which font draws each character: the bundled fonts in the reader's order (Traditional
//! shapes first for zh-TW), then the system's fonts for what they lack, then a visible box.
//! Text is never changed into `?`: a character no font has is drawn as an empty box (tofu).

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use ab_glyph::{Font, FontArc, FontRef, FontVec, GlyphId, PxScale};

use crate::lang::Lang;

/// The main font: a subset of Noto Sans CJK SC Bold holding GB 2312, Big5's common characters,
/// kana, Latin, Greek and Cyrillic (see `fonts/README.md`).
static SC_BYTES: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-Bold-Jungle.otf");
/// Noto Sans CJK TC Bold for the board's characters and the zh-TW catalogue's: Taiwan's shapes.
static TC_BYTES: &[u8] = include_bytes!("../../fonts/NotoSansCJKtc-Bold-Jungle.otf");
/// Noto Sans Bold for the Latin, Greek and Cyrillic letters the CJK font lacks.
static LATIN_BYTES: &[u8] = include_bytes!("../../fonts/NotoSans-Bold-Jungle.ttf");

fn parse(bytes: &'static [u8]) -> FontArc {
    // The bytes are part of the program and a unit test parses them: this cannot fail at run
    // time.
    FontArc::new(FontRef::try_from_slice(bytes).expect("a bundled font parses"))
}

/// The bundled fonts, parsed once.
static SC: LazyLock<FontArc> = LazyLock::new(|| parse(SC_BYTES));
static TC: LazyLock<FontArc> = LazyLock::new(|| parse(TC_BYTES));
static LATIN: LazyLock<FontArc> = LazyLock::new(|| parse(LATIN_BYTES));

/// The main font, whose metrics place every line (its ascent, its capital height).
pub(crate) fn main_font() -> &'static FontArc {
    &SC
}

/// The bundled fonts in the order `lang` asks them for a character.
fn bundled(lang: Lang) -> [&'static FontArc; 3] {
    match lang {
        Lang::ZhTw => [&TC, &SC, &LATIN],
        Lang::En | Lang::ZhCn => [&SC, &LATIN, &TC],
    }
}

/// How one character is drawn.
#[derive(Clone, Debug)]
pub(crate) enum Glyph {
    /// A glyph of a font.
    Font(FontArc, GlyphId),
    /// Nothing and no width: a joiner, a variation selector, a control character.
    Invisible,
    /// No font has it: a box.
    Tofu,
}

/// Characters that shape their neighbours or nothing and have no ink of their own.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
            | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{E0000}'..='\u{E0FFF}')
}

/// The glyph `c` is drawn with in `lang`'s text.
pub(crate) fn glyph(lang: Lang, c: char) -> Glyph {
    if invisible(c) {
        return Glyph::Invisible;
    }
    if let Some(g) = bundled_glyph(lang, c) {
        return g;
    }
    // The space characters without a glyph anywhere are spaces all the same.
    if c.is_whitespace() {
        return Glyph::Font(SC.clone(), SC.glyph_id(' '));
    }
    match system_font(c) {
        Some(font) => {
            let id = font.glyph_id(c);
            Glyph::Font(font, id)
        }
        None => Glyph::Tofu,
    }
}

fn bundled_glyph(lang: Lang, c: char) -> Option<Glyph> {
    bundled(lang).into_iter().find_map(|f| {
        let id = f.glyph_id(c);
        (id.0 != 0).then(|| Glyph::Font(f.clone(), id))
    })
}

/// The characters of `text` that no bundled font draws (each once, in order). Spaces, joiners
/// and variation selectors need no glyph.
pub fn missing_bundled(text: &str) -> Vec<char> {
    missing(text, |c| bundled_glyph(Lang::En, c).is_some())
}

/// The characters of `text` that would be drawn as a box: neither the bundled fonts nor the
/// system's have them (each once, in order).
pub fn missing_glyphs(text: &str) -> Vec<char> {
    missing(text, |c| !matches!(glyph(Lang::En, c), Glyph::Tofu))
}

fn missing(text: &str, drawn: impl Fn(char) -> bool) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for c in text.chars() {
        if !invisible(c) && !c.is_whitespace() && !drawn(c) && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The scale that draws `font`'s characters `em` pixels tall, the size of a Chinese character.
pub(crate) fn scale(font: &FontArc, em: f32) -> PxScale {
    let upem = font.units_per_em().unwrap_or(1000.0);
    PxScale::from(em * font.height_unscaled() / upem)
}

/// The system's fonts, found on first need, and the font chosen for each character asked.
struct System {
    db: fontdb::Database,
    chosen: HashMap<char, Option<FontArc>>,
    loaded: HashMap<fontdb::ID, Option<FontArc>>,
}

/// How many characters the system's fonts are searched for in one process: each search reads
/// every font's tables, so names full of characters no font has cannot make drawing slow
/// without end. Past it, an unknown character is a box at once.
const SYSTEM_LOOKUPS_MAX: usize = 2048;

static SYSTEM: LazyLock<Mutex<System>> = LazyLock::new(|| {
    let mut db = fontdb::Database::new();
    db.load_system_fonts();
    Mutex::new(System {
        db,
        chosen: HashMap::new(),
        loaded: HashMap::new(),
    })
});

/// A system font that draws `c` with an outline (a colour-emoji font's bitmaps are no use
/// here), bold upright faces first; `None` when the system has none (or no fonts at all).
fn system_font(c: char) -> Option<FontArc> {
    // A panic in another thread while it held the lock left nothing half-written that matters.
    let mut sys = SYSTEM.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = sys.chosen.get(&c) {
        return found.clone();
    }
    if sys.chosen.len() >= SYSTEM_LOOKUPS_MAX {
        return None;
    }
    let mut faces: Vec<(u16, fontdb::ID)> = sys
        .db
        .faces()
        .map(|f| {
            let weight = f.weight.0.abs_diff(fontdb::Weight::BOLD.0);
            let slanted = u16::from(f.style != fontdb::Style::Normal) * 1000;
            (weight + slanted, f.id)
        })
        .collect();
    faces.sort();
    let mut found = None;
    for (_, id) in faces {
        let has = sys
            .db
            .with_face_data(id, |data, index| {
                FontRef::try_from_slice_and_index(data, index)
                    .ok()
                    .is_some_and(|f| {
                        let g = f.glyph_id(c);
                        g.0 != 0 && f.outline(g).is_some()
                    })
            })
            .unwrap_or(false);
        if !has {
            continue;
        }
        let font = match sys.loaded.get(&id) {
            Some(f) => f.clone(),
            None => {
                let f = sys
                    .db
                    .with_face_data(id, |data, index| {
                        FontVec::try_from_vec_and_index(data.to_vec(), index).ok()
                    })
                    .flatten()
                    .map(FontArc::new);
                sys.loaded.insert(id, f.clone());
                f
            }
        };
        if font.is_some() {
            found = font;
            break;
        }
    }
    sys.chosen.insert(c, found.clone());
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_fonts_parse_and_draw_names_in_many_scripts() {
        for f in [&*SC, &*TC, &*LATIN] {
            assert_ne!(f.glyph_id('A').0, 0);
        }
        for name in [
            "小明",
            "爸爸",
            "張偉",
            "José",
            "Ωmega",
            "Владимир",
            "さくら",
            "Łukasz Ďurčo",
            "Άννα",
            "Євгенія",
            "カタカナ",
        ] {
            assert_eq!(missing_bundled(name), Vec::<char>::new(), "{name}");
        }
        // What no font is expected to have is reported, once.
        assert_eq!(
            missing_bundled("a\u{10FFFD}b\u{10FFFD}"),
            vec!['\u{10FFFD}']
        );
        assert_eq!(missing_glyphs("a\u{10FFFD}"), vec!['\u{10FFFD}']);
        // Joiners and variation selectors need nothing.
        assert!(missing_glyphs("a\u{200D}\u{FE0F} b").is_empty());
    }

    #[test]
    fn the_traditional_font_holds_the_zh_tw_catalogue_and_the_board() {
        let lacking: Vec<char> = Lang::ZhTw
            .source()
            .chars()
            .chain("獅貓鬥獸棋穴陷".chars())
            .filter(|&c| !c.is_whitespace() && !c.is_control() && TC.glyph_id(c).0 == 0)
            .collect();
        assert!(lacking.is_empty(), "run fonts/make-subset.sh: {lacking:?}");
    }

    #[test]
    fn traditional_readers_get_taiwan_shapes_first() {
        let from = |lang, c| match glyph(lang, c) {
            Glyph::Font(f, _) => Some(f),
            _ => None,
        };
        let curves = |f: &FontArc, c| format!("{:?}", f.outline(f.glyph_id(c)).map(|o| o.curves));
        // 貓 and 虎 are in both fonts and their shapes differ: zh-TW takes the TC font's, the
        // others the SC font's.
        for c in ['貓', '虎'] {
            let tw = from(Lang::ZhTw, c).unwrap();
            let cn = from(Lang::ZhCn, c).unwrap();
            assert_eq!(curves(&tw, c), curves(&TC, c));
            assert_eq!(curves(&cn, c), curves(&SC, c));
            assert_ne!(curves(&TC, c), curves(&SC, c), "{c}");
        }
        // A character the TC subset lacks comes from the SC font.
        assert!(matches!(glyph(Lang::ZhTw, '爸'), Glyph::Font(..)));
    }
}
