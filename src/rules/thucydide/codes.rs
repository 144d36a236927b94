//! The short codes a player types at the terminal for Thucydide's commands: a verb, then the units
//! by id and the hexes as column,row ("m 3 2,5": move unit 3 to column 2, row 5). A code names
//! everything its command holds, so two legal commands never share one.

use super::command::Command;
use super::state::MoveMode;
use crate::battle::UnitId;
use crate::hex::coords;

pub fn code(c: &Command) -> String {
    match c {
        Command::Move { unit, to, mode } => {
            let verb = match mode {
                MoveMode::Normal => "m",
                MoveMode::RoadMarch => "rm",
                MoveMode::Mounted => "mm",
            };
            format!("{verb} {} {}", unit.0, coords::code(*to))
        }
        Command::Activate { unit } => format!("a {}", unit.0),
        Command::Attack { attacker, target, attack_order } => format!("{} {} {}", with_order("f", *attack_order), attacker.0, target.0),
        Command::Defend { defence_order } => format!("d {}", yes(*defence_order)),
        Command::Retreat { path } if path.is_empty() => "r -".into(),
        Command::Retreat { path } => format!("r {}", path.iter().map(|h| coords::code(*h)).collect::<Vec<_>>().join(" ")),
        Command::FollowUp { advance } => format!("fu {}", yes(*advance)),
        Command::Pursue { to, target, attack_order } => {
            let verb = with_order("p", *attack_order);
            let to = to.map_or_else(|| "-".to_string(), coords::code);
            match target {
                Some(t) => format!("{verb} {to} {}", t.0),
                None => format!("{verb} {to}"),
            }
        }
        Command::Riposte { strike } => format!("rip {}", yes(*strike)),
        Command::Refuge { unit } => format!("ref {}", unit.0),
        Command::Charge { target } => format!("ch {}", target.0),
        Command::Redeploy { unit } => format!("rd {}", unit.0),
        Command::EndPhase => "e".into(),
    }
}

/// The unit a command sets moving or fighting. A refuge, a panicking elephant's charge and a
/// redeployment name a unit that receives rather than acts, and belong with the decision or the
/// side's orders.
pub fn unit(c: &Command) -> Option<UnitId> {
    match c {
        Command::Move { unit, .. } | Command::Activate { unit } => Some(*unit),
        Command::Attack { attacker, .. } => Some(*attacker),
        _ => None,
    }
}

fn yes(answer: bool) -> &'static str {
    if answer { "y" } else { "n" }
}

fn with_order(verb: &str, attack_order: bool) -> String {
    if attack_order { format!("{verb}+") } else { verb.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Offset;
    use crate::rules::thucydide::Thucydide;
    use std::collections::HashSet;

    #[test]
    fn codes_name_units_by_id_and_hexes_by_column_and_row() {
        let at = |col, row| Offset(col, row).to_hex();
        assert_eq!(code(&Command::Move { unit: UnitId(3), to: at(2, 5), mode: MoveMode::Normal }), "m 3 2,5");
        assert_eq!(code(&Command::Move { unit: UnitId(3), to: at(2, 5), mode: MoveMode::RoadMarch }), "rm 3 2,5");
        assert_eq!(code(&Command::Attack { attacker: UnitId(3), target: UnitId(15), attack_order: true }), "f+ 3 15");
        assert_eq!(code(&Command::Retreat { path: vec![at(2, 5), at(2, 6)] }), "r 2,5 2,6");
        assert_eq!(code(&Command::Retreat { path: Vec::new() }), "r -");
        assert_eq!(code(&Command::Pursue { to: None, target: Some(UnitId(15)), attack_order: false }), "p - 15");
        assert_eq!(code(&Command::Pursue { to: Some(at(2, 5)), target: None, attack_order: false }), "p 2,5");
        assert_eq!(code(&Command::EndPhase), "e");
    }

    #[test]
    fn the_legal_commands_never_share_a_code() {
        let scenario = crate::scenario::find_bundled("thucydide-first-clash").expect("a bundled scenario");
        for seed in 1..=3 {
            crate::sim::play_game::<Thucydide>(&scenario, seed, |app| {
                let legal = app.legal_commands();
                let codes: HashSet<String> = legal.iter().map(code).collect();
                assert_eq!(codes.len(), legal.len(), "seed {seed}: codes shared among {legal:?}");
            })
            .expect("a random game plays to its end");
        }
    }
}
