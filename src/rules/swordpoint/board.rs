//! What the board means in Swordpoint: what a click asks for given the legal commands and the
//! selected unit (a move, a charge, a shooting target, momentum for a combat, a return, the hex a
//! decision picks), what is marked for a selection, why a click would do nothing, the buttons of a
//! pending decision and of a sealed sheet, a unit's own orders, and the dice shown over the board.

use super::Swordpoint;
use super::command::Command;
use super::data::{Award, tables};
use super::describe::{at, combat_name, name, side_name};
use super::look::sealed;
use super::movement;
use super::shooting;
use super::state::{Phase, Step};
use super::words::count;
use crate::battle::look::{Cue, Decision, Die, Intent, Marks, Rgb, SightLine};
use crate::battle::{Battle, Ruleset, Side, UnitId};
use crate::hex::{Direction, Hex, Offset, Sector};

type B = Battle<Swordpoint>;

/// A die's border: a hit, a failed test or save; a miss; a test passed or a save made.
pub const HIT: Rgb = Rgb(220, 40, 30);
pub const MISS: Rgb = Rgb(120, 120, 120);
pub const PASSED: Rgb = Rgb(60, 170, 70);
/// A die's fill: ivory for to-hit dice and tests, blue for saves.
pub const IVORY: Rgb = Rgb(250, 248, 240);
pub const SAVE_FILL: Rgb = Rgb(200, 220, 250);
const INK: Rgb = Rgb(0, 0, 0);

fn hex_of(b: &B, unit: UnitId) -> Option<Hex> {
    b.unit(unit).and_then(|u| u.hex)
}

/// The momentum the deciding side's sheet puts into a combat.
fn sheet_points(b: &B, side: Side, combat: u32) -> u8 {
    b.global.sheets[side.index()].momentum.iter().find(|(c, _)| *c == combat).map_or(0, |(_, p)| *p)
}

/// The facing a click on `to` gives the unit's move: its own facing where a move keeps it, else
/// the way its last step goes (a wheel); `turn` (Shift) prefers the wheel.
fn chosen_facing(b: &B, legal: &[Command], unit: UnitId, to: Hex, turn: bool) -> Option<Direction> {
    let u = b.unit(unit)?;
    let facings: Vec<Direction> = legal
        .iter()
        .filter_map(|c| match c {
            Command::Move { unit: m, to: t, facing } if *m == unit && *t == to => Some(*facing),
            _ => None,
        })
        .collect();
    let keep = facings.contains(&u.facing).then_some(u.facing);
    if !turn && keep.is_some() {
        return keep;
    }
    // The way of the last step, which only a search of the move finds: looked for when needed.
    let start = u.hex?;
    let wheel = facings.iter().find_map(|f| {
        let path = movement::move_path(b, unit, to, *f)?;
        let before = path.len().checked_sub(2).map_or(start, |i| path[i]);
        Direction::between(before, *path.last()?)
    });
    wheel.filter(|d| facings.contains(d)).or(keep).or_else(|| facings.first().copied())
}

/// The charges of `charger` at `target` in the order a click takes them: the nearest end hex
/// first; Shift takes the next.
fn charge_ends(b: &B, legal: &[Command], charger: UnitId, target: UnitId) -> Vec<Hex> {
    let from = hex_of(b, charger);
    let mut ends: Vec<Hex> = legal
        .iter()
        .filter_map(|c| match c {
            Command::DeclareCharge { charger: by, target: t, to } if *by == charger && *t == target => Some(*to),
            _ => None,
        })
        .collect();
    ends.sort_by_key(|h| (from.map_or(0, |f| f.unsigned_distance_to(*h)), crate::hex::hex_key(*h)));
    ends
}

/// The meaning of a click on `hex`; `modifier` (Shift) picks the variant: the other end hex of a
/// charge, a move that wheels to the way it went, a point of momentum taken back.
pub fn click(b: &B, legal: &[Command], selected: Option<UnitId>, hex: Hex, modifier: bool) -> Intent<Command> {
    let on_hex = b.unit_at(hex).map(|u| u.id);
    let send = |command: Command| Intent::Send { command, deselect: true };
    if let Some(step) = b.global.agenda.last() {
        let pick = match step {
            Step::FollowUp { into, .. } if *into == hex => Some(Command::FollowUp { advance: true }),
            Step::Pursue { fleeing, .. } if Some(*fleeing) == on_hex => Some(Command::Pursue { pursue: true }),
            _ => None,
        };
        return pick.filter(|c| legal.contains(c)).map_or(Intent::Nothing, send);
    }
    let deciding = Swordpoint::deciding_side(b);
    if b.global.phase == Phase::CombatMomentum {
        let combat = on_hex.and_then(|u| b.global.combat_of(u)).map(|c| c.id);
        if let (Some(combat), Some(side)) = (combat, deciding) {
            let now = sheet_points(b, side, combat);
            let command = Command::Momentum { combat, points: now + 1 };
            return Some(command).filter(|c| legal.contains(c)).map_or(Intent::Nothing, |command| Intent::Send { command, deselect: false });
        }
    }
    if let Some(unit) = on_hex {
        if let Some(actor) = selected.filter(|s| *s != unit) {
            let shot = Command::Shoot { shooter: actor, target: Some(unit) };
            if legal.contains(&shot) {
                return send(shot);
            }
            let ends = charge_ends(b, legal, actor, unit);
            if let Some(to) = ends.get(usize::from(modifier && ends.len() > 1)) {
                return send(Command::DeclareCharge { charger: actor, target: unit, to: *to });
            }
        }
        return match b.unit(unit) {
            Some(u) if Some(u.side) == deciding && selected == Some(unit) => Intent::Deselect,
            Some(u) if Some(u.side) == deciding => Intent::Select(unit),
            _ => Intent::Nothing,
        };
    }
    if let Some(unit) = selected {
        if let Some(facing) = chosen_facing(b, legal, unit, hex, modifier) {
            return send(Command::Move { unit, to: hex, facing });
        }
    }
    let back = legal.iter().find(|c| matches!(c, Command::Return { to, .. } if *to == hex));
    match back {
        Some(c) => send(c.clone()),
        None if selected.is_some() => Intent::Deselect,
        None => Intent::Nothing,
    }
}

/// Where the selected unit may move, whom it may shoot at or charge, the hexes a click picks, the
/// hexes a pending decision is about, and the way to a hovered hex.
pub fn marks(b: &B, legal: &[Command], selected: Option<UnitId>, hovered: Option<Hex>) -> Marks {
    let mut marks = Marks::default();
    let own = selected.and_then(|u| hex_of(b, u));
    let add = |list: &mut Vec<Hex>, h: Option<Hex>| {
        if let Some(h) = h.filter(|h| !list.contains(h)) {
            list.push(h);
        }
    };
    for c in legal {
        match c {
            Command::Move { unit, to, .. } if Some(*unit) == selected && Some(*to) != own => add(&mut marks.reach, Some(*to)),
            Command::Shoot { shooter, target: Some(t) } if Some(*shooter) == selected => add(&mut marks.targets, hex_of(b, *t)),
            Command::DeclareCharge { charger, target, .. } if Some(*charger) == selected => add(&mut marks.targets, hex_of(b, *target)),
            Command::Return { to, .. } => add(&mut marks.picks, Some(*to)),
            Command::Momentum { combat, .. } => {
                for u in b.global.combats.iter().filter(|x| x.id == *combat).flat_map(|x| x.units.iter()) {
                    add(&mut marks.picks, hex_of(b, *u));
                }
            }
            Command::FollowUp { advance: true } | Command::Pursue { pursue: true } => {
                let h = match b.global.agenda.last() {
                    Some(Step::FollowUp { into, .. }) => Some(*into),
                    Some(Step::Pursue { fleeing, .. }) => hex_of(b, *fleeing),
                    _ => None,
                };
                add(&mut marks.picks, h);
            }
            _ => {}
        }
    }
    if !legal.is_empty() {
        marks.focus = focus(b);
    }
    if let (Some(unit), Some(to)) = (selected, hovered.filter(|h| marks.reach.contains(h))) {
        if let Some(facing) = chosen_facing(b, legal, unit, to, false) {
            let path = movement::move_path(b, unit, to, facing).unwrap_or_default();
            let words = movement::describe_move(b, unit, to, facing).unwrap_or_default();
            marks.way = own.map(|from| (std::iter::once(from).chain(path).collect(), words));
        }
    }
    if let (Some(from), Some(to)) = (own, hovered.filter(|h| marks.targets.contains(h))) {
        // Every target offered is one the rules saw (H-10, H-23): the line is clear.
        marks.sight = Some(SightLine { from, to, clear: true });
    }
    marks
}

/// The hexes a pending decision is about.
fn focus(b: &B) -> Vec<Hex> {
    let units: Vec<UnitId> = match b.global.agenda.last() {
        Some(Step::Impetuous { unit }) => vec![*unit],
        Some(Step::Respond { unit }) => std::iter::once(*unit).chain(b.global.charges.iter().filter(|c| c.target == *unit).map(|c| c.charger)).collect(),
        Some(Step::FollowUp { unit, .. }) => vec![*unit],
        Some(Step::Pursue { pursuer, fleeing }) => vec![*pursuer, *fleeing],
        None => Vec::new(),
    };
    units.into_iter().filter_map(|u| hex_of(b, u)).collect()
}

/// Why the selected unit's click on the enemy in `hex` would do nothing.
pub fn why_not(b: &B, legal: &[Command], unit: UnitId, hex: Hex) -> Option<String> {
    let u = b.unit(unit)?;
    let enemy = b.unit_at(hex).filter(|e| e.side != u.side)?;
    let acts = |c: &Command| match c {
        Command::Shoot { shooter, target: Some(t) } => *shooter == unit && *t == enemy.id,
        Command::DeclareCharge { charger, target, .. } => *charger == unit && *target == enemy.id,
        _ => false,
    };
    if !b.global.agenda.is_empty() || legal.iter().any(acts) {
        return None;
    }
    let g = &b.global;
    Some(match g.phase {
        Phase::ShootingDeclare => {
            let side = u.side.index();
            if g.sheets[side].shots.contains(&(unit, Some(enemy.id))) {
                "Already its target on the sheet".to_string()
            } else {
                shooting::why_not(b, unit, enemy.id).unwrap_or_else(|| "Cannot shoot at it now".to_string())
            }
        }
        Phase::DeclareMounted | Phase::DeclareFoot => charge_why_not(b, unit, enemy.id),
        Phase::RemainingMoves => "Only charges make contact: a move may not end next to an enemy (A.3.3)".to_string(),
        _ => "Charges are declared in the movement phase, targets in the shooting phase".to_string(),
    })
}

/// Why `unit` cannot declare a charge on `target` now (SP4.2, H-10, H-16).
fn charge_why_not(b: &B, unit: UnitId, target: UnitId) -> String {
    let (Some(u), Some(t)) = (b.unit(unit), b.unit(target)) else { return "No such unit".into() };
    let g = &b.global;
    let mounted_now = g.phase == Phase::DeclareMounted;
    if u.state.mounted() != mounted_now {
        let why = if mounted_now { "Infantry and elephants declare after the mounted (SP:L103)" } else { "The mounted declared first (SP:L103)" };
        return why.to_string();
    }
    if u.state.fleeing {
        return "Fleeing: it cannot charge".into();
    }
    if g.combat_of(unit).is_some() {
        return "In combat: it may only disengage (SP:L117–124)".into();
    }
    if g.charges.iter().any(|c| c.charger == unit) {
        return "It has declared its charge already".into();
    }
    if g.charges.iter().any(|c| c.target == unit) {
        return "It is charged: it answers the charge instead".into();
    }
    if u.state.terrified && t.state.is_elephant() {
        return "Terrified: it will not charge an elephant this turn (H-16)".into();
    }
    let in_front = u.hex.zip(t.hex).and_then(|(a, h)| u.facing.sector(a, h)) == Some(Sector::Front);
    if !in_front {
        return "Not in its front sector (H-10)".into();
    }
    format!("No way to contact within its {}\", in sight, through its front (H-10)", u.state.rate())
}

/// A pending decision, or the side's sealed sheet with its seal, bid and momentum buttons.
pub fn decision(b: &B, legal: &[Command]) -> Option<Decision<Command>> {
    if legal.is_empty() {
        return None;
    }
    if let Some(step) = b.global.agenda.last() {
        return Some(Decision { prompt: step_prompt(b, step), options: legal.to_vec() });
    }
    if !sealed(b.global.phase) {
        return None;
    }
    let side = Swordpoint::deciding_side(b)?;
    let options: Vec<Command> = legal.iter().filter(|c| matches!(c, Command::Seal | Command::Bid { .. } | Command::Momentum { .. })).cloned().collect();
    Some(Decision { prompt: sheet_prompt(b, side), options })
}

/// What a pending decision asks, naming the units it concerns.
fn step_prompt(b: &B, step: &Step) -> String {
    match step {
        Step::Impetuous { unit } => format!("{} is impetuous (H-19): charge an enemy this turn, or test its cohesion (failed, it must charge)?", name(b, *unit)),
        Step::Respond { unit } => {
            let chargers: Vec<String> = b.global.charges.iter().filter(|c| c.target == *unit).map(|c| name(b, c.charger)).collect();
            format!("{} is charged by {}: how does it answer (H-11)?", name(b, *unit), chargers.join(" and "))
        }
        Step::FollowUp { unit, into } => {
            let points = tables().momentum.points(Award::FollowedUpRecoil);
            format!("{} made its enemy recoil: follow up into {} for {} (H-14)?", name(b, *unit), at(*into), count(points, "momentum point", "momentum points"))
        }
        Step::Pursue { pursuer, fleeing } => format!(
            "{} may pursue {} (H-13): its rate + d6 against the fleeing unit's; caught, it is ridden down. A pursuer is disorganised after.",
            name(b, *pursuer),
            name(b, *fleeing)
        ),
    }
}

/// The side's own sheet as it stands; the other side's is sealed and not shown.
fn sheet_prompt(b: &B, side: Side) -> String {
    let g = &b.global;
    let sheet = &g.sheets[side.index()];
    let who = side_name(b, side);
    let pool = g.momentum[side.index()];
    match g.phase {
        Phase::ShootingDeclare => {
            let shots: Vec<String> = sheet
                .shots
                .iter()
                .map(|(s, t)| match t {
                    Some(t) => format!("{} at {}", name(b, *s), name(b, *t)),
                    None => format!("{} holds its fire", name(b, *s)),
                })
                .collect();
            let listed = if shots.is_empty() { "no shots".to_string() } else { shots.join("; ") };
            format!("{who}, your shooting sheet (sealed until both are in): {listed}. Give each shooter its target; undo takes an entry back.")
        }
        Phase::Initiative => format!("{who}, bid momentum for the initiative (H-9): pool {pool}, bid {}. Each side rolls d6 + its bid; the bid is spent.", sheet.bid),
        _ => {
            let cap = tables().momentum.per_combat;
            let combats: Vec<String> = g.combats.iter().map(|c| format!("{}: {}", combat_name(b, c.id), sheet_points(b, side, c.id))).collect();
            format!(
                "{who}, momentum into each combat, at most {cap} a combat (SP:L158), pool {pool}: {}. Add a point at a time; undo takes one back.",
                combats.join("; ")
            )
        }
    }
}

/// Orders for the selected unit that no click gives: a face in place, a reform, a disengagement,
/// holding its fire, a commander's ride from or to it.
pub fn unit_orders(b: &B, legal: &[Command], unit: UnitId) -> Vec<Command> {
    let own = hex_of(b, unit);
    let riders: Vec<u32> = b.global.commanders_with(unit).map(|c| c.id).collect();
    legal
        .iter()
        .filter(|c| match c {
            Command::Move { unit: u, to, .. } => *u == unit && Some(*to) == own,
            Command::Reform { unit: u, .. } | Command::Disengage { unit: u } => *u == unit,
            Command::Shoot { shooter, target: None } => *shooter == unit,
            Command::Attach { commander, unit: u } => *u == unit || riders.contains(commander),
            _ => false,
        })
        .cloned()
        .collect()
}

pub fn die(face: u8, fill: Rgb, border: Rgb) -> Die {
    Die { mark: face.to_string(), fill, ink: INK, border }
}

/// The faces of a roll over the unit it concerns, each bordered by what it did; a unit's way when
/// it moves (read against the battle before the event).
pub fn cue(b: &B, e: &super::Event) -> Option<Cue> {
    use super::Event;
    let pair = |faces: &[u8; 2], border: Rgb| faces.iter().map(|f| die(*f, IVORY, border)).collect::<Vec<_>>();
    let verdict = |good: bool| if good { PASSED } else { HIT };
    match e {
        Event::UnitMoved { unit, path, .. } if !path.is_empty() => {
            let from = hex_of(b, *unit)?;
            Some(Cue::Path { hexes: std::iter::once(from).chain(path.iter().copied()).collect() })
        }
        Event::Tested { unit, faces, passed, .. } => Some(Cue::Dice { over: hex_of(b, *unit)?, dice: pair(faces, verdict(*passed)) }),
        Event::CommanderTested { commander, faces, killed, .. } => {
            let unit = b.global.commanders.iter().find(|c| c.id == *commander)?.unit?;
            Some(Cue::Dice { over: hex_of(b, unit)?, dice: pair(faces, verdict(!*killed)) })
        }
        Event::PursuitRolled { fleeing, faces, caught, .. } => Some(Cue::Dice { over: hex_of(b, *fleeing)?, dice: pair(faces, if *caught { HIT } else { MISS }) }),
        Event::InitiativeRolled { faces, winner, .. } => {
            let centre = Offset(b.map.width() / 2, b.map.height() / 2).to_hex();
            let dice = Side::BOTH.map(|s| die(faces[s.index()], IVORY, if *winner == Some(s) { PASSED } else { MISS }));
            Some(Cue::Dice { over: centre, dice: dice.to_vec() })
        }
        Event::Volley { volley: v, .. } => {
            // H-7: a die hits on its score, never on a 1; a save the same way.
            let scores = |face: &u8, need: u8| need <= 6 && *face >= need && *face > 1;
            let shots = v.faces.iter().map(|f| die(*f, IVORY, if scores(f, v.to_hit) { HIT } else { MISS }));
            let saves = v.save_faces.iter().map(|f| die(*f, SAVE_FILL, if scores(f, v.save) { PASSED } else { HIT }));
            Some(Cue::Dice { over: hex_of(b, v.target)?, dice: shots.chain(saves).collect() })
        }
        _ => None,
    }
}
