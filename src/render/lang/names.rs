//! The game's words in each language: sides, animals, levels, time controls, how a game ended,
//! and why a move is illegal (the engine's reasons, said by the catalogue instead of its
//! English `Display`).

use engine::legality::{CaptureBlock, IllegalMove};
use engine::{Animal, DrawReason, Outcome, Piece, Side, WinReason};
use engine::{Level, TimeControl};

use super::{Lang, tr};

pub fn side_name(lang: Lang, side: Side) -> String {
    match side {
        Side::Jade => tr!(lang, "side-jade"),
        Side::Crimson => tr!(lang, "side-crimson"),
    }
}

pub fn animal_name(lang: Lang, animal: Animal) -> String {
    match animal {
        Animal::Elephant => tr!(lang, "animal-elephant"),
        Animal::Lion => tr!(lang, "animal-lion"),
        Animal::Tiger => tr!(lang, "animal-tiger"),
        Animal::Leopard => tr!(lang, "animal-leopard"),
        Animal::Wolf => tr!(lang, "animal-wolf"),
        Animal::Dog => tr!(lang, "animal-dog"),
        Animal::Cat => tr!(lang, "animal-cat"),
        Animal::Rat => tr!(lang, "animal-rat"),
    }
}

/// The character on a piece's tile in `lang`'s script: Traditional (獅, 貓) for zh-TW readers,
/// Simplified (狮, 猫) for the others, as the board has always been drawn.
pub fn piece_char(lang: Lang, animal: Animal) -> char {
    let traditional = lang == Lang::ZhTw;
    match animal {
        Animal::Rat => '鼠',
        Animal::Cat if traditional => '貓',
        Animal::Cat => '猫',
        Animal::Dog => '狗',
        Animal::Wolf => '狼',
        Animal::Leopard => '豹',
        Animal::Tiger => '虎',
        Animal::Lion if traditional => '獅',
        Animal::Lion => '狮',
        Animal::Elephant => '象',
    }
}

/// The small label under the character on a piece's tile: its rank (0 on an enemy trap) and,
/// for readers who do not read the character, the animal's name: "8 elephant"; in Chinese the
/// rank in Chinese numerals, "八".
pub fn tile_label(lang: Lang, animal: Animal, weak: bool) -> String {
    let rank = if weak { 0 } else { animal.rank() };
    match animal {
        Animal::Elephant => tr!(lang, "tile-elephant", rank = rank),
        Animal::Lion => tr!(lang, "tile-lion", rank = rank),
        Animal::Tiger => tr!(lang, "tile-tiger", rank = rank),
        Animal::Leopard => tr!(lang, "tile-leopard", rank = rank),
        Animal::Wolf => tr!(lang, "tile-wolf", rank = rank),
        Animal::Dog => tr!(lang, "tile-dog", rank = rank),
        Animal::Cat => tr!(lang, "tile-cat", rank = rank),
        Animal::Rat => tr!(lang, "tile-rat", rank = rank),
    }
}

/// A language's name, in `lang`: "Simplified Chinese (简体中文)".
pub fn language_name(lang: Lang, named: Lang) -> String {
    match named {
        Lang::En => tr!(lang, "language-name-en"),
        Lang::ZhCn => tr!(lang, "language-name-zh-CN"),
        Lang::ZhTw => tr!(lang, "language-name-zh-TW"),
    }
}

/// A piece: "Jade lion".
pub fn piece_name(lang: Lang, piece: Piece) -> String {
    tr!(
        lang,
        "piece",
        side = side_name(lang, piece.side),
        animal = animal_name(lang, piece.animal)
    )
}

/// A time control as a reader says it: "5 min + 3 s a move", "3 days per move".
pub fn time_control_name(lang: Lang, tc: TimeControl) -> String {
    match tc {
        TimeControl::Live { base, increment } => tr!(
            lang,
            "time-live",
            minutes = i64::from(base.div_ceil(60)),
            increment = i64::from(increment)
        ),
        TimeControl::PerMove { secs } if secs % 86_400 == 0 => {
            tr!(lang, "time-days", days = i64::from(secs / 86_400))
        }
        TimeControl::PerMove { secs } if secs % 3_600 == 0 => {
            tr!(lang, "time-hours", hours = i64::from(secs / 3_600))
        }
        TimeControl::PerMove { secs } => {
            tr!(lang, "time-minutes", minutes = i64::from(secs.div_ceil(60)))
        }
    }
}

/// A stretch of time as a sentence says it, to the nearest unit that reads naturally: "1 day",
/// "5 hours", "15 minutes" (never less than a minute).
pub fn duration_name(lang: Lang, secs: i64) -> String {
    const MINUTE: i64 = 60;
    const HOUR: i64 = 3_600;
    const DAY: i64 = 86_400;
    if secs >= DAY - HOUR / 2 {
        tr!(lang, "duration-days", n = (secs + DAY / 2) / DAY)
    } else if secs >= HOUR - MINUTE / 2 {
        tr!(lang, "duration-hours", n = (secs + HOUR / 2) / HOUR)
    } else {
        tr!(
            lang,
            "duration-minutes",
            n = (secs.max(1) + MINUTE - 1) / MINUTE
        )
    }
}

/// Time left to move in a correspondence game, as its bar shows it: `2d 5h`, or the clock's
/// `4:05:09` under a day.
pub fn time_left(lang: Lang, secs: i64) -> String {
    let secs = secs.max(0);
    if secs >= 86_400 {
        tr!(
            lang,
            "time-left-days",
            days = secs / 86_400,
            hours = secs / 3_600 % 24
        )
    } else {
        engine::clock::clock_text(secs)
    }
}

pub fn level_name(lang: Lang, level: Level) -> String {
    tr!(lang, "level", n = i64::from(level.number()))
}

/// How a game ended, as a clause: "Jade wins by entering Crimson's den", "draw by agreement".
pub fn outcome_text(lang: Lang, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let (w, l) = (side_name(lang, winner), side_name(lang, winner.other()));
            match reason {
                WinReason::Den => tr!(lang, "outcome-den", winner = w, loser = l),
                WinReason::AllCaptured => tr!(lang, "outcome-all-captured", winner = w, loser = l),
                WinReason::NoMoves => tr!(lang, "outcome-no-moves", winner = w, loser = l),
                WinReason::Resignation => tr!(lang, "outcome-resigned", winner = w, loser = l),
                WinReason::Timeout => tr!(lang, "outcome-timeout", winner = w, loser = l),
            }
        }
        Outcome::Draw {
            reason: DrawReason::NoCaptureLimit,
        } => tr!(lang, "outcome-draw-limit"),
        Outcome::Draw {
            reason: DrawReason::Agreement,
        } => tr!(lang, "outcome-draw-agreed"),
    }
}

/// Why a move is illegal, as a sentence.
pub fn illegal_move(lang: Lang, why: IllegalMove) -> String {
    let a = |animal| animal_name(lang, animal);
    match why {
        IllegalMove::GameOver => tr!(lang, "illegal-game-over"),
        IllegalMove::NoPiece(sq) => tr!(lang, "illegal-no-piece", square = sq.to_string()),
        IllegalMove::NotYourTurn { square, piece } => tr!(
            lang,
            "illegal-not-your-turn",
            animal = a(piece.animal),
            square = square.to_string(),
            owner = side_name(lang, piece.side),
            turn = side_name(lang, piece.side.other())
        ),
        IllegalMove::NullMove(sq) => tr!(lang, "illegal-null-move", square = sq.to_string()),
        IllegalMove::NotAdjacent { animal, from, to } => {
            let (from, to) = (from.to_string(), to.to_string());
            if animal.can_leap() {
                tr!(
                    lang,
                    "illegal-too-far-leaper",
                    animal = a(animal),
                    from = from,
                    to = to
                )
            } else {
                tr!(
                    lang,
                    "illegal-too-far",
                    animal = a(animal),
                    from = from,
                    to = to
                )
            }
        }
        IllegalMove::Water { animal, square } => tr!(
            lang,
            "illegal-water",
            animal = a(animal),
            square = square.to_string()
        ),
        IllegalMove::OwnDen { animal, square } => tr!(
            lang,
            "illegal-own-den",
            animal = a(animal),
            square = square.to_string()
        ),
        IllegalMove::LeapBlocked { animal, rat } => tr!(
            lang,
            "illegal-leap-blocked",
            animal = a(animal),
            square = rat.to_string()
        ),
        IllegalMove::OwnPiece { square, animal } => tr!(
            lang,
            "illegal-own-piece",
            animal = a(animal),
            square = square.to_string()
        ),
        IllegalMove::CannotCapture {
            attacker,
            defender,
            why,
        } => {
            let (attacker, defender) = (a(attacker), a(defender));
            match why {
                CaptureBlock::Terrain { from_water: true } => tr!(
                    lang,
                    "illegal-capture-from-water",
                    attacker = attacker,
                    defender = defender
                ),
                CaptureBlock::Terrain { from_water: false } => tr!(
                    lang,
                    "illegal-capture-into-water",
                    attacker = attacker,
                    defender = defender
                ),
                CaptureBlock::AttackerOnTrap => {
                    tr!(lang, "illegal-capture-on-trap", attacker = attacker)
                }
                CaptureBlock::ElephantRat => tr!(lang, "illegal-elephant-rat"),
                CaptureBlock::Stronger => tr!(
                    lang,
                    "illegal-capture-stronger",
                    attacker = attacker,
                    defender = defender
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_labels_say_the_rank_in_each_language() {
        assert_eq!(tile_label(Lang::En, Animal::Elephant, false), "8 elephant");
        assert_eq!(tile_label(Lang::ZhCn, Animal::Elephant, false), "八");
        // Every animal's label carries its own rank, and 0 on an enemy trap.
        const NUMERALS: [&str; 9] = ["零", "一", "二", "三", "四", "五", "六", "七", "八"];
        for a in Animal::ALL {
            let rank = a.rank();
            assert_eq!(
                tile_label(Lang::En, a, false),
                format!("{rank} {}", a.name())
            );
            assert_eq!(tile_label(Lang::En, a, true), format!("0 {}", a.name()));
            for lang in [Lang::ZhCn, Lang::ZhTw] {
                assert_eq!(
                    tile_label(lang, a, false),
                    NUMERALS[usize::from(rank)],
                    "{lang}"
                );
                assert_eq!(tile_label(lang, a, true), NUMERALS[0], "{lang}");
            }
        }
    }

    #[test]
    fn time_controls_and_durations_read_as_sentences() {
        use engine::TimeControl;
        assert_eq!(
            time_control_name(Lang::En, TimeControl::live(5, 3)),
            "5 min + 3 s a move"
        );
        assert_eq!(
            time_control_name(Lang::En, TimeControl::days(1)),
            "1 day per move"
        );
        assert_eq!(
            time_control_name(Lang::ZhTw, TimeControl::days(3)),
            "每步 3 天"
        );
        assert_eq!(duration_name(Lang::En, 86_400 - 30), "1 day");
        assert_eq!(duration_name(Lang::En, 2 * 86_400), "2 days");
        assert_eq!(duration_name(Lang::En, 3_600), "1 hour");
        assert_eq!(duration_name(Lang::En, 61), "2 minutes");
        assert_eq!(duration_name(Lang::ZhCn, 0), "1 分钟");
        assert_eq!(time_left(Lang::En, 2 * 86_400 + 5 * 3_600 + 7), "2d 5h");
        assert_eq!(time_left(Lang::En, 3_725), "1:02:05");
    }
}
