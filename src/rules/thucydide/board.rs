//! What the board means in Thucydide: what a click asks for given the legal commands and the
//! selected unit, what is marked for a selection (reach, targets, the hexes a decision picks, the
//! line of sight), the buttons of a pending decision and of a unit's activation, and the odds shown
//! before an attack.

use super::Thucydide;
use super::combat::{cannot_attack, enemies_adjacent};
use super::command::Command;
use super::describe;
use super::movement;
use super::odds::attack_odds;
use super::sight::Sight;
use super::state::{MoveMode, Phase, Step};
use super::words;
use crate::battle::look::{Decision, Intent, Line, Marks, Preview, SightLine};
use crate::battle::{Battle, Ruleset, UnitId};
use crate::hex::Hex;

type B = Battle<Thucydide>;

/// Rolls sampled for the odds shown before an attack.
pub const ODDS_SAMPLES: u32 = 2000;

/// The meaning of a click on `hex`. `attack_order` is held by a modifier key (Shift).
pub fn click(b: &B, legal: &[Command], selected: Option<UnitId>, hex: Hex, attack_order: bool) -> Intent<Command> {
    let on_hex = b.unit_at(hex).map(|u| u.id);
    let send = |command: Command| Intent::Send { deselect: matches!(command, Command::Attack { .. }), command };
    // A pending decision: the hex picks among its options.
    if !b.global.agenda.is_empty() {
        let pick = legal.iter().find(|c| match c {
            Command::Retreat { path } => path.last() == Some(&hex),
            Command::Pursue { to: Some(to), target: None, .. } => *to == hex,
            Command::Charge { target } | Command::Pursue { to: None, target: Some(target), .. } => Some(*target) == on_hex,
            Command::Refuge { unit } => Some(*unit) == on_hex,
            _ => false,
        });
        return pick.cloned().map_or(Intent::Nothing, send);
    }
    if let Some(unit) = on_hex {
        if legal.iter().any(|c| matches!(c, Command::Redeploy { unit: u } if *u == unit)) {
            return send(Command::Redeploy { unit });
        }
        if let Some(attacker) = selected {
            let attack = Command::Attack { attacker, target: unit, attack_order };
            if legal.contains(&attack) {
                return send(attack);
            }
        }
        let deciding = Thucydide::deciding_side(b);
        return match b.unit(unit) {
            Some(u) if Some(u.side) == deciding && selected == Some(unit) => Intent::Deselect,
            Some(u) if Some(u.side) == deciding => Intent::Select(unit),
            _ => Intent::Nothing,
        };
    }
    let Some(unit) = selected else { return Intent::Nothing };
    plainest_move(legal, unit, hex).map_or(Intent::Deselect, |mode| send(Command::Move { unit, to: hex, mode }))
}

/// The plainest legal way for `unit` to move to `to`: a normal move before a road march or a
/// mounted move (what a click sends, and the way the board draws for it).
fn plainest_move(legal: &[Command], unit: UnitId, to: Hex) -> Option<MoveMode> {
    [MoveMode::Normal, MoveMode::RoadMarch, MoveMode::Mounted].into_iter().find(|mode| legal.contains(&Command::Move { unit, to, mode: *mode }))
}

/// Hexes the selected unit may move to, the units it may attack, the hexes a pending decision
/// picks, and the line of sight to a hovered target.
pub fn marks(b: &B, legal: &[Command], selected: Option<UnitId>, hovered: Option<Hex>) -> Marks {
    let mut marks = Marks::default();
    let hex_of = |u: UnitId| b.unit(u).and_then(|u| u.hex);
    for c in legal {
        match c {
            Command::Move { unit, to, .. } if Some(*unit) == selected && !marks.reach.contains(to) => marks.reach.push(*to),
            Command::Attack { attacker, target, .. } if Some(*attacker) == selected => {
                if let Some(h) = hex_of(*target).filter(|h| !marks.targets.contains(h)) {
                    marks.targets.push(h);
                }
            }
            Command::Retreat { path } => marks.picks.extend(path.last().copied().filter(|h| b.map.contains(*h))),
            Command::Pursue { to: Some(h), target: None, .. } => marks.picks.push(*h),
            Command::Charge { target } | Command::Refuge { unit: target } | Command::Redeploy { unit: target } => marks.picks.extend(hex_of(*target)),
            _ => {}
        }
    }
    if let Some(unit) = selected {
        let moves_to = |hex: &Hex, mode: MoveMode| legal.contains(&Command::Move { unit, to: *hex, mode });
        marks.restricted = marks.reach.iter().filter(|h| !moves_to(h, MoveMode::Normal) && moves_to(h, MoveMode::RoadMarch)).copied().collect();
        if !marks.restricted.is_empty() {
            marks.restriction = Some("road march only: no combat this turn".into());
        }
        marks.way = hovered.filter(|h| marks.reach.contains(h)).and_then(|h| way(b, legal, unit, h));
    }
    if !legal.is_empty() {
        marks.focus = focus(b);
    }
    if let (Some(from), Some(to)) = (selected.and_then(hex_of), hovered.filter(|h| marks.targets.contains(h))) {
        marks.sight = Some(SightLine { from, to, clear: Sight::new(b).clear(from, to) });
    }
    marks
}

/// The way a click on `to` would move the unit (by `plainest_move`, as `click` does), from
/// its hex, and its cost against what the unit had.
fn way(b: &B, legal: &[Command], unit: UnitId, to: Hex) -> Option<(Vec<Hex>, String)> {
    let mode = plainest_move(legal, unit, to)?;
    let (path, cost, had) = movement::move_way(b, unit, mode, to)?;
    let from = b.unit(unit)?.hex?;
    let how = match mode {
        MoveMode::Normal => String::new(),
        MoveMode::RoadMarch => " by road march: no combat this turn".into(),
        MoveMode::Mounted => " mounted: no combat this turn".into(),
    };
    Some((std::iter::once(from).chain(path).collect(), format!("{cost} of {had} movement{how}")))
}

/// The decision on top of the agenda, with the combat or the unit it concerns.
/// Why the selected unit cannot attack the enemy in `hex` now, by the rules' own tests in their
/// order: the phase, the unit itself ("Ordre des combats", the movement bans), then the target
/// ("Choix des cibles": an enemy adjacent allows melee only; range; line of sight).
pub fn why_not(b: &B, legal: &[Command], unit: UnitId, hex: Hex) -> Option<String> {
    let u = b.unit(unit)?;
    let from = u.hex?;
    let enemy = b.unit_at(hex).filter(|e| e.side != u.side)?;
    if !b.global.agenda.is_empty() || legal.iter().any(|c| matches!(c, Command::Attack { attacker, target, .. } if *attacker == unit && *target == enemy.id)) {
        return None;
    }
    if b.global.phase != Phase::Combat {
        return Some("Attacks are made in the combat phase".into());
    }
    if let Some(reason) = cannot_attack(b, u) {
        return Some(format!("Cannot attack: {reason}"));
    }
    let p = u.state.profile();
    let distance = from.unsigned_distance_to(hex);
    let adjacent: Vec<String> = enemies_adjacent(b, u.side, from).map(|e| format!("#{}", e.id.0)).collect();
    Some(if distance == 1 {
        "Cannot fight in melee: no assault or melee factor".into()
    } else if !adjacent.is_empty() {
        format!("An enemy is adjacent ({}): melee only (Choix des cibles)", adjacent.join(", "))
    } else if p.fire == 0 || p.range < 2 {
        "This unit does not shoot".into()
    } else if distance > u32::from(p.range) {
        format!("Out of range: {} away, range {}", words::count(distance, "hex", "hexes"), p.range)
    } else if !Sight::new(b).clear(from, hex) {
        "No line of sight: units, woods, buildings or a hill in between (Ligne de mire)".into()
    } else {
        "Cannot attack it now".into()
    })
}

pub fn decision(b: &B, legal: &[Command]) -> Option<Decision<Command>> {
    let step = b.global.agenda.last()?;
    Some(Decision { prompt: describe::decision_prompt(b, step), options: legal.to_vec() })
}

/// The hexes a pending decision is about.
fn focus(b: &B) -> Vec<Hex> {
    let hex_of = |u: UnitId| b.unit(u).and_then(|u| u.hex);
    match b.global.agenda.last() {
        Some(Step::Defence(c) | Step::FollowUp(c) | Step::Riposte(c)) => [hex_of(c.attacker), hex_of(c.defender)].into_iter().flatten().collect(),
        Some(Step::Retreat { unit, .. } | Step::Pursuit { unit } | Step::PanicFlight { unit, .. }) => hex_of(*unit).into_iter().collect(),
        Some(Step::LeaderFlight { from, .. }) => vec![*from],
        _ => Vec::new(),
    }
}

/// The activation with an order token, which no click gives.
pub fn unit_orders(legal: &[Command], unit: UnitId) -> Vec<Command> {
    legal.iter().filter(|c| matches!(c, Command::Activate { unit: u } if *u == unit)).cloned().collect()
}

/// The odds of an attack without an attack order, sampled through the rules.
pub fn preview(b: &B, c: &Command) -> Option<Preview> {
    let Command::Attack { attacker, target, attack_order: false } = c else { return None };
    let odds = attack_odds(b, *attacker, *target, false, ODDS_SAMPLES);
    Some(Preview {
        lines: vec![
            Line::heading("If you attack:"),
            Line::plain(format!("Expected losses inflicted: {:.2}", odds.expected_losses)),
            Line::plain(format!("Chance the target falls back: {:.0}%", odds.retreat * 100.0)),
            Line::plain(format!("Chance to destroy it: {:.0}%", odds.destroyed * 100.0)),
            Line::plain(format!("Expected losses to its riposte: {:.2}", odds.riposte_losses)),
            Line::small(format!("({} rolls through the rules, the defender giving no defence order and riposting when it can; Shift-click for an attack order)", odds.samples)),
        ],
    })
}
