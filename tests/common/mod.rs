//! Builders shared by the integration tests: small battles set up from a few lines of text.
#![allow(dead_code)]

pub mod black_powder;
pub mod games;
pub mod mass_battle;
pub mod swidenth;
pub mod swordpoint;

use strategos::battle::{Battle, Ruleset};
use strategos::hex::{BoardEdge, Hex, Offset};
use strategos::rules::thucydide::Thucydide;
use strategos::rules::thucydide::setup::{LeaderSpec, Part, UnitSpec};
use strategos::scenario::{MapSpec, Scenario, Setup, SideSpec};

/// `(id, side, profile, column, row)`
pub type U<'a> = (u32, u8, &'a str, i32, i32);

pub fn scenario(rows: &[&str], units: &[U]) -> Scenario {
    Scenario {
        id: "test".into(),
        name: "test".into(),
        ruleset: "thucydide".into(),
        briefing: String::new(),
        turns: 5,
        first_side: 0,
        map: MapSpec { rows: rows.iter().map(|r| r.to_string()).collect(), hexsides: Vec::new(), regions: Vec::new() },
        sides: vec![
            SideSpec { name: "South".into(), edge: BoardEdge::South, colour: None },
            SideSpec { name: "North".into(), edge: BoardEdge::North, colour: None },
        ],
        armies: Vec::new(),
        army_files: Vec::new(),
        setup: Setup::of(&Part { order_tokens: [0, 0], units: units_of(units), leaders: Vec::new() }),
    }
}

fn units_of(units: &[U]) -> Vec<UnitSpec> {
    units
            .iter()
            .map(|(id, side, profile, c, r)| UnitSpec {
                id: *id,
                side: *side,
                profile: profile.to_string(),
                at: Offset(*c, *r),
                strength: None,
                facing: None,
            })
        .collect()
}

pub fn with_leader(mut s: Scenario, id: u32, side: u8, rank: &str, unit: u32) -> Scenario {
    let mut part: Part = s.setup.read().expect("a test scenario's part");
    part.leaders.push(LeaderSpec { id, side, name: format!("leader {id}"), rank: rank.into(), unit });
    s.setup = Setup::of(&part);
    s
}

pub fn battle(rows: &[&str], units: &[U]) -> Battle<Thucydide> {
    Thucydide::setup(&scenario(rows, units)).expect("test scenario sets up")
}

/// An open map of `w` columns by `h` rows.
pub fn open(w: usize, h: usize) -> Vec<String> {
    (0..h).map(|_| vec!["."; w].join(" ")).collect()
}

pub fn hex(c: i32, r: i32) -> Hex {
    Offset(c, r).to_hex()
}

pub fn load_bundled(id: &str) -> Scenario {
    strategos::scenario::find_bundled(id).expect("bundled scenario")
}

/// Distinct colours among a sample of a PNG's pixels: a blank or single-colour image has one or two.
pub fn distinct_colours(path: &std::path::Path) -> usize {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("sized")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let bytes = &buf[..info.buffer_size()];
    let px = info.color_type.samples();
    let mut seen = std::collections::HashSet::new();
    for chunk in bytes.chunks(px).step_by(97) {
        seen.insert(chunk.to_vec());
    }
    seen.len()
}
