//! Swordpoint battles for the integration tests: an open field with a few units and commanders,
//! started with forced dice, and a command sent with the events it made.

use strategos::battle::ecs::BattleApp;
use strategos::hex::{BoardEdge, Direction, Offset};
use strategos::rules::swordpoint::setup::{CommanderSpec, Part, UnitSpec};
use strategos::rules::swordpoint::{Command, Event, Swordpoint};
use strategos::scenario::{MapSpec, Scenario, Setup, SideSpec};

/// `(id, side, profile, column, row, facing)`
pub type U<'a> = (u32, u8, &'a str, i32, i32, Option<Direction>);
/// `(id, side, rank, unit)`
pub type C<'a> = (u32, u8, &'a str, u32);

/// An open 12×10 field, side 0 from the south (facing north), side 1 from the north.
pub fn field(units: &[U], commanders: &[C]) -> Scenario {
    let rows = vec![". . . . . . . . . . . .".to_string(); 10];
    let units = units
        .iter()
        .map(|(id, side, profile, c, r, facing)| UnitSpec { id: *id, side: *side, profile: profile.to_string(), at: Offset(*c, *r), facing: *facing, bases: None, frontage: None, lost: 0, demoralised: false, fleeing: false, disorganised: false })
        .collect();
    let commanders = commanders.iter().map(|(id, side, rank, unit)| CommanderSpec { id: *id, side: *side, name: format!("commander {id}"), rank: rank.to_string(), unit: *unit }).collect();
    Scenario {
        id: "test".into(),
        name: "test".into(),
        ruleset: "swordpoint".into(),
        briefing: String::new(),
        turns: 8,
        first_side: 0,
        map: MapSpec { rows, hexsides: Vec::new(), regions: Vec::new() },
        sides: vec![SideSpec { name: "South".into(), edge: BoardEdge::South, colour: None }, SideSpec { name: "North".into(), edge: BoardEdge::North, colour: None }],
        armies: Vec::new(),
        army_files: Vec::new(),
        setup: Setup::of(&Part { units, commanders, momentum: None, rally_enemies_add_up: false, flight_before_rally: true }),
    }
}

/// `s` started with the dice's first faces forced.
pub fn start_on(s: &Scenario, forced: &[u8]) -> BattleApp<Swordpoint> {
    strategos::replay::start::<Swordpoint>(s, 1, forced).unwrap()
}

pub fn start(units: &[U], commanders: &[C], forced: &[u8]) -> BattleApp<Swordpoint> {
    start_on(&field(units, commanders), forced)
}

/// Submits `c` and returns the events it made.
pub fn send(app: &mut BattleApp<Swordpoint>, c: Command) -> Vec<Event> {
    let before = app.events().len();
    app.submit(c.clone()).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    app.events()[before..].to_vec()
}
