//! The short codes a player types at the terminal for Swordpoint's commands: a verb, then units by
//! id, hexes as column,row and a facing ("m 3 2,5 ne": move unit 3 to column 2, row 5, facing
//! north-east). A code names everything its command holds, so two legal commands never share one.

use super::command::Command;
use super::state::Response;
use crate::battle::UnitId;
use crate::hex::coords;

pub fn code(c: &Command) -> String {
    match c {
        Command::Shoot { shooter, target: Some(t) } => format!("s {} {}", shooter.0, t.0),
        Command::Shoot { shooter, target: None } => format!("s {} -", shooter.0),
        Command::Bid { points } => format!("b {points}"),
        Command::Momentum { combat, points } => format!("p {combat} {points}"),
        Command::Seal => "seal".into(),
        Command::Impetuous { charge } => format!("imp {}", if *charge { "c" } else { "t" }),
        Command::DeclareCharge { charger, target, to } => format!("c {} {} {}", charger.0, target.0, coords::code(*to)),
        Command::Respond { response } => format!("resp {}", response_code(*response)),
        Command::Disengage { unit } => format!("d {}", unit.0),
        Command::EndDeclarations | Command::EndMoves => "end".into(),
        Command::Move { unit, to, facing } => format!("m {} {} {}", unit.0, coords::code(*to), facing.code()),
        Command::Reform { unit, frontage } => format!("r {} {frontage}", unit.0),
        Command::Return { unit, to } => format!("ret {} {}", unit.0, coords::code(*to)),
        Command::Attach { commander, unit } => format!("a {commander} {}", unit.0),
        Command::FollowUp { advance } => format!("fu {}", yes(*advance)),
        Command::Pursue { pursue } => format!("pu {}", yes(*pursue)),
    }
}

/// The unit a command sets moving, shooting or charging, under which the terminal lists it; the
/// sheet's seal, bid and momentum, the answers to a decision and the ends of a step belong to the
/// whole side. A commander's ride is listed under the unit he rides to.
pub fn unit(c: &Command) -> Option<UnitId> {
    match c {
        Command::Shoot { shooter, .. } => Some(*shooter),
        Command::DeclareCharge { charger, .. } => Some(*charger),
        Command::Disengage { unit } | Command::Move { unit, .. } | Command::Reform { unit, .. } | Command::Return { unit, .. } | Command::Attach { unit, .. } => {
            Some(*unit)
        }
        Command::Bid { .. }
        | Command::Momentum { .. }
        | Command::Seal
        | Command::Impetuous { .. }
        | Command::Respond { .. }
        | Command::EndDeclarations
        | Command::EndMoves
        | Command::FollowUp { .. }
        | Command::Pursue { .. } => None,
    }
}

fn response_code(r: Response) -> &'static str {
    match r {
        Response::Hold => "hold",
        Response::Flee => "flee",
        Response::Evade => "evade",
        Response::CounterCharge => "cc",
    }
}

fn yes(answer: bool) -> &'static str {
    if answer { "y" } else { "n" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{Direction, Offset};

    #[test]
    fn codes_name_units_by_id_hexes_by_column_and_row_and_facings_by_compass() {
        let at = |col, row| Offset(col, row).to_hex();
        assert_eq!(code(&Command::Move { unit: UnitId(3), to: at(2, 5), facing: Direction::NE }), "m 3 2,5 ne");
        assert_eq!(code(&Command::DeclareCharge { charger: UnitId(3), target: UnitId(7), to: at(4, 4) }), "c 3 7 4,4");
        assert_eq!(code(&Command::Shoot { shooter: UnitId(3), target: Some(UnitId(7)) }), "s 3 7");
        assert_eq!(code(&Command::Shoot { shooter: UnitId(3), target: None }), "s 3 -");
        assert_eq!(code(&Command::Momentum { combat: 1, points: 3 }), "p 1 3");
        assert_eq!(code(&Command::Return { unit: UnitId(3), to: at(0, 5) }), "ret 3 0,5");
        assert_eq!(code(&Command::Respond { response: Response::CounterCharge }), "resp cc");
        assert_eq!(code(&Command::Impetuous { charge: false }), "imp t");
        assert_eq!(unit(&Command::Seal), None);
        assert_eq!(unit(&Command::Shoot { shooter: UnitId(3), target: None }), Some(UnitId(3)));
    }
}
