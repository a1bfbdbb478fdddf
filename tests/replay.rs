//! Game replays as animated GIFs, checked by decoding them: one frame per half-move like the
//! board image, small delta frames, errors for illegal moves, and a golden replay.

use crate::common;
use crate::images;

use jungle::engine::BySide;
use jungle::render::{self, BoardOptions, LastMove, ReplayError, ReplayOptions, layout};
use jungle::{Move, Position};

use common::mv;
use images::*;

#[test]
fn a_replay_has_a_frame_per_half_move_each_like_the_board_image() {
    let moves = game(7, 12);
    let gif = render::replay_gif(&Position::start(), &moves, &ReplayOptions::default()).unwrap();
    let frames = frames(&gif);
    assert_eq!(frames.len(), moves.len() + 1);
    let ms = |f: &image::Frame| {
        let (n, d) = f.delay().numer_denom_ms();
        n / d
    };
    assert_eq!(ms(&frames[0]), 800);
    assert_eq!(ms(&frames[moves.len()]), 3000);

    let mut p = Position::start();
    let mut last = None;
    for (k, frame) in frames.iter().enumerate() {
        let rgb = image::DynamicImage::ImageRgba8(frame.buffer().clone()).to_rgb8();
        let want = draw(
            &p,
            &BoardOptions {
                last_move: last,
                ..Default::default()
            },
        );
        assert!(
            board_area(&rgb) == board_area(&want),
            "frame {k} differs from the board image"
        );
        if let Some(&m) = moves.get(k) {
            last = Some(LastMove::new(&p, m));
            p.play(m).unwrap();
        }
    }
}

#[test]
fn an_illegal_move_in_a_replay_names_its_index_and_reason() {
    let moves = vec![mv("G7 G6"), mv("A3 A4"), mv("G6 G4")];
    let err =
        render::replay_gif(&Position::start(), &moves, &ReplayOptions::default()).unwrap_err();
    let ReplayError::IllegalMove { index, mv: bad, .. } = &err;
    assert_eq!((*index, *bad), (2, mv("G6 G4")));
    let text = err.to_string();
    assert!(text.contains("move 3") && text.contains("G6 G4"), "{text}");
    // A replay of no moves is the start position alone.
    let gif = render::replay_gif(&Position::start(), &[], &ReplayOptions::default()).unwrap();
    assert_eq!(frames(&gif).len(), 1);
}

#[test]
fn replay_frames_after_the_first_are_small_rectangles() {
    let moves = game(3, 30);
    let gif = render::replay_gif(&Position::start(), &moves, &ReplayOptions::default()).unwrap();
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(&gif[..]).unwrap();
    let full = (layout::WIDTH * layout::HEIGHT) as usize;
    let mut k = 0;
    while let Some(f) = d.read_next_frame().unwrap() {
        let area = f.width as usize * f.height as usize;
        if k > 0 {
            assert!(area < full, "frame {k} is the whole image");
            assert!(f.transparent.is_some());
        }
        k += 1;
    }
    assert_eq!(k, moves.len() + 1);
}

#[test]
fn golden_replay() {
    let moves: Vec<Move> = [
        "G7 G6", "A3 A4", "G6 F6", "A4 B4", "E7 D7", "C3 D3", "F6 F5", "B4 B5",
    ]
    .map(mv)
    .into();
    let opts = ReplayOptions {
        names: BySide::new(Some("Ann".into()), Some("Bob".into())),
        ..Default::default()
    };
    let gif = render::replay_gif(&Position::start(), &moves, &opts).unwrap();
    check_golden("replay.gif", &gif, gif_frames);
}
