//! Black Powder battles for the integration tests: an open field (with a building where asked), one
//! brigade a side with its commander beside it, started with forced dice, and a command sent with
//! the events it made.

use strategos::battle::ecs::BattleApp;
use strategos::hex::{BoardEdge, Direction, Offset};
use strategos::rules::black_powder::data::Formation;
use strategos::rules::black_powder::setup::{BrigadeSpec, CommanderSpec, Part, UnitSpec};
use strategos::rules::black_powder::{BlackPowder, Command, Event};
use strategos::scenario::{MapSpec, Scenario, Setup, SideSpec};

/// `(id, side, profile, column, row, facing, formation)`
pub type U<'a> = (u32, u8, &'a str, i32, i32, Option<Direction>, Option<Formation>);

/// A 12×12 field of open ground but the hexes listed as `(column, row, token)`; side 0 from the
/// south (facing north), side 1 from the north. Each side's brigade commander (staff 8) stands in
/// the hex of its first unit, its commander-in-chief (staff 9) in the corner behind.
pub fn field(units: &[U], ground: &[(i32, i32, &str)]) -> Scenario {
    let rows = (0..12)
        .map(|r| (0..12).map(|c| ground.iter().find(|(gc, gr, _)| *gc == c && *gr == r).map_or(".".to_string(), |(_, _, t)| t.to_string())).collect::<Vec<_>>().join(" "))
        .collect();
    let specs: Vec<UnitSpec> = units
        .iter()
        .map(|(id, side, profile, c, r, facing, formation)| UnitSpec {
            id: *id,
            side: *side,
            profile: profile.to_string(),
            brigade: u32::from(*side) + 1,
            at: Offset(*c, *r),
            name: None,
            facing: *facing,
            formation: *formation,
            casualties: 0,
            disordered: false,
            stamina: None,
            has_shot: false,
            fought: false,
            tested: false,
            freshly_raised: None,
        })
        .collect();
    let first = |side: u8| specs.iter().find(|u| u.side == side).map_or(Offset(0, 0), |u| u.at);
    let brigades = (0..2u8).map(|s| BrigadeSpec { id: u32::from(s) + 1, side: s, name: format!("brigade {}", s + 1) }).collect();
    let commanders = vec![
        CommanderSpec { id: 1, side: 0, name: "chief 0".into(), staff: 9, brigade: None, at: Offset(0, 11) },
        CommanderSpec { id: 2, side: 1, name: "chief 1".into(), staff: 9, brigade: None, at: Offset(11, 0) },
        CommanderSpec { id: 3, side: 0, name: "brigadier 0".into(), staff: 8, brigade: Some(1), at: first(0) },
        CommanderSpec { id: 4, side: 1, name: "brigadier 1".into(), staff: 8, brigade: Some(2), at: first(1) },
    ];
    Scenario {
        id: "test".into(),
        name: "test".into(),
        ruleset: "black-powder".into(),
        briefing: String::new(),
        turns: 8,
        first_side: 0,
        map: MapSpec { rows, hexsides: Vec::new(), regions: Vec::new() },
        sides: vec![SideSpec { name: "South".into(), edge: BoardEdge::South, colour: None }, SideSpec { name: "North".into(), edge: BoardEdge::North, colour: None }],
        armies: Vec::new(),
        army_files: Vec::new(),
        setup: Setup::of(&Part { brigades, commanders, units: specs, nearest_target_only: None }),
    }
}

pub fn start(units: &[U], ground: &[(i32, i32, &str)], forced: &[u8]) -> BattleApp<BlackPowder> {
    strategos::replay::start::<BlackPowder>(&field(units, ground), 1, forced).unwrap()
}

/// Submits `c` and returns the events it made.
pub fn send(app: &mut BattleApp<BlackPowder>, c: Command) -> Vec<Event> {
    let before = app.events().len();
    app.submit(c.clone()).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    app.events()[before..].to_vec()
}
