//! The legal commands as the terminal lists them: under the unit that carries each out (the others
//! under the pending decision, or the side), each with its number in the legal list and the code a
//! player may type instead.

use super::board::unit_name;
use crate::battle::{Battle, Present, Side, UnitId};

/// The width of the codes' column: a longer code (a long way back) pushes its own label along
/// rather than every label.
const CODE_COLUMN: usize = 14;

pub fn print_commands<R: Present>(b: &Battle<R>, legal: &[R::Command], side: Side) {
    let mut groups: Vec<(Option<UnitId>, Vec<usize>)> = Vec::new();
    for (i, c) in legal.iter().enumerate() {
        let unit = R::command_unit(c);
        match groups.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, members)) => members.push(i),
            None => groups.push((unit, vec![i])),
        }
    }
    let codes: Vec<String> = legal.iter().map(|c| R::command_code(b, c)).collect();
    let code_width = codes.iter().map(|c| c.chars().count()).max().unwrap_or(0).min(CODE_COLUMN);
    let number_width = format!("[{}]", legal.len().saturating_sub(1)).len();
    for (unit, members) in &groups {
        let heading = match unit {
            Some(id) => unit_name(b, *id),
            None => R::decision(b, legal).map_or_else(|| format!("{}, the whole side", b.sides[side.index()].name), |d| d.prompt),
        };
        println!("{heading}");
        for &i in members {
            let number = format!("[{i}]");
            println!("  {number:<number_width$} {:<code_width$}  {}", codes[i], R::command_label(b, &legal[i]));
        }
    }
}
