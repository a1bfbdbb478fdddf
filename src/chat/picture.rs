//! Turns a reply's [`BoardView`] into a PNG attachment with the renderer, described in words
//! by [`alt_text`].

use engine::BySide;
use render::{self, BoardOptions, LastMove, layout};

use super::describe::alt_text;
use super::event::{BoardView, Image};

/// Readies the renderer (its font and artwork) now rather than with the first board; blocking,
/// for start-up.
pub fn prepare() {
    render::prepare();
}

/// The board picture for a view. Blocking (a few milliseconds): call it off the async runtime.
pub fn render(view: &BoardView) -> Option<Image> {
    let opts = BoardOptions {
        flip: view.flip,
        last_move: view.last_move.map(|mv| LastMove {
            mv,
            captured: view.captured,
        }),
        selected: view.selected,
        names: BySide::new(
            Some(view.jade_name.clone()),
            Some(view.crimson_name.clone()),
        ),
        outcome: view.outcome,
        status: match (&view.result, view.outcome) {
            (Some(text), None) => Some(text.clone()),
            _ => None,
        },
        clocks: view.clocks.clone(),
        lang: view.lang,
    };
    let bytes = render::board_png(&view.position, &opts);
    Some(Image {
        bytes,
        file_name: "board.png".to_string(),
        mime: "image/png",
        width: layout::WIDTH,
        height: layout::HEIGHT,
        alt: alt_text(view),
    })
}
