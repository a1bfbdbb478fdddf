//! One frame of the board image as palette indices: the empty board, then every square that
//! differs from it (a cell per square), then the status line and the player bars. The drawers
//! (`backdrop`, `cells`, `header`) paint in colour; this is where their drawings become palette
//! indices, each kept once made.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use super::cells::{self, CELL, CellKey, Mark, Terrain, Tint};
use super::header::{self, Pill};
use super::layout::{self, HEIGHT, WIDTH};
use super::scene::Scene;
use super::{backdrop, palette};
use crate::lang::Lang;
use engine::terrain::trap_owner;
use engine::{Bitboard, Side, Square};

/// The empty board as palette indices, indexed by `flip as usize`.
static BACKDROP: LazyLock<[Vec<u8>; 2]> =
    LazyLock::new(|| [false, true].map(|flip| palette::indices(&backdrop::draw(flip))));

/// Draws the empty boards (and with them the font, the sprites and the palette lookup) now.
pub(crate) fn prepare() {
    LazyLock::force(&BACKDROP);
}

/// Header strips already turned into indices, kept across the frames of a replay where the
/// player bars rarely change. Behind them, one cache for every image: most strips of a move's
/// board were drawn before (the same names, the same move number in another game).
#[derive(Default)]
pub(crate) struct Strips {
    memo: Vec<(StripKey, Arc<[u8]>)>,
}

#[derive(Clone, PartialEq, Eq, Hash)]
enum StripKey {
    Status(String, [u8; 3], Lang),
    Bar(Side, Option<String>, Option<String>, Option<Pill>, Lang),
}

/// How many strips the shared cache holds (~22 KB each, so up to 23 MB) before it starts
/// again: the status lines and both bars of a few hundred games at once.
const SHARED_STRIPS: usize = 1024;

impl Strips {
    fn get(&mut self, key: StripKey) -> Arc<[u8]> {
        if let Some((_, strip)) = self.memo.iter().find(|(k, _)| *k == key) {
            return strip.clone();
        }
        let strip = shared_strip(&key);
        if self.memo.len() >= 8 {
            self.memo.remove(0);
        }
        self.memo.push((key, strip.clone()));
        strip
    }
}

fn shared_strip(key: &StripKey) -> Arc<[u8]> {
    static SHARED: LazyLock<Mutex<HashMap<StripKey, Arc<[u8]>>>> = LazyLock::new(Default::default);
    // A poisoned lock only means another thread panicked mid-insert; the map is still valid.
    let cached = SHARED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(key)
        .cloned();
    if let Some(strip) = cached {
        return strip;
    }
    let rgb = match key {
        StripKey::Status(text, colour, lang) => {
            header::status_rgb(text, image::Rgb(*colour), *lang)
        }
        StripKey::Bar(side, name, clock, pill, lang) => {
            header::bar_rgb(*side, (name.as_deref(), clock.as_deref()), *pill, *lang)
        }
    };
    let strip: Arc<[u8]> = palette::indices(&rgb).into();
    let mut map = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    if map.len() >= SHARED_STRIPS {
        map.clear();
    }
    map.insert(key.clone(), strip.clone());
    strip
}

/// Number of bytes in one frame.
pub(crate) const FRAME_LEN: usize = (WIDTH * HEIGHT) as usize;

/// Draws `scene` into `out` as palette indices, one byte a pixel, row by row.
pub(crate) fn draw(scene: &Scene<'_>, strips: &mut Strips, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(&BACKDROP[scene.flip as usize]);

    let keys = cell_keys(scene);
    for sq in Square::all() {
        let key = &keys[sq.index()];
        if *key == CellKey::plain(key.terrain) {
            continue;
        }
        let cell = cell(key);
        let (x, y) = layout::origin(sq, scene.flip);
        for row in 0..CELL as usize {
            let at = (y as usize + 1 + row) * WIDTH as usize + x as usize + 1;
            let src = &cell[row * CELL as usize..(row + 1) * CELL as usize];
            out[at..at + CELL as usize].copy_from_slice(src);
        }
    }

    let (text, colour) = &scene.status;
    put_strip(
        out,
        0,
        &strips.get(StripKey::Status(text.clone(), colour.0, scene.lang)),
    );
    let (top, bottom) = if scene.flip {
        (Side::Jade, Side::Crimson)
    } else {
        (Side::Crimson, Side::Jade)
    };
    for (side, y) in [(top, layout::TOP_BAR_Y), (bottom, layout::BOTTOM_BAR_Y)] {
        let key = StripKey::Bar(
            side,
            Some(scene.name(side)),
            scene.clocks[side].clone(),
            scene.pills[side],
            scene.lang,
        );
        put_strip(out, y, &strips.get(key));
    }
    debug_assert_eq!(out.len(), FRAME_LEN);
}

/// A cell as palette indices, drawn on first use and kept.
fn cell(key: &CellKey) -> Arc<[u8]> {
    static CACHE: LazyLock<Mutex<HashMap<CellKey, Arc<[u8]>>>> = LazyLock::new(Default::default);
    // A poisoned lock only means another thread panicked mid-insert; the map is still valid.
    let lookup = |k: &CellKey| {
        CACHE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(k)
            .cloned()
    };
    if let Some(c) = lookup(key) {
        return c;
    }
    let cell: Arc<[u8]> = palette::indices(&cells::interior(&cells::square_rgb(key))).into();
    let mut map = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    // Every key is small, but there are many combinations: keep memory bounded.
    if map.len() >= 4096 {
        map.clear();
    }
    map.insert(*key, cell.clone());
    cell
}

fn put_strip(out: &mut [u8], y: u32, strip: &[u8]) {
    let at = (y * WIDTH) as usize;
    out[at..at + strip.len()].copy_from_slice(strip);
}

/// How each square looks, by square index.
pub(crate) fn cell_keys(scene: &Scene<'_>) -> Vec<CellKey> {
    let pos = scene.pos;
    let mut keys: Vec<CellKey> = Square::all()
        .map(|sq| CellKey::plain(Terrain::of(sq)))
        .collect();
    for (sq, p) in pos.pieces() {
        let weak = trap_owner(sq) == Some(p.side.other());
        keys[sq.index()].piece = Some((p, weak, scene.lang));
    }
    if let Some(last) = scene.last {
        keys[last.mv.from.index()].tint = Some(Tint::LastMove);
        let to = &mut keys[last.mv.to.index()];
        to.tint = Some(if last.captured.is_some() {
            Tint::Capture
        } else {
            Tint::LastMove
        });
        to.badge = last.captured.map(|p| (p, scene.lang));
        for sq in pos.leap_path(last.mv).unwrap_or(Bitboard::EMPTY) {
            keys[sq.index()].tint = Some(Tint::LastMove);
            keys[sq.index()].path = true;
        }
    }
    if let Some(sel) = scene.selected {
        keys[sel.index()].tint = Some(Tint::Selected);
        for to in pos.destinations(sel) {
            keys[to.index()].mark = Some(if pos.piece_at(to).is_some() {
                Mark::Capture
            } else {
                Mark::Quiet
            });
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme;

    /// Colours that fill whole areas and must come out exactly.
    fn flat_colours() -> Vec<[u8; 3]> {
        let mut v = vec![
            theme::FRAME,
            theme::BAR,
            theme::GRID,
            theme::JADE,
            theme::CRIMSON,
            theme::weakened(Side::Jade),
            theme::weakened(Side::Crimson),
            theme::den_inner(Side::Jade),
            theme::den_inner(Side::Crimson),
            theme::PIECE_TEXT,
            theme::JADE_INK,
            theme::JADE_DEEP,
            theme::FRAME_TEXT,
            theme::RESULT_TEXT,
            theme::WINNER,
            theme::DRAW,
        ];
        v.extend(cells::flat_colours());
        v.into_iter().map(|c| c.0).collect()
    }

    /// The fixed palette is the one the drawings call for: the flat colours first, exactly, then
    /// the edge colours sample drawings use most. After a change of the look this fails and
    /// prints the table to put in `palette.rs`.
    #[test]
    fn the_palette_is_what_the_drawings_use() {
        let flat = flat_colours();
        let mut samples = vec![backdrop::draw(false)];
        samples.extend(cells::samples());
        samples.extend(header::samples());
        let learnt = palette::learn(&flat, &samples);
        let table: Vec<[u8; 3]> = (0..palette::COLOURS.len()).map(palette::rgb).collect();
        let flat_count = learnt.iter().take_while(|c| flat.contains(c)).count();
        if learnt != table || flat_count != palette::FLAT {
            let hex: Vec<String> = learnt
                .iter()
                .map(|c| format!("0x{:02X}{:02X}{:02X},", c[0], c[1], c[2]))
                .collect();
            panic!(
                "the drawings call for another palette: FLAT = {flat_count}, COLOURS = [\n{}\n]",
                hex.join(" ")
            );
        }
    }
}
