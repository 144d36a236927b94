//! Swidenth battles for the integration tests: an open 24x24 field (other ground where asked),
//! figures of the two sample warbands placed by axial hex, started with forced dice, and a
//! command sent with the events it made.

use strategos::battle::ecs::BattleApp;
use strategos::battle::UnitId;
use strategos::hex::{BoardEdge, Direction, Hex, Offset};
use strategos::rules::swidenth::data::Trait;
use strategos::rules::swidenth::setup::{FigureSpec, Part};
use strategos::rules::swidenth::{Command, Swidenth};
use strategos::scenario::{MapSpec, Scenario, Setup, SideSpec};

/// The field's size, in hexes a side.
const SIZE: i32 = 24;

/// The middle of the field, as an axial hex.
pub fn middle() -> Hex {
    Offset(SIZE / 2, SIZE / 2).to_hex()
}

/// `n` steps from `from` toward `d`.
pub fn toward(from: Hex, d: Direction, n: u32) -> Hex {
    (0..n).fold(from, |h, _| d.step(h))
}

/// `(id, side, figure name, hex)`: side 0 from the Patrouille, side 1 from the Pillards.
pub type F<'a> = (u32, u8, &'a str, Hex);

pub fn field(figures: &[F], ground: &[(Hex, &str)]) -> Scenario {
    field_with(figures, ground, &[])
}

/// `field`, with special rules added to some figures: `(id, trait)`.
pub fn field_with(figures: &[F], ground: &[(Hex, &str)], traits: &[(u32, Trait)]) -> Scenario {
    let rows = (0..SIZE)
        .map(|r| (0..SIZE).map(|c| ground.iter().find(|(h, _)| Offset::from_hex(*h) == Offset(c, r)).map_or(".".to_string(), |(_, t)| t.to_string())).collect::<Vec<_>>().join(" "))
        .collect();
    let units = figures
        .iter()
        .map(|(id, side, figure, hex)| FigureSpec {
            id: *id,
            side: *side,
            band: if *side == 0 { "swidenth-patrol" } else { "black-vale-raiders" }.to_string(),
            figure: figure.to_string(),
            at: Offset::from_hex(*hex),
            name: None,
            traits: traits.iter().filter(|(t, _)| t == id).map(|(_, t)| *t).collect(),
            vitalite: None,
            stuns: 0,
            dropped_main: false,
            dropped_off: false,
            unloaded: false,
            camouflaged: false,
        })
        .collect();
    Scenario {
        id: "test".into(),
        name: "test".into(),
        ruleset: "swidenth".into(),
        briefing: String::new(),
        turns: 8,
        first_side: 0,
        map: MapSpec { rows, hexsides: Vec::new(), regions: Vec::new() },
        sides: vec![SideSpec { name: "Patrouille".into(), edge: BoardEdge::South, colour: None }, SideSpec { name: "Pillards".into(), edge: BoardEdge::North, colour: None }],
        armies: Vec::new(),
        army_files: Vec::new(),
        setup: Setup::of(&Part { units, doors: Vec::new(), levers: Vec::new(), horrible_costs_two: false, wound_stuns: true }),
    }
}

/// A battle on `field`, its dice forced to `forced` first (the first face is the initiative's
/// d20: 11+ gives side 0 the turn's first phase).
pub fn start(figures: &[F], ground: &[(Hex, &str)], forced: &[u8]) -> BattleApp<Swidenth> {
    strategos::replay::start::<Swidenth>(&field(figures, ground), 1, forced).unwrap()
}

/// Submits `c` and returns the events it made.
pub fn send(app: &mut BattleApp<Swidenth>, c: Command) -> Vec<strategos::rules::swidenth::Event> {
    let before = app.events().len();
    app.submit(c.clone()).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    app.events()[before..].to_vec()
}

pub fn id(n: u32) -> UnitId {
    UnitId(n)
}
