//! Builders shared by the integration tests: small battles set up from a few lines of text.
#![allow(dead_code)]

use strategos::battle::{Battle, Ruleset};
use strategos::hex::{BoardEdge, Hex, Offset};
use strategos::rules::thucydide::Thucydide;
use strategos::scenario::{LeaderSpec, MapSpec, Scenario, SideSpec, UnitSpec};

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
        map: MapSpec { rows: rows.iter().map(|r| r.to_string()).collect() },
        sides: vec![
            SideSpec { name: "South".into(), edge: BoardEdge::South, order_tokens: 0 },
            SideSpec { name: "North".into(), edge: BoardEdge::North, order_tokens: 0 },
        ],
        units: units
            .iter()
            .map(|(id, side, profile, c, r)| UnitSpec {
                id: *id,
                side: *side,
                profile: profile.to_string(),
                at: Offset(*c, *r),
                strength: None,
                facing: None,
            })
            .collect(),
        leaders: Vec::new(),
    }
}

pub fn with_leader(mut s: Scenario, id: u32, side: u8, rank: &str, unit: u32) -> Scenario {
    s.leaders.push(LeaderSpec { id, side, name: format!("leader {id}"), rank: rank.into(), unit });
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
