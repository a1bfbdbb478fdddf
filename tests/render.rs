//! Board images, checked by decoding them: colours at computed pixels, the flipped board against
//! the normal one, golden images, and the `render` / `replay` commands.
//!
//! Goldens live in tests/data/render/; after an intended change of the look, run
//! `JUNGLE_BLESS=1 cargo test --test tests -- render:: replay::` to write them again, and look at them.

use crate::common;
use crate::images;

use std::process::Command;

use image::RgbImage;
use jungle::engine::BySide;
use jungle::lang::Lang;
use jungle::render::layout::{self, SQUARE};
use jungle::render::{self, BoardOptions, LastMove, theme};
use jungle::{Piece, Position, Side, Square};

use common::{mv, pos};
use images::*;

/// Default options but for the orientation.
fn oriented(flip: bool) -> BoardOptions {
    BoardOptions {
        flip,
        ..Default::default()
    }
}

fn draw_oriented(p: &Position, flip: bool) -> RgbImage {
    draw(p, &oriented(flip))
}

#[test]
fn every_square_shows_its_terrain_where_the_rules_put_it() {
    for flip in [false, true] {
        let img = draw_oriented(&Position::start(), flip);
        for s in Square::all() {
            let what = format!("{s} (flip {flip})");
            assert_colour(
                &img,
                layout::corner_probe(s, flip),
                terrain_colour(s),
                &what,
            );
        }
        // The dens' inner discs carry their owner's colour.
        for (den, owner) in [(sq("D1"), Side::Crimson), (sq("D9"), Side::Jade)] {
            let (cx, cy) = layout::center(den, flip);
            assert_colour(&img, (cx - 18, cy), theme::den_inner(owner), "den disc");
        }
    }
}

#[test]
fn rank_one_is_the_top_row_unless_flipped() {
    // D1 is Crimson's den: the fourth square of the top row, or of the bottom row when flipped.
    let x = layout::BOARD_X + 3 * SQUARE + 3;
    let top = layout::BOARD_Y + 3;
    let bottom = layout::BOARD_Y + 8 * SQUARE + 3;
    let normal = draw(&Position::start(), &BoardOptions::default());
    assert_colour(&normal, (x, top), theme::DEN, "D1 at the top");
    let (cx, cy) = (x - 3 + SQUARE / 2, top - 3 + SQUARE / 2);
    assert_colour(
        &normal,
        (cx - 18, cy),
        theme::den_inner(Side::Crimson),
        "D1 is Crimson's",
    );
    let flipped = draw_oriented(&Position::start(), true);
    let (cx, cy) = (x - 3 + SQUARE / 2, bottom - 3 + SQUARE / 2);
    assert_colour(
        &flipped,
        (cx - 18, cy),
        theme::den_inner(Side::Crimson),
        "flipped D1",
    );
    // A lone Crimson rat on A2: second row, first column; flipped, eighth row, last column.
    let p = pos('j', &[('r', "A2"), ('L', "G9")]);
    let at = |col: u32, row: u32| {
        (
            layout::BOARD_X + col * SQUARE + layout::TILE_INSET + 5,
            layout::BOARD_Y + row * SQUARE + SQUARE / 2,
        )
    };
    let normal = draw(&p, &BoardOptions::default());
    assert_colour(&normal, at(0, 1), theme::CRIMSON, "A2");
    assert_colour(&normal, at(6, 8), theme::JADE, "G9");
    let flipped = draw_oriented(&p, true);
    assert_colour(&flipped, at(6, 7), theme::CRIMSON, "flipped A2");
    assert_colour(&flipped, at(0, 0), theme::JADE, "flipped G9");
}

#[test]
fn pieces_show_their_side_colour_on_their_square_and_nowhere_else() {
    let start = Position::start();
    for flip in [false, true] {
        let img = draw_oriented(&start, flip);
        for s in Square::all() {
            let got = *img.get_pixel(
                layout::piece_probe(s, flip).0,
                layout::piece_probe(s, flip).1,
            );
            match start.piece_at(s) {
                Some(p) => assert_colour(
                    &img,
                    layout::piece_probe(s, flip),
                    theme::side(p.side),
                    &format!("{p} on {s}"),
                ),
                None => {
                    for side in Side::ALL {
                        assert!(
                            !near(got, theme::side(side), 40),
                            "{s} is empty but shows {side}: {got:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_piece_on_an_enemy_trap_is_washed_out() {
    // Jade cat on Crimson's trap C1, Crimson tiger on Jade's trap D8, Jade dog on its own trap E9.
    let p = pos(
        'j',
        &[
            ('C', "C1"),
            ('t', "D8"),
            ('D', "E9"),
            ('l', "A1"),
            ('L', "G9"),
        ],
    );
    let img = draw(&p, &BoardOptions::default());
    let jade_cat = Piece::new(Side::Jade, jungle::Animal::Cat);
    let crimson_tiger = Piece::new(Side::Crimson, jungle::Animal::Tiger);
    assert_colour(
        &img,
        layout::piece_probe(sq("C1"), false),
        theme::piece(jade_cat, true),
        "weak cat",
    );
    assert_colour(
        &img,
        layout::piece_probe(sq("D8"), false),
        theme::piece(crimson_tiger, true),
        "weak tiger",
    );
    assert_colour(
        &img,
        layout::piece_probe(sq("E9"), false),
        theme::JADE,
        "dog on its own trap",
    );
    assert!(!near(theme::weakened(Side::Jade), theme::JADE, 40));
}

#[test]
fn the_last_move_is_highlighted_from_and_to() {
    let mut p = Position::start();
    let m = mv("G7 G6");
    let last = LastMove::new(&p, m);
    assert_eq!(last.captured, None);
    p.play(m).unwrap();
    for flip in [false, true] {
        let img = draw(
            &p,
            &BoardOptions {
                last_move: Some(last),
                ..oriented(flip)
            },
        );
        for s in Square::all() {
            let want = if s == m.from || s == m.to {
                theme::tinted(terrain_colour(s), theme::LAST_MOVE)
            } else {
                terrain_colour(s)
            };
            assert_colour(
                &img,
                layout::corner_probe(s, flip),
                want,
                &format!("{s} flip {flip}"),
            );
        }
    }
}

#[test]
fn a_leap_marks_the_water_it_crossed() {
    let before = pos('j', &[('L', "D5"), ('l', "A1"), ('r', "G1")]);
    let m = mv("D5 A5");
    let mut p = before;
    let last = LastMove::new(&before, m);
    p.play(m).unwrap();
    let img = draw(
        &p,
        &BoardOptions {
            last_move: Some(last),
            ..Default::default()
        },
    );
    for s in ["B5", "C5"] {
        let s = sq(s);
        assert_colour(
            &img,
            layout::corner_probe(s, false),
            theme::tinted(theme::WATER, theme::LAST_MOVE),
            "path",
        );
        assert_colour(&img, layout::center(s, false), theme::PATH_DOT, "path dot");
    }
    assert_colour(
        &img,
        layout::corner_probe(sq("B4"), false),
        theme::WATER,
        "water off the path",
    );
    assert_colour(
        &img,
        layout::center(sq("D5"), false),
        theme::tinted(theme::LAND, theme::LAST_MOVE),
        "from",
    );
}

#[test]
fn a_capture_shows_the_taken_piece() {
    let before = pos('j', &[('L', "D5"), ('p', "D4"), ('l', "A1"), ('R', "G9")]);
    let m = mv("D5 D4");
    let last = LastMove::new(&before, m);
    assert_eq!(
        last.captured,
        Some(Piece::new(Side::Crimson, jungle::Animal::Leopard))
    );
    let mut p = before;
    p.play(m).unwrap();
    for flip in [false, true] {
        let img = draw(
            &p,
            &BoardOptions {
                last_move: Some(last),
                ..oriented(flip)
            },
        );
        let to = sq("D4");
        assert_colour(
            &img,
            layout::corner_probe(to, flip),
            theme::tinted(theme::LAND, theme::CAPTURE),
            "capture tint",
        );
        assert_colour(
            &img,
            layout::badge_probe(to, flip),
            theme::CRIMSON,
            "badge of the taken leopard",
        );
        assert_colour(
            &img,
            layout::piece_probe(to, flip),
            theme::JADE,
            "the lion stands there",
        );
    }
}

#[test]
fn the_selected_piece_shows_quiet_moves_captures_and_leaps() {
    // Jade lion on D5: D4 is a quiet step, A5 a quiet leap, G5 a capturing leap, D6 its own wolf.
    let p = pos('j', &[('L', "D5"), ('W', "D6"), ('w', "G5"), ('l', "A1")]);
    let from = sq("D5");
    let dests: Vec<Square> = p.destinations(from).collect();
    assert_eq!(dests.len(), 3, "{dests:?}");
    for flip in [false, true] {
        let img = draw(
            &p,
            &BoardOptions {
                selected: Some(from),
                ..oriented(flip)
            },
        );
        let dot = |s: Square| theme::tinted(terrain_colour(s), theme::MARK);
        for s in Square::all() {
            let corner = layout::corner_probe(s, flip);
            let what = format!("{s} flip {flip}");
            if s == from {
                assert_colour(
                    &img,
                    corner,
                    theme::tinted(theme::LAND, theme::SELECTED),
                    &what,
                );
            } else if s == sq("G5") {
                assert_colour(&img, corner, dot(s), &format!("capture corner {what}"));
                assert_colour(&img, layout::piece_probe(s, flip), theme::CRIMSON, &what);
            } else if s == sq("D4") || s == sq("A5") {
                assert_colour(
                    &img,
                    layout::center(s, flip),
                    dot(s),
                    &format!("dot {what}"),
                );
                assert_colour(&img, corner, theme::LAND, &what);
            } else {
                assert_colour(&img, corner, terrain_colour(s), &what);
                if p.piece_at(s).is_none() && terrain_colour(s) == theme::LAND {
                    assert_colour(
                        &img,
                        layout::center(s, flip),
                        theme::LAND,
                        &format!("no dot {what}"),
                    );
                }
            }
        }
    }
}

#[test]
fn the_flipped_board_mirrors_the_normal_one() {
    let before = pos(
        'j',
        &[
            ('L', "D5"),
            ('p', "D4"),
            ('l', "A1"),
            ('C', "C1"),
            ('R', "B5"),
        ],
    );
    let mut p = before;
    let last = LastMove::new(&before, mv("D5 D4"));
    p.play(mv("D5 D4")).unwrap();
    let opts = |flip| BoardOptions {
        last_move: Some(last),
        selected: Some(sq("A1")),
        ..oriented(flip)
    };
    let (a, b) = (draw(&p, &opts(false)), draw(&p, &opts(true)));
    // Each square looks the same in both, wherever it is drawn.
    for s in Square::all() {
        let (ax, ay) = layout::origin(s, false);
        let (bx, by) = layout::origin(s, true);
        for dy in 1..SQUARE - 1 {
            for dx in 1..SQUARE - 1 {
                let (pa, pb) = (a.get_pixel(ax + dx, ay + dy), b.get_pixel(bx + dx, by + dy));
                assert_eq!(pa, pb, "{s} at ({dx}, {dy})");
            }
        }
    }
    // So do the labels: the file letter over the leftmost column normally is over the rightmost
    // when flipped, and the rank number beside the top row is beside the bottom row.
    let crop = |img: &RgbImage, x: u32, y: u32, w: u32, h: u32| {
        image::imageops::crop_imm(img, x, y, w, h).to_image()
    };
    let m = layout::MARGIN;
    let col = |c: u32| layout::BOARD_X + c * SQUARE;
    assert_eq!(
        crop(&a, col(0), layout::BOARD_Y - m, SQUARE, m),
        crop(&b, col(6), layout::BOARD_Y - m, SQUARE, m)
    );
    let row = |r: u32| layout::BOARD_Y + r * SQUARE;
    assert_eq!(
        crop(&a, 0, row(0), m, SQUARE),
        crop(&b, 0, row(8), m, SQUARE)
    );
    assert_ne!(
        crop(&a, 0, row(0), m, SQUARE),
        crop(&a, 0, row(8), m, SQUARE)
    );
}

#[test]
fn the_bars_show_whose_turn_it_is_and_the_winner() {
    let start = Position::start();
    let img = draw(&start, &BoardOptions::default());
    // "to move" pill in Jade's colour in Jade's bar (bottom), none in Crimson's.
    assert!(count(&img, bar(layout::BOTTOM_BAR_Y), theme::JADE) > 200);
    assert!(count(&img, bar(layout::TOP_BAR_Y), theme::CRIMSON) < 450);
    let flipped = draw_oriented(&start, true);
    assert!(count(&flipped, bar(layout::TOP_BAR_Y), theme::JADE) > 200);

    // Jade's rat walks into Crimson's den: the status line turns to the result colour and the
    // winner's pill appears in Jade's bar.
    let before = pos('j', &[('R', "D2"), ('l', "A1"), ('L', "G9")]);
    let mut over = before;
    over.play(mv("D2 D1")).unwrap();
    assert!(over.outcome().is_some());
    let img = draw(&over, &BoardOptions::default());
    let status = (0, 0, layout::WIDTH, layout::STATUS_H);
    assert!(count(&img, status, theme::RESULT_TEXT) > 50);
    assert!(count(&img, bar(layout::BOTTOM_BAR_Y), theme::WINNER) > 200);
    assert_eq!(count(&img, bar(layout::TOP_BAR_Y), theme::WINNER), 0);
    let playing = draw(&before, &BoardOptions::default());
    assert_eq!(count(&playing, status, theme::RESULT_TEXT), 0);
}

#[test]
fn names_are_drawn_and_odd_ones_do_not_break_the_image() {
    let long = "a name far too long to fit in the bar beside the board, really".repeat(3);
    for names in [
        BySide::new(Some("Ann".to_string()), Some("李雷 🐯".to_string())),
        BySide::new(Some(long), Some("   ".to_string())),
        BySide::new(Some(String::new()), None),
    ] {
        let img = draw(
            &Position::start(),
            &BoardOptions {
                names,
                status: Some("x".repeat(500)),
                ..Default::default()
            },
        );
        assert!(count(&img, bar(layout::TOP_BAR_Y), theme::FRAME_TEXT) > 10);
    }
    // A custom name changes the bar; the default shows the side name.
    let named = draw(
        &Position::start(),
        &BoardOptions {
            names: BySide::new(Some("Ann".into()), None),
            ..Default::default()
        },
    );
    let plain = draw(&Position::start(), &BoardOptions::default());
    let crop = |img: &RgbImage, y| {
        image::imageops::crop_imm(img, 0, y, layout::WIDTH, layout::BAR_H).to_image()
    };
    assert_ne!(
        crop(&named, layout::BOTTOM_BAR_Y),
        crop(&plain, layout::BOTTOM_BAR_Y)
    );
    assert_eq!(
        crop(&named, layout::TOP_BAR_Y),
        crop(&plain, layout::TOP_BAR_Y)
    );
}

#[test]
fn the_start_position_png_is_small() {
    let png = render::board_png(&Position::start(), &BoardOptions::default());
    // The board encoder trades a few KB for half the time of zlib's level 2 (41,420 bytes
    // for the start position, against 33 KB): still far below any upload limit.
    assert!(png.len() <= 45_000, "{} bytes", png.len());
}

// ---- golden images ----

#[test]
fn golden_start_position() {
    let png = render::board_png(&Position::start(), &BoardOptions::default());
    check_golden("start.png", &png, png_frames);
}

#[test]
fn golden_flipped_capture_with_selection() {
    let before: Position = "l5t/1d3c1/r2ew2/3p3/3L3/7/E1W1P1R/1C3D1/T6 j 0 5"
        .parse()
        .unwrap();
    let mut p = before;
    let last = LastMove::new(&before, mv("D5 D4"));
    p.play(mv("D5 D4")).unwrap();
    let opts = BoardOptions {
        flip: true,
        last_move: Some(last),
        selected: Some(sq("D3")),
        names: BySide::new(Some("Ann".into()), Some("Bob".into())),
        ..Default::default()
    };
    check_golden(
        "capture_flipped.png",
        &render::board_png(&p, &opts),
        png_frames,
    );
}

// ---- the commands ----

fn jungle(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `jungle` and fails the test, showing its errors, unless it succeeds.
fn jungle_ok(args: &[&str]) {
    let o = jungle(args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn render_and_replay_commands_write_images() {
    let dir = std::env::temp_dir().join(format!("jungle-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("board.png");
    jungle_ok(&[
        "render",
        "--last",
        "G7 G6",
        "--select",
        "a3",
        "--flip",
        "-o",
        png.to_str().unwrap(),
    ]);
    let img = decode(&std::fs::read(&png).unwrap());
    // The move was played and highlighted: G6 holds the Jade rat on a tinted square.
    assert_colour(
        &img,
        layout::corner_probe(sq("G6"), true),
        theme::tinted(theme::LAND, theme::LAST_MOVE),
        "G6",
    );
    assert_colour(
        &img,
        layout::piece_probe(sq("G6"), true),
        theme::JADE,
        "rat on G6",
    );

    let gif = dir.join("game.gif");
    jungle_ok(&[
        "replay",
        "--moves",
        "G7 G6, a3a4, G6-F6",
        "-o",
        gif.to_str().unwrap(),
    ]);
    assert_eq!(frames(&std::fs::read(&gif).unwrap()).len(), 4);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_render_and_replay_input_is_one_line_with_status_2() {
    let out = std::env::temp_dir().join("jungle-never-written.png");
    let out = out.to_str().unwrap();
    for (args, needle) in [
        (
            vec!["render", "--position", "l5t/1d3c1 j 0 1", "-o", out],
            "9 ranks",
        ),
        (vec!["render", "--last", "G7 X6", "-o", out], "not a move"),
        (vec!["render", "--last", "G7 G5", "-o", out], "G7 G5"),
        (vec!["render", "--select", "Z9", "-o", out], "not a square"),
        (
            vec!["replay", "--moves", "G7 G6, A3 A4, G6 G4", "-o", out],
            "move 3",
        ),
        (
            vec!["replay", "--moves", "G7 G6, nonsense", "-o", out],
            "move 2",
        ),
    ] {
        let o = jungle(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(out).exists());
}

// ---- the sides without colour ----

/// A board for each side with `animal` of that side on its square (`[jade, crimson]`) and
/// otherwise the same two other animals far away.
fn one_piece_each_side(animal: jungle::Animal, squares: [&str; 2]) -> [RgbImage; 2] {
    let other = if animal == jungle::Animal::Rat {
        'c'
    } else {
        'r'
    };
    [Side::Jade, Side::Crimson].map(|side| {
        let letter = Piece::new(side, animal).letter();
        let pieces = [
            (letter, squares[side.index()]),
            (other, "A1"),
            (other.to_ascii_uppercase(), "G9"),
        ];
        draw(&pos('j', &pieces), &BoardOptions::default())
    })
}

/// The mean over a square of `dist` between Jade's piece in one image and Crimson's in the other.
fn side_difference(
    animal: jungle::Animal,
    squares: [&str; 2],
    dist: impl Fn(image::Rgb<u8>, image::Rgb<u8>) -> f64,
) -> f64 {
    let [jade, crimson] = one_piece_each_side(animal, squares);
    mean_difference(
        &square_pixels(&jade, sq(squares[0]), false),
        &square_pixels(&crimson, sq(squares[1]), false),
        dist,
    )
}

/// Each animal of each side, one at a time on the same plain square, then compared in
/// greyscale: the mean luminance difference over the square (of 255). When the sides differed
/// only in hue (red and green tiles, both with white characters) this was under 4.
#[test]
fn the_sides_differ_in_greyscale() {
    let (mut least, mut least_weak) = (f64::MAX, f64::MAX);
    for animal in jungle::Animal::ALL {
        let d = side_difference(animal, ["D5"; 2], |a, b| (luma(a) - luma(b)).abs());
        // Weakened on the other side's trap: C1 is Crimson's, C9 Jade's.
        let weak = side_difference(animal, ["C1", "C9"], |a, b| (luma(a) - luma(b)).abs());
        println!("{animal}: mean luminance difference {d:.1}, weakened {weak:.1}");
        least = least.min(d);
        least_weak = least_weak.min(weak);
    }
    println!("least mean luminance difference: {least:.1} of 255, weakened {least_weak:.1}");
    assert!(least > 60.0, "{least:.1}");
    assert!(least_weak > 40.0, "weakened: {least_weak:.1}");
}

/// The same comparison as a deuteranope sees the two images (red and green alike): the mean
/// colour distance over the square stays large. With red and green tiles it was about 27.
#[test]
fn the_sides_stay_apart_for_a_deuteranope() {
    let mut least = f64::MAX;
    for animal in jungle::Animal::ALL {
        let d = side_difference(animal, ["D5"; 2], |a, b| {
            rgb_distance(deuteranope(a), deuteranope(b))
        });
        least = least.min(d);
    }
    // The simulation is what makes the old colours a problem: the two old side colours come
    // out nearly alike, while both stay far from each other for a normal eye.
    let (red, green) = (image::Rgb([196, 40, 56]), image::Rgb([22, 132, 92]));
    let (seen, simulated) = (
        rgb_distance(red, green),
        rgb_distance(deuteranope(red), deuteranope(green)),
    );
    println!("old side colours: {seen:.0} apart, {simulated:.0} as simulated");
    assert!(simulated < seen / 3.0, "{simulated:.0} vs {seen:.0}");
    println!("least mean simulated distance between the sides: {least:.1}");
    assert!(least > 60.0, "{least:.1}");
}

#[test]
fn names_in_any_script_and_traditional_pieces_reach_every_image() {
    use jungle::render::{Graph, ReplayOptions, graph_png, missing_glyphs, replay_gif};
    let names = BySide::new(
        Some("小明 José".to_string()),
        Some("Владимир さくら".to_string()),
    );
    for n in [names.jade.as_deref(), names.crimson.as_deref()]
        .into_iter()
        .flatten()
    {
        assert_eq!(missing_glyphs(n), Vec::<char>::new(), "{n}");
    }
    // A zh-TW board draws its pieces differently from a zh-CN one (獅 and 貓, and Taiwan's
    // shapes), and the same in a GIF's first frame and on a PNG.
    let board = |lang| {
        draw(
            &Position::start(),
            &BoardOptions {
                names: names.clone(),
                lang,
                ..Default::default()
            },
        )
    };
    let (cn, tw) = (board(Lang::ZhCn), board(Lang::ZhTw));
    let square = |img: &RgbImage, sq: &str| -> Vec<u8> {
        let (x0, y0) = layout::origin(sq.parse().unwrap(), false);
        (y0..y0 + SQUARE / 2)
            .flat_map(|y| (x0..x0 + SQUARE).flat_map(move |x| img.get_pixel(x, y).0))
            .collect()
    };
    // The lion (A1), the cat (F2), the tiger (G1): 獅 for 狮, 貓 for 猫, and Taiwan's 虎.
    for sq in ["A1", "F2", "G1"] {
        assert_ne!(square(&cn, sq), square(&tw, sq), "{sq}");
    }
    // The dog (B2) is 狗 in both scripts and both shapes.
    assert_eq!(square(&cn, "B2"), square(&tw, "B2"));
    let gif = replay_gif(
        &Position::start(),
        &[],
        &ReplayOptions {
            names: names.clone(),
            lang: Lang::ZhTw,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(gif.starts_with(b"GIF8"));
    let graph = graph_png(&Graph {
        curve: vec![0.5, 0.6, 0.4],
        names,
        lang: Lang::ZhTw,
        ..Default::default()
    });
    assert!(graph.starts_with(b"\x89PNG"));
}
