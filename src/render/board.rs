//! One frame of the board image as palette indices, band by band from the top: the status line
//! and the player bars (strips), the margins and each rank of the empty board with every square
//! that differs from it drawn in (a cell per square). The drawers (`backdrop`, `cells`,
//! `header`) paint in colour; this is where their drawings become palette indices, each kept
//! once made, and where bands become compressed image data, each kept too.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use super::cells::{self, CELL, CellKey, Mark, Terrain, Tint};
use super::deflate::{self, Part};
use super::header::{self, Pill};
use super::layout::{self, HEIGHT, SQUARE, WIDTH};
use super::scene::Scene;
use super::{backdrop, palette};
use crate::lang::Lang;
use engine::square::{FILES, RANKS};
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

/// The horizontal bands of a frame, top to bottom: each is a function of few things (a strip's
/// text, a rank's seven squares), so that a band drawn and compressed once serves every later
/// image that shows it the same way.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Band {
    Status,
    TopBar,
    TopMargin,
    /// A display row of the board (0 = top).
    Rank(u8),
    BottomMargin,
    BottomBar,
}

impl Band {
    fn all() -> impl Iterator<Item = Band> {
        [Band::Status, Band::TopBar, Band::TopMargin]
            .into_iter()
            .chain((0..RANKS).map(Band::Rank))
            .chain([Band::BottomMargin, Band::BottomBar])
    }

    /// Its first row and how many rows it has.
    fn rows(self) -> (u32, u32) {
        match self {
            Band::Status => (0, layout::STATUS_H),
            Band::TopBar => (layout::TOP_BAR_Y, layout::BAR_H),
            Band::TopMargin => (
                layout::TOP_BAR_Y + layout::BAR_H,
                layout::BOARD_Y - layout::TOP_BAR_Y - layout::BAR_H,
            ),
            Band::Rank(r) => (layout::BOARD_Y + u32::from(r) * SQUARE, SQUARE),
            Band::BottomMargin => (
                layout::BOARD_Y + layout::BOARD_H,
                layout::BOTTOM_BAR_Y - layout::BOARD_Y - layout::BOARD_H,
            ),
            Band::BottomBar => (layout::BOTTOM_BAR_Y, HEIGHT - layout::BOTTOM_BAR_Y),
        }
    }
}

/// What a band shows, all that decides its pixels: the bars' and the status line's strips, the
/// margins' side up, a rank's squares left to right.
#[derive(Clone, PartialEq, Eq, Hash)]
enum BandKey {
    Strip(StripKey),
    Margin {
        flip: bool,
        top: bool,
    },
    Rank {
        flip: bool,
        row: u8,
        cells: [CellKey; FILES as usize],
    },
}

/// The keys of the status line and the two bars, top to bottom.
fn strip_keys(scene: &Scene<'_>) -> [StripKey; 3] {
    let (text, colour) = &scene.status;
    let (top, bottom) = if scene.flip {
        (Side::Jade, Side::Crimson)
    } else {
        (Side::Crimson, Side::Jade)
    };
    let bar = |side: Side| {
        StripKey::Bar(
            side,
            Some(scene.name(side)),
            scene.clocks[side].clone(),
            scene.pills[side],
            scene.lang,
        )
    };
    [
        StripKey::Status(text.clone(), colour.0, scene.lang),
        bar(top),
        bar(bottom),
    ]
}

/// The squares of display row `row`, left to right.
fn rank_squares(row: u8, flip: bool) -> impl Iterator<Item = Square> {
    (0..u32::from(FILES)).filter_map(move |col| layout::square_at_cell(col, u32::from(row), flip))
}

/// What `band` of `scene` shows; `keys` are its squares' ([`cell_keys`]), `strips` its status
/// line's and bars' ([`strip_keys`]).
fn band_key(scene: &Scene<'_>, band: Band, keys: &[CellKey], strips: &[StripKey; 3]) -> BandKey {
    let [status, top, bottom] = strips;
    match band {
        Band::Status => BandKey::Strip(status.clone()),
        Band::TopBar => BandKey::Strip(top.clone()),
        Band::BottomBar => BandKey::Strip(bottom.clone()),
        Band::TopMargin | Band::BottomMargin => BandKey::Margin {
            flip: scene.flip,
            top: band == Band::TopMargin,
        },
        Band::Rank(row) => {
            let mut cells = [CellKey::plain(Terrain::Land); FILES as usize];
            for (c, sq) in cells.iter_mut().zip(rank_squares(row, scene.flip)) {
                *c = keys[sq.index()];
            }
            BandKey::Rank {
                flip: scene.flip,
                row,
                cells,
            }
        }
    }
}

/// Draws `scene` into `out` as palette indices, one byte a pixel, row by row.
pub(crate) fn draw(scene: &Scene<'_>, strips: &mut Strips, out: &mut Vec<u8>) {
    out.clear();
    let keys = cell_keys(scene);
    let strip_keys = strip_keys(scene);
    for band in Band::all() {
        let key = band_key(scene, band, &keys, &strip_keys);
        paint(scene.flip, band, &key, &keys, strips, out);
    }
    debug_assert_eq!(out.len(), FRAME_LEN);
}

/// Appends the rows of `band`, which shows `key`: its strip if it has one, else the empty
/// board's rows with every square that differs from the empty board drawn in.
fn paint(
    flip: bool,
    band: Band,
    key: &BandKey,
    keys: &[CellKey],
    strips: &mut Strips,
    out: &mut Vec<u8>,
) {
    let (y0, height) = band.rows();
    if let BandKey::Strip(k) = key {
        out.extend_from_slice(&strips.get(k.clone()));
        return;
    }
    let start = out.len();
    let rows = (y0 * WIDTH) as usize..((y0 + height) * WIDTH) as usize;
    out.extend_from_slice(&BACKDROP[flip as usize][rows]);
    let Band::Rank(row) = band else {
        return;
    };
    for sq in rank_squares(row, flip) {
        let key = &keys[sq.index()];
        if *key == CellKey::plain(key.terrain) {
            continue;
        }
        let cell = cell(key);
        let (x, y) = layout::origin(sq, flip);
        for r in 0..CELL as usize {
            let at = start + (y - y0) as usize * WIDTH as usize;
            let at = at + (1 + r) * WIDTH as usize + x as usize + 1;
            let src = &cell[r * CELL as usize..(r + 1) * CELL as usize];
            out[at..at + CELL as usize].copy_from_slice(src);
        }
    }
}

/// `scene` as a zlib stream of its rows (a PNG's image data): each band compressed once and
/// kept, so that an image costs the bands that changed since one like it was made. A move
/// changes two to four ranks and the status line; the margins, the bars and the other ranks
/// come from the cache.
pub(crate) fn zlib(scene: &Scene<'_>, strips: &mut Strips) -> Vec<u8> {
    thread_local! {
        /// One band's pixels, kept by each thread that draws.
        static PIXELS: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let keys = cell_keys(scene);
    let strip_keys = strip_keys(scene);
    let parts: Vec<Arc<Part>> = Band::all()
        .map(|band| {
            encoded(band_key(scene, band, &keys, &strip_keys), |key| {
                PIXELS.with_borrow_mut(|pixels| {
                    pixels.clear();
                    paint(scene.flip, band, key, &keys, strips, pixels);
                    deflate::part(pixels, WIDTH as usize)
                })
            })
        })
        .collect();
    deflate::zlib(parts.iter().map(|p| &**p))
}

/// How many compressed bands each generation of the cache holds (2-4 KB each, so at most
/// ~16 MB for both): the bands of a few hundred games at once.
const BANDS_KEPT: usize = 2048;

/// A band compressed, made by `make` unless kept (see [`Kept`]).
fn encoded(key: BandKey, make: impl FnOnce(&BandKey) -> Part) -> Arc<Part> {
    static CACHE: LazyLock<Kept<BandKey, Part>> = LazyLock::new(|| Kept::new(BANDS_KEPT));
    CACHE.get_or_make(key, make)
}

/// Values kept by key in two generations of at most `size` each: a value used while in the
/// older generation moves to the newer, and when the newer is full the older is dropped, so
/// that what is in use stays and what is not goes within two generations.
struct Kept<K, V> {
    size: usize,
    generations: Mutex<Generations<K, V>>,
}

struct Generations<K, V> {
    new: HashMap<K, Arc<V>>,
    old: HashMap<K, Arc<V>>,
}

impl<K: std::hash::Hash + Eq, V> Kept<K, V> {
    fn new(size: usize) -> Kept<K, V> {
        Kept {
            size: size.max(1),
            generations: Mutex::new(Generations {
                new: HashMap::new(),
                old: HashMap::new(),
            }),
        }
    }

    /// The value kept for `key`, or the one `make` makes (outside the lock, so that others'
    /// lookups do not wait for it), then kept.
    fn get_or_make(&self, key: K, make: impl FnOnce(&K) -> V) -> Arc<V> {
        let found = {
            let mut g = self.lock();
            if let Some(v) = g.new.get(&key) {
                return v.clone();
            }
            g.old.remove(&key)
        };
        let value = found.unwrap_or_else(|| Arc::new(make(&key)));
        let dropped = self.put(key, value.clone());
        // The generation let go is freed here, after the lock.
        drop(dropped);
        value
    }

    /// Keeps `value` in the newer generation; the older one if it was let go to make room.
    fn put(&self, key: K, value: Arc<V>) -> Option<HashMap<K, Arc<V>>> {
        let mut g = self.lock();
        let dropped = (g.new.len() >= self.size).then(|| {
            let full = std::mem::take(&mut g.new);
            std::mem::replace(&mut g.old, full)
        });
        g.new.insert(key, value);
        dropped
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Generations<K, V>> {
        // A poisoned lock only means another thread panicked mid-insert; the maps are valid.
        self.generations.lock().unwrap_or_else(|e| e.into_inner())
    }
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

    /// What is used stays, and what is not is made again once two generations have passed.
    #[test]
    fn kept_values_stay_while_used_and_go_two_generations_after() {
        let kept: Kept<u32, u32> = Kept::new(4);
        let made = std::cell::Cell::new(0);
        let get = |k: u32| {
            *kept.get_or_make(k, |&k| {
                made.set(made.get() + 1);
                k * 10
            })
        };
        assert_eq!(get(1), 10);
        assert_eq!((get(1), made.get()), (10, 1), "kept, not made again");
        // Three more fill the newer generation; the next pushes 1 into the older one.
        for k in 2..=5 {
            get(k);
        }
        assert_eq!(made.get(), 5);
        // 1 is in the older generation: used, it moves back to the newer without being made.
        assert_eq!((get(1), made.get()), (10, 5));
        // 2 is not used while two generations fill: made again when asked for.
        for k in 100..108 {
            get(k);
        }
        assert_eq!(made.get(), 13);
        assert_eq!((get(2), made.get()), (20, 14));
        // Never more than two generations' worth kept.
        let g = kept.lock();
        assert!(
            g.new.len() <= 4 && g.old.len() <= 4,
            "{} + {}",
            g.new.len(),
            g.old.len()
        );
    }

    /// The bands cover the frame, one after another, and each square lies inside its rank's.
    #[test]
    fn the_bands_tile_the_frame_and_hold_their_squares() {
        let mut next = 0;
        for band in Band::all() {
            let (y, h) = band.rows();
            assert_eq!(y, next, "{band:?} starts where the one above ends");
            assert!(h > 0);
            next = y + h;
        }
        assert_eq!(next, HEIGHT);
        for flip in [false, true] {
            let mut seen = 0;
            for row in 0..RANKS {
                let (y0, h) = Band::Rank(row).rows();
                for sq in rank_squares(row, flip) {
                    let (_, y) = layout::origin(sq, flip);
                    assert!(y >= y0 && y + 1 + CELL <= y0 + h, "{sq} in row {row}");
                    seen += 1;
                }
            }
            assert_eq!(seen, Square::all().count());
        }
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
