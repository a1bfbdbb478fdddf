//! Finished games' analyses, kept so that asking again is instant: one row per game, the
//! judged half-moves in a compact text column (one entry per ply, `;` between entries).

use crate::failure::{Result, StoreError};
use crate::sql::{Sql, args};
use engine::Score;
use engine::review::{Analysis, PlyReview, Tag};
use engine::{Move, Side};

pub(crate) fn analysis(c: &mut dyn Sql, game_id: i64) -> Result<Option<Analysis>> {
    c.row(
        "SELECT jade_start, plies FROM analyses WHERE game_id = $1",
        args![game_id],
        |r| from_columns(game_id, r.real(0)?, &r.text(1)?),
    )
}

pub(crate) fn save(c: &mut dyn Sql, game_id: i64, analysis: &Analysis, now: i64) -> Result<()> {
    c.exec(
        "INSERT INTO analyses (game_id, jade_start, plies, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id) DO UPDATE SET jade_start = $2, plies = $3, created_at = $4",
        args![game_id, analysis.jade_start, encode(&analysis.plies), now],
    )?;
    Ok(())
}

pub(crate) fn from_columns(game_id: i64, jade_start: f64, plies: &str) -> Result<Analysis> {
    let plies = decode(plies).ok_or_else(|| StoreError::Corrupt {
        table: "analyses",
        detail: format!("game {game_id}: unreadable plies"),
    })?;
    Ok(Analysis { jade_start, plies })
}

/// `J G7G6 G7G6 v35 v-12 0.5123 0.0000 100.00 -`: side, played, best, the score before (for the
/// mover), the score after (for Jade), Jade's expected score after, the drop, the accuracy, the tag.
pub(crate) fn encode(plies: &[PlyReview]) -> String {
    plies
        .iter()
        .map(|p| {
            format!(
                "{} {} {} {} {} {:.6} {:.6} {:.4} {}",
                match p.side {
                    Side::Jade => 'J',
                    Side::Crimson => 'C',
                },
                code(p.played),
                code(p.best),
                score_code(p.score),
                score_code(p.eval_after),
                p.jade_after,
                p.drop,
                p.accuracy,
                p.tag.map_or("-", Tag::mark)
            )
        })
        .collect::<Vec<_>>()
        .join(";")
}

fn decode(text: &str) -> Option<Vec<PlyReview>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(';')
        .enumerate()
        .map(|(i, entry)| {
            let f: Vec<&str> = entry.split(' ').collect();
            let [
                side,
                played,
                best,
                score,
                eval_after,
                jade_after,
                drop,
                accuracy,
                tag,
            ] = f[..]
            else {
                return None;
            };
            Some(PlyReview {
                ply: i + 1,
                side: match side {
                    "J" => Side::Jade,
                    "C" => Side::Crimson,
                    _ => return None,
                },
                played: played.parse::<Move>().ok()?,
                best: best.parse::<Move>().ok()?,
                score: parse_score(score)?,
                eval_after: parse_score(eval_after)?,
                jade_after: jade_after.parse().ok()?,
                drop: drop.parse().ok()?,
                accuracy: accuracy.parse().ok()?,
                tag: match tag {
                    "-" => None,
                    mark => Some(Tag::from_mark(mark)?),
                },
            })
        })
        .collect()
}

/// A move without the space: `G7G6` (the move parser reads it back).
fn code(mv: Move) -> String {
    mv.to_string().replace(' ', "")
}

fn score_code(score: Score) -> String {
    match score {
        Score::Value(v) => format!("v{v}"),
        Score::WinIn(n) => format!("w{n}"),
        Score::LossIn(n) => format!("l{n}"),
    }
}

fn parse_score(text: &str) -> Option<Score> {
    let (kind, n) = text.split_at_checked(1)?;
    match kind {
        "v" => n.parse().ok().map(Score::Value),
        "w" => n.parse().ok().map(Score::WinIn),
        "l" => n.parse().ok().map(Score::LossIn),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_read_back_as_written() {
        let plies = vec![
            PlyReview {
                ply: 1,
                side: Side::Jade,
                played: "G7 G6".parse().unwrap(),
                best: "A7 A6".parse().unwrap(),
                score: Score::Value(-35),
                eval_after: Score::WinIn(3),
                jade_after: 0.25,
                drop: 0.125,
                accuracy: 61.5,
                tag: Some(Tag::Mistake),
            },
            PlyReview {
                ply: 2,
                side: Side::Crimson,
                played: "A3 A4".parse().unwrap(),
                best: "A3 A4".parse().unwrap(),
                score: Score::LossIn(0),
                eval_after: Score::Value(0),
                jade_after: 0.5,
                drop: 0.0,
                accuracy: 100.0,
                tag: None,
            },
        ];
        assert_eq!(decode(&encode(&plies)), Some(plies));
        for bad in [
            "J G7G6",
            "X G7G6 G7G6 v1 v1 0.5 0 100 -",
            "J G7G6 G7G6 q1 v1 0.5 0 100 -",
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
