//! The legal commands as the terminal shows them. After each command, a short summary: the pending
//! decision's options, else the units that can act and the side's own commands, each with the code
//! a player types. On request (`list`, or `list H1` for one unit), every command under the unit that
//! carries it out, with its code and its number in this listing.

use super::board::{unit_cell, unit_name};
use crate::battle::{Battle, Present, Side, UnitId};

/// The width of the codes' column: a longer code (a long way back) pushes its own label along
/// rather than every label.
const CODE_COLUMN: usize = 14;
/// How wide the line of units that can act runs before it wraps.
const LINE: usize = 100;

/// Every legal command (of one unit, with `only`), grouped under the unit that carries it out, each
/// with its number in the legal list and its code.
pub fn print_commands<R: Present>(b: &Battle<R>, legal: &[R::Command], side: Side, only: Option<UnitId>) {
    let mut groups: Vec<(Option<UnitId>, Vec<usize>)> = Vec::new();
    for (i, c) in legal.iter().enumerate() {
        let unit = R::command_unit(c);
        if only.is_some() && unit != only {
            continue;
        }
        match groups.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, members)) => members.push(i),
            None => groups.push((unit, vec![i])),
        }
    }
    let codes: Vec<String> = legal.iter().map(|c| R::command_code(b, c)).collect();
    let code_width = codes.iter().map(|c| c.chars().count()).max().unwrap_or(0).min(CODE_COLUMN);
    let number_width = format!("[{}]", legal.len().saturating_sub(1)).len();
    for (unit, members) in &groups {
        println!("{}", heading(b, legal, side, *unit));
        for &i in members {
            let number = format!("[{i}]");
            println!("  {number:<number_width$} {:<code_width$}  {}", codes[i], R::command_label(b, &legal[i]));
        }
    }
}

fn heading<R: Present>(b: &Battle<R>, legal: &[R::Command], side: Side, unit: Option<UnitId>) -> String {
    match unit {
        Some(id) => unit_name(b, id),
        None => R::decision(b, legal).map_or_else(|| format!("{}, the whole side", b.sides[side.index()].name), |d| d.prompt),
    }
}

/// What the player may do now, in a few lines: a pending decision's options, else the units that
/// can act (by their cells on the board) and the orders of the whole side, with their codes.
pub fn print_summary<R: Present>(b: &Battle<R>, legal: &[R::Command], side: Side) {
    let side_wide: Vec<&R::Command> = legal.iter().filter(|c| R::command_unit(c).is_none()).collect();
    let mut units: Vec<UnitId> = legal.iter().filter_map(|c| R::command_unit(c)).collect();
    units.sort();
    units.dedup();
    if !units.is_empty() && R::decision(b, legal).is_none() {
        let cells: Vec<String> = units.iter().filter_map(|id| b.unit(*id)).map(|u| format!("{} {}", unit_cell(b, u), u.hex.map_or(String::new(), |h| crate::hex::Offset::from_hex(h).to_string()))).collect();
        let mut line = String::from("Units that can act:");
        for cell in cells {
            if line.len() + cell.len() + 2 > LINE {
                println!("{line}");
                line = String::from("   ");
            }
            line.push_str(&format!(" {cell};"));
        }
        println!("{}", line.trim_end_matches(';'));
    }
    if !side_wide.is_empty() {
        println!("{}", heading(b, legal, side, None));
        let width = side_wide.iter().map(|c| R::command_code(b, c).chars().count()).max().unwrap_or(0).min(CODE_COLUMN);
        for c in side_wide {
            println!("  {:<width$}  {}", R::command_code(b, c), R::command_label(b, c));
        }
    }
    println!("Type a command's code; `list` shows every command with its code, `list {}` one unit's.", units.first().and_then(|id| b.unit(*id)).map_or("H1".to_string(), |u| unit_cell(b, u)));
}

/// The unit whose cell on the board is `cell` (letter case aside), among those on it.
pub fn unit_by_cell<R: Present>(b: &Battle<R>, cell: &str) -> Option<UnitId> {
    b.on_board().find(|u| unit_cell(b, u).eq_ignore_ascii_case(cell.trim())).map(|u| u.id)
}
