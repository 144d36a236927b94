//! Mass battles for the integration tests: a small field or walled town written as a scenario,
//! opened, and both sides' orders sealed with forced dice.

use strategos::battle::{Battle, Dice, Ruleset, UnitId};
use strategos::rules::mass_battle::event::{Attack, TestKind};
use strategos::rules::mass_battle::state::Order;
use strategos::rules::mass_battle::{Command, Event, MassBattle};

pub type B = Battle<MassBattle>;

/// A 10 x 10 open field with these units: (id, side, army's unit name, column, row).
pub fn field(units: &[(u32, u8, &str, i32, i32)]) -> B {
    field_led(units, "None, None")
}

/// The same, with the commanders-in-chief given as the scenario writes them.
pub fn field_led(units: &[(u32, u8, &str, i32, i32)], commanders: &str) -> B {
    let rows: Vec<String> = (0..10).map(|_| vec!["."; 10].join(" ")).collect();
    opened(&rows, "", 8, units, &format!("commanders: [{commanders}]"))
}

/// A battle opened on a scenario written for the test: its map rows and regions, its length in
/// sequences, its units (the Ost on side 0, the Horde on side 1) and the rest of its setup.
pub fn opened(rows: &[String], regions: &str, turns: u32, units: &[(u32, u8, &str, i32, i32)], setup: &str) -> B {
    open(&written(rows, regions, turns, units, setup))
}

/// The scenario text `opened` opens.
pub fn written(rows: &[String], regions: &str, turns: u32, units: &[(u32, u8, &str, i32, i32)], setup: &str) -> String {
    let army = |side: u8| {
        if side == 0 {
            "ost-de-swidenth"
        } else {
            "horde-du-val-noir"
        }
    };
    let units: Vec<String> = units
        .iter()
        .map(|(id, side, unit, c, r)| {
            format!(
                "(id: {id}, side: {side}, army: \"{}\", unit: \"{unit}\", at: ({c}, {r}))",
                army(*side)
            )
        })
        .collect();
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        "Scenario(id: \"t\", name: \"t\", ruleset: \"mass-battle\", turns: {turns}, first_side: 0, map: (rows: [{}], regions: [{regions}]), sides: [(name: \"Ost\", edge: South), (name: \"Horde\", edge: North)], setup: (units: [{}], {setup}))",
        rows.join(", "),
        units.join(", ")
    )
}

/// A battle set up from a scenario's text and opened.
pub fn open(text: &str) -> B {
    start(&strategos::scenario::parse(text).unwrap())
}

/// The battle of scenario `s`, set up and opened.
pub fn start(s: &strategos::scenario::Scenario) -> B {
    let mut b = MassBattle::setup(s).unwrap_or_else(|e| panic!("{}: {}", e.path(), e.message));
    for e in MassBattle::open(&b, &mut Dice::new(0)) {
        MassBattle::apply(&mut b, &e);
    }
    b
}

/// The orders unit `id` may be given now.
pub fn orders(b: &B, id: u32) -> Vec<Order> {
    strategos::rules::mass_battle::legal::legal_orders(b, b.unit(UnitId(id)).expect("a unit"))
}

/// Resolves a legal command and applies its events.
pub fn submit(b: &mut B, command: Command, dice: &mut Dice) -> Vec<Event> {
    let events =
        MassBattle::resolve(b, &command, dice).unwrap_or_else(|e| panic!("{command:?}: {e}"));
    for e in &events {
        MassBattle::apply(b, e);
    }
    events
}

/// Gives both sides' orders and seals, the dice showing `faces`; the events of the sequence.
pub fn sequence(b: &mut B, orders: &[(u32, Order)], faces: &[u8]) -> Vec<Event> {
    let mut dice = Dice::with_forced(0, faces);
    let mut all = Vec::new();
    // Each side in the order the battle asks them (the besieger first in a siege).
    for _ in 0..2 {
        let side = MassBattle::deciding_side(b).expect("a side to give orders");
        let mine: Vec<Command> = orders
            .iter()
            .filter(|(id, _)| b.unit(UnitId(*id)).is_some_and(|u| u.side == side))
            .map(|(id, o)| Command::Give {
                unit: UnitId(*id),
                order: o.clone(),
            })
            .collect();
        for c in mine.into_iter().chain([Command::Seal]) {
            all.extend(submit(b, c, &mut dice));
        }
    }
    all
}

pub fn attacks(events: &[Event]) -> Vec<&Attack> {
    events
        .iter()
        .filter_map(|e| {
            if let Event::Attacked(a) = e {
                Some(a)
            } else {
                None
            }
        })
        .collect()
}

/// A morale test: (unit, kind, faces, passed, each factor's rule and value).
pub type Test = (UnitId, TestKind, (u8, u8), bool, Vec<(&'static str, i8)>);

/// Each morale test of `events`.
pub fn morale_tests(events: &[Event]) -> Vec<Test> {
    events
        .iter()
        .filter_map(|e| {
            if let Event::MoraleTest { unit, kind, faces, passed, factors, .. } = e {
                Some((*unit, *kind, *faces, *passed, factors.iter().map(|f| (f.rule, f.value)).collect()))
            } else {
                None
            }
        })
        .collect()
}

/// A walled town on a 10 x 10 field: the north wall (row 3, columns 3-6) is the section "Nord",
/// the town's inside row 4; the Horde besieges from the north.
pub fn town(units: &[(u32, u8, &str, i32, i32)]) -> B {
    let mut rows: Vec<String> = (0..10).map(|_| vec!["."; 10].join(" ")).collect();
    rows[3] = ". . . x x x x . . .".into();
    let walls = "(name: \"Nord\", kind: Section, hexes: [(3, 3), (4, 3), (5, 3), (6, 3)])";
    opened(
        &rows,
        walls,
        12,
        units,
        "siege: Some((besieger: 1, inside: [(3, 4), (4, 4), (5, 4), (6, 4)]))",
    )
}


/// A walled town besieged by the Ost from the south on a 12 x 12 field: its south wall (row 6,
/// columns 3-8) is the section "Sud" with a gate at (5, 6); the inside is rows 4-5, columns 3-8;
/// `siege` adds to the siege's fields (supplies).
pub fn castle(units: &[(u32, u8, &str, i32, i32)], siege: &str) -> B {
    open(&castle_written(units, siege, ""))
}

/// The scenario text `castle` opens, `more` added to its setup.
pub fn castle_written(units: &[(u32, u8, &str, i32, i32)], siege: &str, more: &str) -> String {
    let mut rows: Vec<String> = (0..12).map(|_| vec!["."; 12].join(" ")).collect();
    rows[6] = ". . . x x x x x x . . .".into();
    let regions = "(name: \"Sud\", kind: Section, hexes: [(3, 6), (4, 6), (5, 6), (6, 6), (7, 6), (8, 6)]), (name: \"Porte\", kind: Gate, hexes: [(5, 6)])";
    let inside: Vec<String> = (4..6).flat_map(|r| (3..9).map(move |c| format!("({c}, {r})"))).collect();
    written(&rows, regions, 12, units, &format!("siege: Some((besieger: 0, inside: [{}]{siege})){more}", inside.join(", ")))
}
