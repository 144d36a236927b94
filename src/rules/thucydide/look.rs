//! How Thucydide's pieces look: the counter (armour band, troop type, fire-assault-melee factors,
//! elements left, leader's rank, activated and attacked marks, panic), the unit and terrain cards,
//! the status line and the dice of a combat shown over the defender.

use super::Thucydide;
use super::data::{Armour, Class, Mobility, Rank, tables};
use super::die::Face;
use super::event::{Effect, Event};
use super::state::UnitState;
use super::words;
use crate::battle::look::{Counter, Cue, Die, Line, Rgb, Symbol, Tag, Troop};
use crate::battle::{Battle, Unit, UnitId};
use crate::hex::{Hex, Offset};

type B = Battle<Thucydide>;

const WHITE: Rgb = Rgb(255, 255, 255);
const BLACK: Rgb = Rgb(0, 0, 0);

pub fn armour_colour(a: Armour) -> Rgb {
    match a {
        Armour::Yellow => Rgb(236, 204, 64),
        Armour::Green => Rgb(70, 160, 72),
        Armour::Blue => Rgb(70, 120, 210),
        Armour::Red => Rgb(200, 50, 44),
        Armour::Black => Rgb(24, 24, 24),
    }
}

/// The troop type's map symbol.
pub fn class_troop(c: Class) -> Troop {
    match c {
        Class::Infantry => Troop::Infantry,
        Class::Cavalry => Troop::Cavalry,
        Class::Camelry => Troop::Camelry,
        Class::Chariots => Troop::Chariots,
        Class::Elephants => Troop::Elephants,
        Class::Artillery => Troop::Artillery,
    }
}

/// Units gone and elements lost by a side, for the victory window.
pub fn losses(start: &B, now: &B, side: crate::battle::Side) -> String {
    let ours = |b: &B| b.on_board().filter(|u| u.side == side).map(|u| u32::from(u.state.strength)).collect::<Vec<_>>();
    let (before, after) = (ours(start), ours(now));
    let gone = before.len().saturating_sub(after.len());
    let lost = before.iter().sum::<u32>().saturating_sub(after.iter().sum::<u32>());
    format!("lost {} of {} and {} of {}", words::count(gone as u64, "unit", "units"), before.len(), words::count(u64::from(lost), "element", "elements"), before.iter().sum::<u32>())
}

pub fn status(b: &B) -> Vec<String> {
    let name = |i: usize| &b.sides[i].name;
    vec![format!("{} phase", words::phase(b.global.phase)), format!("Order tokens: {} {} · {} {}", name(0), b.global.order_tokens[0], name(1), b.global.order_tokens[1])]
}

pub const ACTIVATED: Tag = Tag::Dot(Rgb(120, 230, 110));
pub const MOVED: Tag = Tag::Dot(Rgb(190, 215, 255));
pub const FOUGHT: Tag = Tag::Cross(Rgb(250, 200, 80));
pub const LEADER_DISC: Rgb = Rgb(222, 180, 60);
pub const PANIC: Rgb = Rgb(255, 110, 35);

/// The letter of a leader's rank in the corner of his unit's counter.
pub fn rank_letter(r: Rank) -> &'static str {
    match r {
        Rank::CommanderInChief => "C",
        Rank::SubGeneral => "G",
        Rank::Historical => "H",
        Rank::SeniorOfficer => "O",
    }
}

pub fn counter(b: &B, u: &Unit<UnitState>) -> Counter {
    let p = u.state.profile();
    let s = &u.state;
    let mut tags = Vec::new();
    if s.activated && !s.fought {
        tags.push(ACTIVATED);
    }
    if s.moved.is_some() {
        tags.push(MOVED);
    }
    if s.fought {
        tags.push(FOUGHT);
    }
    let corner = b.global.leaders.iter().find(|l| l.unit == Some(u.id)).map(|l| (LEADER_DISC, rank_letter(l.rank).to_string()));
    Counter {
        band: Some(armour_colour(p.armour)),
        symbol: Some(Symbol { troop: class_troop(p.class), shoots: p.fire > 0 }),
        monogram: None,
        name: p.label.clone(),
        factors: format!("{}-{}-{}", p.fire, p.assault, p.melee),
        badge: u.state.strength.to_string(),
        corner,
        tags,
        alert: s.panicked.then(|| (PANIC, "PANIC".to_string())),
        facing: None,
    }
}

pub fn unit_card(b: &B, id: UnitId) -> Vec<Line> {
    let Some(u) = b.unit(id) else { return Vec::new() };
    let p = u.state.profile();
    let mut lines = vec![
        Line::plain(format!("■ {:?} armour · {}", p.armour, words::class(p.class))).coloured(armour_colour(p.armour)),
        Line::heading(format!("{} #{}", p.label, id.0)),
        Line::plain(factors_line(p)),
        Line::plain(format!("Strength {} of {}", u.state.strength, u.state.full_strength)),
    ];
    if !p.traits.is_empty() {
        let traits: Vec<&str> = p.traits.iter().map(|t| words::trait_name(*t)).collect();
        lines.push(Line::plain(format!("Traits: {}", traits.join(", "))));
    }
    let s = &u.state;
    let mut state = Vec::new();
    if s.panicked {
        state.push("panicking".to_string());
    }
    if s.activated {
        state.push("activated".into());
    }
    if let Some(m) = s.moved {
        state.push(words::move_mode(m).to_string());
    }
    if s.fought {
        state.push("has attacked".into());
    }
    if !state.is_empty() {
        lines.push(Line::plain(state.join(", ")));
    }
    for l in b.global.leaders.iter().filter(|l| l.unit == Some(id)) {
        lines.push(Line::plain(format!("Led by {}, {}", l.name, words::rank(l.rank))));
    }
    lines
}

/// The factors as a player reads them: no fire line for troops that do not shoot.
fn factors_line(p: &super::data::Profile) -> String {
    let fire = if p.fire > 0 { format!("Fire {} (range {}) · ", p.fire, words::count(p.range, "hex", "hexes")) } else { String::new() };
    format!("{fire}Assault {} · Melee {} · Move {}", p.assault, p.melee, p.movement)
}

pub fn terrain_card(b: &B, hex: Hex) -> Vec<Line> {
    let t = b.map.at(hex);
    let rule = tables().terrain.ground(t.ground);
    let cost = |m: Mobility| rule.cost(m).map_or("impassable".to_string(), |c| format!("{c}"));
    let mut lines = vec![
        Line::heading(format!("{}{}{} at {}", words::ground(t.ground), if t.road { ", road" } else { "" }, if t.level > 0 { format!(", hill level {}", t.level) } else { String::new() }, Offset::from_hex(hex))),
        Line::plain(format!(
            "Move cost: foot {}, mounted {}, elephants {}, artillery {}{}",
            cost(Mobility::Foot),
            cost(Mobility::Mounted),
            cost(Mobility::Elephant),
            cost(Mobility::Artillery),
            if t.road { " (road: cheaper along it)" } else { "" }
        )),
    ];
    if let Some(limit) = rule.dice_limit {
        lines.push(Line::plain(format!("Combat dice limited to {limit} here")));
    }
    if rule.blocks_sight {
        lines.push(Line::plain("Blocks line of sight"));
    }
    if rule.defender_supported {
        lines.push(Line::plain("A defender here counts as supported"));
    }
    lines
}

/// The faces of a roll above the defender, each bordered by its effect; a unit's way when it moves,
/// falls back, follows up or pursues (read against the battle before the event).
pub fn cue(b: &B, e: &Event) -> Option<Cue> {
    let way = |unit: UnitId, rest: &[Hex]| {
        let from = b.unit(unit)?.hex?;
        Some(Cue::Path { hexes: std::iter::once(from).chain(rest.iter().copied()).collect() })
    };
    let (defender, results) = match e {
        Event::DiceRolled { defender, results, .. } => (defender, results),
        Event::UnitMoved { unit, path, .. } | Event::Retreated { unit, path, .. } => return way(*unit, path),
        Event::FollowedUp { unit, to, .. } | Event::Pursued { unit, to } => return way(*unit, &[*to]),
        _ => return None,
    };
    let over = b.unit(*defender)?.hex?;
    let dice = results
        .iter()
        .map(|r| {
            let (fill, ink) = face_colours(r.face);
            Die { mark: face_mark(r.face).into(), fill, ink, border: effect_border(r.effect) }
        })
        .collect();
    Some(Cue::Dice { over, dice })
}

/// A die's border: what the face did.
pub fn effect_border(e: Effect) -> Rgb {
    match e {
        Effect::Hit => Rgb(220, 40, 30),
        Effect::MoraleHit => Rgb(240, 170, 40),
        Effect::OrderToken => Rgb(90, 160, 240),
        Effect::Miss => Rgb(120, 120, 120),
    }
}

/// A face's colours as printed on the die: the hit faces in their armour colour.
pub fn face_colours(f: Face) -> (Rgb, Rgb) {
    match f {
        Face::GreenHit => (armour_colour(Armour::Green), WHITE),
        Face::BlueHit => (armour_colour(Armour::Blue), WHITE),
        Face::RedHit => (armour_colour(Armour::Red), WHITE),
        _ => (Rgb(250, 248, 240), BLACK),
    }
}

/// A die face as printed: coloured hits, the flag, the order letter, the tactical advantage.
pub fn face_mark(f: Face) -> &'static str {
    match f {
        Face::GreenHit => "G",
        Face::Flag => "F",
        Face::BlueHit => "B",
        Face::OrderLetter => "O",
        Face::RedHit => "R",
        Face::TacticalAdvantage => "TA",
    }
}
