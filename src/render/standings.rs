//! A tournament's standings as a table picture: a title, then one row a player (rank, name,
//! points, games, the row of results, performance rating), the leaders' rows tinted. Pure:
//! the table's words in, a PNG out.

use image::RgbImage;

use super::graph::png_of;
use super::paint;
use super::theme::{self, Colour};
use crate::lang::Lang;

/// The picture's width; its height grows with the rows.
pub const WIDTH: u32 = 760;
/// The most rows drawn: the rest are in the text beside the picture.
pub const MAX_ROWS: usize = 20;

const ROW: f32 = 30.0;
const HEAD: f32 = 78.0;
const PAD: f32 = 16.0;
const EM: f32 = 15.0;

/// One result in a player's row, as the table marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// What the game scored (Arena: 0, 1, 2 or 4; Swiss: 1, ½ or 0), and its colour.
    Win(&'static str),
    Draw(&'static str),
    Loss(&'static str),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct StandingsRow {
    pub rank: u32,
    pub name: String,
    pub points: String,
    pub games: u32,
    pub results: Vec<Cell>,
    pub performance: Option<i32>,
    /// Arena: the next win counts double.
    pub on_fire: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct StandingsTable {
    pub title: String,
    /// The column headings: rank, name, points, games, results, performance.
    pub headings: [String; 6],
    pub rows: Vec<StandingsRow>,
    pub lang: Lang,
}

/// The picture's height for `rows` rows (at least one, for the empty table's line).
pub fn height(rows: usize) -> u32 {
    (HEAD + ROW * rows.clamp(1, MAX_ROWS) as f32 + PAD) as u32
}

/// Draws the table as a PNG, [`WIDTH`] wide and [`height`] high.
pub fn standings_png(table: &StandingsTable) -> Vec<u8> {
    png_of(&draw(table))
}

/// Where each column starts.
const COLUMNS: [f32; 6] = [PAD, 62.0, 330.0, 400.0, 460.0, 676.0];

fn draw(t: &StandingsTable) -> RgbImage {
    let rows = &t.rows[..t.rows.len().min(MAX_ROWS)];
    let mut img = RgbImage::from_pixel(WIDTH, height(rows.len()), theme::FRAME);
    let title = paint::fit(t.lang, 18.0, &t.title, WIDTH as f32 - 2.0 * PAD);
    paint::text(
        &mut img,
        theme::RESULT_TEXT,
        t.lang,
        PAD,
        paint::caps_baseline(18.0, 22.0),
        18.0,
        &title,
    );
    let head = paint::caps_baseline(EM, HEAD - ROW / 2.0 - 2.0);
    for (x, h) in COLUMNS.iter().zip(&t.headings) {
        paint::text(
            &mut img,
            theme::FRAME_TEXT_DIM,
            t.lang,
            *x,
            head,
            EM - 2.0,
            h,
        );
    }
    for (i, r) in rows.iter().enumerate() {
        let top = HEAD + ROW * i as f32;
        if i % 2 == 0 || r.rank <= 3 {
            let tint = if r.rank <= 3 {
                theme::WINNER
            } else {
                theme::BAR
            };
            let alpha = if r.rank <= 3 { 0.35 } else { 1.0 };
            paint::tint_rect(
                &mut img,
                PAD as u32 / 2,
                top as u32,
                WIDTH - PAD as u32,
                ROW as u32,
                (tint, alpha),
            );
        }
        draw_row(&mut img, t.lang, top, r);
    }
    if rows.is_empty() {
        paint::text(
            &mut img,
            theme::FRAME_TEXT_DIM,
            t.lang,
            COLUMNS[1],
            paint::caps_baseline(EM, HEAD + ROW / 2.0),
            EM,
            "-",
        );
    }
    img
}

fn draw_row(img: &mut RgbImage, lang: Lang, top: f32, r: &StandingsRow) {
    let base = paint::caps_baseline(EM, top + ROW / 2.0);
    let say = |img: &mut RgbImage, colour: Colour, lang: Lang, x: f32, s: &str| {
        paint::text(img, colour, lang, x, base, EM, s)
    };
    say(
        img,
        theme::FRAME_TEXT,
        Lang::En,
        COLUMNS[0],
        &r.rank.to_string(),
    );
    let name = paint::fit(lang, EM, &r.name, COLUMNS[2] - COLUMNS[1] - 10.0);
    say(img, theme::FRAME_TEXT, lang, COLUMNS[1], &name);
    let points = if r.on_fire {
        format!("{} ×2", r.points)
    } else {
        r.points.clone()
    };
    say(img, theme::RESULT_TEXT, Lang::En, COLUMNS[2], &points);
    say(
        img,
        theme::FRAME_TEXT,
        Lang::En,
        COLUMNS[3],
        &r.games.to_string(),
    );
    // The latest results when they do not all fit, as a site's table shows them.
    let room = ((COLUMNS[5] - COLUMNS[4] - 8.0) / 18.0) as usize;
    let shown = &r.results[r.results.len().saturating_sub(room)..];
    for (k, cell) in shown.iter().enumerate() {
        let (text, colour) = match cell {
            Cell::Win(s) => (*s, theme::JADE_DEEP),
            Cell::Draw(s) => (*s, theme::FRAME_TEXT_DIM),
            Cell::Loss(s) => (*s, theme::CRIMSON_DEEP),
        };
        say(img, colour, Lang::En, COLUMNS[4] + 18.0 * k as f32, text);
    }
    let perf = r
        .performance
        .map(|p| p.to_string())
        .unwrap_or_else(|| "-".into());
    say(img, theme::FRAME_TEXT, Lang::En, COLUMNS[5], &perf);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: usize) -> StandingsTable {
        StandingsTable {
            title: "Arena #1".into(),
            headings: ["#", "Player", "Points", "Games", "Results", "Perf."].map(String::from),
            rows: (0..rows)
                .map(|i| StandingsRow {
                    rank: i as u32 + 1,
                    name: format!("player {i}"),
                    points: (100 - i).to_string(),
                    games: 3,
                    results: vec![Cell::Win("2"), Cell::Draw("1"), Cell::Loss("0")],
                    performance: Some(1500 - i as i32 * 10),
                    on_fire: i == 0,
                })
                .collect(),
            lang: Lang::En,
        }
    }

    #[test]
    fn the_table_grows_with_its_rows_up_to_the_most_drawn() {
        for (rows, want) in [(0, height(1)), (3, height(3)), (40, height(MAX_ROWS))] {
            let png = standings_png(&table(rows));
            let img = image::load_from_memory(&png).unwrap().to_rgb8();
            assert_eq!(img.dimensions(), (WIDTH, want), "{rows} rows");
        }
        assert!(height(3) < height(4));
    }

    #[test]
    fn the_leaders_rows_are_tinted_and_results_coloured() {
        let img = image::load_from_memory(&standings_png(&table(5)))
            .unwrap()
            .to_rgb8();
        let row_top = |i: usize| (HEAD + ROW * i as f32) as u32 + 2;
        // Rank 1's row is tinted gold; rank 4's is plain.
        let first = *img.get_pixel(WIDTH / 2 + 200, row_top(0));
        let fourth = *img.get_pixel(WIDTH / 2 + 200, row_top(3));
        assert_ne!(first, theme::FRAME);
        assert_eq!(fourth, theme::FRAME);
        // A win is drawn in jade somewhere in the results column of the first row.
        let jade = (COLUMNS[4] as u32..COLUMNS[4] as u32 + 18)
            .flat_map(|x| (row_top(0)..row_top(0) + 26).map(move |y| (x, y)))
            .any(|(x, y)| {
                let p = img.get_pixel(x, y);
                p[1] > p[0] + 40 && p[1] > p[2]
            });
        assert!(jade);
    }

    #[test]
    fn long_and_strange_names_still_draw() {
        let mut t = table(2);
        t.rows[0].name = "\u{202e}a very long name that cannot fit in its column at all".into();
        t.rows[1].name = "吳宗憲🙂".into();
        t.lang = Lang::ZhTw;
        let img = image::load_from_memory(&standings_png(&t)).unwrap();
        assert_eq!(img.width(), WIDTH);
    }
}
