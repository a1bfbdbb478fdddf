//! `jungle perft` and `jungle moves`.

use std::io::Write;

use crate::engine::perft;

use super::position_arg;

pub fn perft(depth: u32, position: Option<&str>, divide: bool) -> anyhow::Result<()> {
    let pos = position_arg(position)?;
    let mut out = std::io::stdout().lock();
    if divide && depth > 0 {
        let rows = perft::divide(&pos, depth);
        for (mv, n) in &rows {
            writeln!(out, "{mv}: {n}")?;
        }
        writeln!(out, "{}", rows.iter().map(|r| r.1).sum::<u64>())?;
    } else {
        writeln!(out, "{}", perft::perft(&pos, depth))?;
    }
    Ok(())
}

pub fn moves(position: Option<&str>) -> anyhow::Result<()> {
    let pos = position_arg(position)?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    let mut out = std::io::stdout().lock();
    for m in moves {
        writeln!(out, "{m}")?;
    }
    Ok(())
}
