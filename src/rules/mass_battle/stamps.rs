//! The siege's marks on the ground (l. 173-206): each gate, each breach and its rubble, each tower,
//! and the work done so far on a gate or wall hex, drawn on the board where they stand.

use super::MassBattle;
use crate::battle::Battle;
use crate::battle::look::{Rgb, Stamp};

const GATE: Rgb = Rgb(235, 175, 60);
const BREACH: Rgb = Rgb(230, 70, 50);
const TOWER: Rgb = Rgb(205, 205, 215);
const WORK: Rgb = Rgb(250, 140, 60);

pub fn stamps(b: &Battle<MassBattle>) -> Vec<Stamp> {
    let Some(s) = &b.global.siege else { return Vec::new() };
    let mut out = Vec::new();
    for hex in &s.gates {
        let word = if s.breaches.contains(hex) { "GATE BROKEN" } else { "GATE" };
        out.push(Stamp { hex: *hex, word: word.into(), colour: GATE, rubble: false });
    }
    for hex in s.breaches.iter().filter(|h| !s.gates.contains(h)) {
        out.push(Stamp { hex: *hex, word: "BREACH".into(), colour: BREACH, rubble: true });
    }
    for t in s.towers.iter().filter(|t| !s.breaches.contains(&t.hex)) {
        out.push(Stamp { hex: t.hex, word: "TOWER".into(), colour: TOWER, rubble: false });
    }
    for r in s.rams.iter().filter(|r| !s.breaches.contains(&r.hex) && r.done > 0) {
        out.push(Stamp { hex: r.hex, word: format!("{}/{}", r.done, r.needs), colour: WORK, rubble: false });
    }
    for w in s.work.iter().filter(|w| !s.breaches.contains(&w.hex) && w.points > 0) {
        out.push(Stamp { hex: w.hex, word: format!("{} pts", w.points), colour: WORK, rubble: false });
    }
    out
}
