//! The text around the board: the status line at the top and a bar for each player. Each is a
//! full-width strip drawn in colour and then turned into palette indices.

use image::RgbImage;

use super::assets::ASSETS;
use super::layout::{BAR_H, CHIP, MARGIN, NAME_EM, PILL_EM, STATUS_EM, STATUS_H, WIDTH};
use super::paint::{self, fill, round_rect};
use super::theme::{self, Colour};
use crate::lang::{Lang, side_name};
use engine::Side;

/// A small label at the right end of a player bar ("to move", "winner").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pill {
    /// The id of the label's message.
    pub text: &'static str,
    pub lang: Lang,
    pub fill: Colour,
    /// The colour of the text.
    pub ink: Colour,
}

/// The status line, centred.
pub(crate) fn status_rgb(text: &str, colour: Colour, lang: Lang) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, STATUS_H, theme::FRAME);
    let max = (WIDTH - 2 * MARGIN) as f32;
    let line = paint::fit(lang, STATUS_EM, text, max);
    let (cx, cy) = (WIDTH as f32 / 2.0, STATUS_H as f32 / 2.0 + 1.0);
    paint::text_centered(&mut img, colour, lang, cx, cy, STATUS_EM, true, &line);
    img
}

/// A player bar: the side's chip, the player's name (or the side's, in `lang`), a pill at the
/// right and their clock before it.
pub(crate) fn bar_rgb(
    side: Side,
    (name, clock): (Option<&str>, Option<&str>),
    pill: Option<Pill>,
    lang: Lang,
) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, BAR_H, theme::BAR);
    let cy = BAR_H as f32 / 2.0;
    paint::blit(
        &mut img,
        &ASSETS.chips[side.index()],
        MARGIN,
        (BAR_H - CHIP) / 2,
    );
    let mut right = (WIDTH - MARGIN) as f32;
    if let Some(pill) = pill {
        let label = pill.lang.tr(pill.text, &[]);
        let w = paint::text_width(pill.lang, PILL_EM, &label) + 20.0;
        let b = [right - w, cy - 12.0, right, cy + 12.0];
        fill(&mut img, b, pill.fill, 1.0, 1.0, round_rect(b, 12.0));
        let c = (b[0] + b[2]) / 2.0;
        paint::text_centered(&mut img, pill.ink, pill.lang, c, cy, PILL_EM, true, &label);
        right = b[0] - 12.0;
    }
    if let Some(clock) = clock {
        let w = paint::text_width(lang, NAME_EM, clock);
        let baseline = paint::caps_baseline(NAME_EM, cy);
        let x = right - w;
        paint::text(
            &mut img,
            theme::FRAME_TEXT,
            lang,
            x,
            baseline,
            NAME_EM,
            clock,
        );
        right = x - 14.0;
    }
    let name = match name.map(str::trim) {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => side_name(lang, side),
    };
    let x = (MARGIN + CHIP + 10) as f32;
    let name = paint::fit(lang, NAME_EM, &name, right - x);
    let baseline = paint::caps_baseline(NAME_EM, cy);
    paint::text(
        &mut img,
        theme::FRAME_TEXT,
        lang,
        x,
        baseline,
        NAME_EM,
        &name,
    );
    img
}

/// Strips showing the colours text makes on the frame and bars, for choosing the palette.
#[cfg(test)]
pub(crate) fn samples() -> Vec<RgbImage> {
    let text = "Move 12 – Jade to move: Crimson's den ABCDEFG 123456789 wins draw";
    let mut v = vec![
        status_rgb(text, theme::FRAME_TEXT, Lang::En),
        status_rgb(text, theme::RESULT_TEXT, Lang::En),
    ];
    for side in Side::ALL {
        let pills = [
            Pill {
                text: "pill-to-move",
                lang: Lang::En,
                fill: theme::side(side),
                ink: theme::ink(side),
            },
            Pill {
                text: "pill-winner",
                lang: Lang::En,
                fill: theme::WINNER,
                ink: theme::PIECE_TEXT,
            },
            Pill {
                text: "pill-draw",
                lang: Lang::En,
                fill: theme::DRAW,
                ink: theme::PIECE_TEXT,
            },
        ];
        for pill in pills {
            v.push(bar_rgb(
                side,
                (Some("Alice Bob Carol"), Some("4:05")),
                Some(pill),
                Lang::En,
            ));
        }
    }
    v
}
