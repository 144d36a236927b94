//! Words for Swordpoint's log and buttons: what each event did, with its dice and the numbers it
//! needed, and the rules that made it so (the seed's lines with their French headings, the house
//! rules); and what each command asks for, in a player's terms.

use super::Swordpoint;
use super::command::Command;
use super::data::LoserAction;
use super::event::{Event, Factor, Marker, MoveKind, Volley};
use super::state::{Phase, Response, Sheet};
use super::words::{self, count};
use crate::battle::{Battle, Side, UnitId};
use crate::hex::{Hex, Offset};

type B = Battle<Swordpoint>;

/// A unit as the log names it: "Huscarls (#2)".
pub fn name(b: &B, id: UnitId) -> String {
    match b.unit(id) {
        Some(u) => format!("{} (#{})", u.state.profile().label, id.0),
        None => format!("unit #{}", id.0),
    }
}

pub fn side_name(b: &B, s: Side) -> &str {
    &b.sides[s.index()].name
}

pub fn at(h: Hex) -> String {
    Offset::from_hex(h).to_string()
}

pub fn commander_name(b: &B, id: u32) -> String {
    b.global.commanders.iter().find(|c| c.id == id).map_or(format!("commander {id}"), |c| format!("{} ({})", c.name, words::rank(c.rank)))
}

/// A combat named by its units: "Knights (#3) and Huscarls (#2)".
pub fn combat_name(b: &B, combat: u32) -> String {
    match b.global.combats.iter().find(|c| c.id == combat) {
        Some(c) => c.units.iter().map(|u| name(b, *u)).collect::<Vec<_>>().join(" and "),
        None => format!("combat {combat}"),
    }
}

/// One log line for an event, read against the battle as it stood before the event; `None` for
/// bookkeeping a player need not read.
pub fn event_line(b: &B, e: &Event) -> Option<String> {
    entry(b, e).map(|(text, _)| text)
}

/// The rules behind an event's line, each cited once with its source's name.
pub fn event_rule(b: &B, e: &Event) -> Option<String> {
    let (_, rules) = entry(b, e)?;
    let mut cited: Vec<String> = Vec::new();
    for rule in rules {
        let c = words::cite(rule);
        if !cited.contains(&c) {
            cited.push(c);
        }
    }
    (!cited.is_empty()).then(|| cited.join("; "))
}

fn modifiers(factors: &[Factor]) -> String {
    factors.iter().map(|f| format!(" {:+} {}", f.value, f.what)).collect()
}

/// An event's line in a player's words, and the rule strings it applied.
fn entry(b: &B, e: &Event) -> Option<(String, Vec<&'static str>)> {
    let mut rules: Vec<&'static str> = Vec::new();
    let text = match e {
        Event::TurnStarted { turn } => format!("— Turn {turn} —"),
        Event::PhaseStarted { phase } => {
            rules.push(phase_rule(*phase));
            words::phase(*phase).to_string()
        }
        Event::MoverChanged { side } => match b.global.phase {
            Phase::DeclareMounted | Phase::DeclareFoot => format!("{} to declare", side_name(b, *side)),
            Phase::RemainingMoves => format!("{} to move", side_name(b, *side)),
            _ => return None,
        },
        Event::Stage { .. } | Event::AgendaChanged { .. } | Event::UnitLeftCombat { .. } => return None,
        Event::MomentumChanged { side, change, pool, rule } => {
            rules.extend([*rule, "H-8"]);
            let why = words::reason(rule).map_or(String::new(), |r| format!(" ({r})"));
            format!("{}: {change:+} momentum{why}, {pool} in the pool", side_name(b, *side))
        }
        Event::SheetChanged { side, sheet } => sheet_change(b, *side, sheet),
        Event::SheetSealed { side } => format!("{}: sheet sealed", side_name(b, *side)),
        Event::SheetsRevealed { sheets } => {
            rules.push("A.4");
            revealed(b, sheets)
        }
        Event::Tested { unit, test, faces, cohesion, factors, needed, passed } => {
            rules.extend([words::test_rule(*test), "H-5"]);
            rules.extend(factors.iter().map(|f| f.rule));
            let need = if *needed > 12 { format!("needed {needed}, more than 2d6 can roll") } else { format!("needed {needed}") };
            let verdict = if *passed { "passed" } else { "failed" };
            let total = faces[0] + faces[1];
            format!("{} {}: {total} on 2d6 ({}+{}), {need} (Cohesion {cohesion}{}) — {verdict}", name(b, *unit), words::test(*test), faces[0], faces[1], modifiers(factors))
        }
        Event::CommanderTested { commander, faces, killed_on, killed, rule } => {
            rules.extend([*rule, "H-22"]);
            let fate = if *killed { "killed" } else { "unhurt" };
            format!("{}: {} on 2d6 ({}+{}), killed on {killed_on} or more — {fate}", commander_name(b, *commander), faces[0] + faces[1], faces[0], faces[1])
        }
        Event::CommanderAttached { commander, unit } => {
            rules.push("H-22");
            format!("{} rides to {}", commander_name(b, *commander), name(b, *unit))
        }
        Event::MarkerChanged { unit, marker, on, rule } => {
            rules.push(*rule);
            marker_line(b, *unit, *marker, *on, rule)?
        }
        Event::Volley { volley, rule } => {
            rules.push(*rule);
            rules.extend(volley.dice_factors.iter().chain(&volley.to_hit_factors).chain(&volley.save_factors).map(|f| f.rule));
            volley_line(b, volley)
        }
        Event::FiguresLost { unit, lost, figures } => {
            rules.push("H-1");
            let per_base = b.unit(*unit).map_or(1, |u| u.state.profile().figures_per_base.max(1));
            format!("{} loses {}: {} left, {}", name(b, *unit), count(*lost, "figure", "figures"), figures, count(figures.div_ceil(per_base), "base", "bases"))
        }
        Event::InitiativeRolled { bids, faces, winner } => {
            rules.push("H-9");
            let roll = |s: Side| {
                let i = s.index();
                format!("{} {} + {} bid = {}", side_name(b, s), faces[i], bids[i], u16::from(faces[i]) + u16::from(bids[i]))
            };
            let verdict = winner.map_or("a tie: rolled again".to_string(), |w| format!("{} take the initiative", side_name(b, w)));
            format!("Initiative: {}, {} — {verdict}", roll(Side(0)), roll(Side(1)))
        }
        Event::ChargeDeclared { charger, target, to } => {
            rules.extend(["SP:L103", "H-10"]);
            format!("{} declares a charge on {}, to end at {}", name(b, *charger), name(b, *target), at(*to))
        }
        Event::Responded { unit, response: Response::Flee } if b.unit(*unit).is_some_and(|u| u.state.fleeing) => {
            rules.extend(["H-11", "SP:L105"]);
            format!("{} is fleeing: it cannot hold, and flees on", name(b, *unit))
        }
        Event::Responded { unit, response } => {
            rules.push("H-11");
            format!("{} answers the charge: {}", name(b, *unit), words::response(*response).to_lowercase())
        }
        Event::DisengageDeclared { unit, allowed: true, .. } => {
            rules.extend(["SP:L117", "H-15"]);
            format!("{} disengages: it falls back in the compulsory moves", name(b, *unit))
        }
        Event::DisengageDeclared { unit, allowed: false, pursuer } => {
            rules.extend(["SP:L123", "SP:L124"]);
            let chase = pursuer.map_or(String::new(), |p| format!("; {} may pursue", name(b, p)));
            format!("{} fails to disengage{chase}", name(b, *unit))
        }
        Event::ImpetuousChose { unit, charge } => {
            rules.push("SP:L14 (H-19)");
            let choice = if *charge { "chooses to charge" } else { "takes the test rather than charge" };
            format!("{} (impetuous) {choice}", name(b, *unit))
        }
        Event::DeclarationsEnded { side } => format!("{}: declarations done", side_name(b, *side)),
        Event::UnitMoved { unit, path, facing, kind } => {
            rules.push(move_rule(*kind));
            let facing = words::direction(*facing);
            match path.last() {
                Some(h) => format!("{} {} to {}, facing {facing}", name(b, *unit), words::move_verb(*kind), at(*h)),
                None if *kind == MoveKind::Move => format!("{} faces {facing}", name(b, *unit)),
                None => format!("{} {} nowhere, facing {facing}", name(b, *unit), words::move_verb(*kind)),
            }
        }
        Event::Reformed { unit, frontage } => {
            rules.push("SP:L139");
            let bases = b.unit(*unit).map_or(0, |u| u.state.bases());
            format!("{} reforms {} wide, {} deep", name(b, *unit), count(*frontage, "base", "bases"), count(bases.div_ceil((*frontage).max(1)), "rank", "ranks"))
        }
        Event::UnitLeftTable { unit } => {
            rules.push("H-12");
            format!("{} flees off the table", name(b, *unit))
        }
        Event::UnitReturned { unit, at: h, .. } => {
            rules.extend(["SP:L107", "H-18"]);
            format!("{} comes back onto the table at {}, demoralised", name(b, *unit), at(*h))
        }
        Event::UnitDestroyed { unit, rule } => {
            rules.push(*rule);
            let why = words::reason(rule).map_or(String::new(), |r| format!(" ({r})"));
            format!("{} is destroyed{why}", name(b, *unit))
        }
        Event::CombatStarted { units, .. } => {
            rules.push("A.3.3");
            format!("{} are locked in combat", units.iter().map(|u| name(b, *u)).collect::<Vec<_>>().join(" and "))
        }
        Event::CombatJoined { combat, unit } => {
            rules.push("A.3.3");
            format!("{} joins the combat of {}", name(b, *unit), combat_name(b, *combat))
        }
        Event::CombatEnded { combat } => format!("The combat of {} is over", combat_name(b, *combat)),
        Event::CombatScored { combat, hits, factors, totals, winner } => {
            rules.extend(["SP:L165", "H-21"]);
            rules.extend(factors.iter().flatten().map(|f| f.rule));
            let part = |s: Side| {
                let i = s.index();
                format!("{} {}{} = {}", side_name(b, s), count(hits[i], "hit", "hits"), modifiers(&factors[i]), totals[i])
            };
            let verdict = winner.map_or("a draw".to_string(), |w| format!("{} win by {}", side_name(b, w), (totals[0] - totals[1]).unsigned_abs()));
            format!("Combat of {}: {}; {} — {verdict}", combat_name(b, *combat), part(Side(0)), part(Side(1)))
        }
        Event::LoserResult { unit, differential, line, moderated, shifts, action } => {
            rules.push("SP:L166");
            if *line > 1 {
                rules.push("SP:L167");
            }
            rules.extend(shifts.iter().map(|f| f.rule));
            rules.push(action_rule(*action));
            let mut text = format!("{} lost by {differential}", name(b, *unit));
            if *line > 1 {
                text.push_str(&format!(", {moderated} in a battle line of {line}"));
            }
            for f in shifts {
                let rows = count(f.value.unsigned_abs(), "row", "rows");
                text.push_str(&format!(", {rows} {} ({})", if f.value > 0 { "lower" } else { "higher" }, f.what));
            }
            format!("{text}: {}", words::loser_action(*action))
        }
        Event::RecoilBlocked { unit } => {
            rules.push("H-27");
            format!("{} has no hex to recoil into: it stays in contact and fights on", name(b, *unit))
        }
        Event::PursuitRolled { pursuer, fleeing, faces, caught } => {
            rules.push("H-13");
            let rate = |u: UnitId| b.unit(u).map_or(0, |u| u.state.rate());
            let verdict = if *caught { "caught" } else { "it gets away" };
            format!("{} pursues {}: {}\" + {} against {}\" + {} — {verdict}", name(b, *pursuer), name(b, *fleeing), rate(*pursuer), faces[0], rate(*fleeing), faces[1])
        }
        Event::MovesEnded { side } => format!("{}: moves done", side_name(b, *side)),
        Event::BattleEnded { outcome } => {
            rules.push("H-25");
            match outcome.winner {
                Some(w) => format!("Victory: {}. {}", side_name(b, w), outcome.reason),
                None => format!("Draw: {}", outcome.reason),
            }
        }
    };
    Some((text, rules))
}

/// The seed line or house rule a phase follows.
fn phase_rule(p: Phase) -> &'static str {
    match p {
        Phase::Initial => "SP:L9",
        Phase::ShootingDeclare => "SP:L34",
        Phase::Initiative => "SP:L102 (H-9)",
        Phase::DeclareMounted | Phase::DeclareFoot => "SP:L103",
        Phase::ChargeMoves => "SP:L104",
        Phase::RemainingMoves => "SP:L107",
        Phase::CombatMomentum => "SP:L158",
        Phase::CombatResolve => "SP:L155",
    }
}

fn move_rule(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Move => "SP:L126",
        MoveKind::Charge => "H-10",
        MoveKind::Flight => "H-12",
        MoveKind::Evade => "H-11",
        MoveKind::Recoil => "H-27",
        MoveKind::FollowUp => "H-14",
        MoveKind::Pursuit => "H-13",
        MoveKind::Disengage => "H-15",
        MoveKind::Return => "H-18",
    }
}

fn action_rule(a: LoserAction) -> &'static str {
    match a {
        LoserAction::Continue => "SP:L268",
        LoserAction::Recoil { .. } => "SP:L269",
        LoserAction::BreakTest { .. } => "SP:L270",
        LoserAction::Break => "SP:L271",
    }
}

fn marker_line(b: &B, unit: UnitId, marker: Marker, on: bool, rule: &str) -> Option<String> {
    let who = name(b, unit);
    let why = words::reason(rule).map_or(String::new(), |r| format!(" ({r})"));
    Some(match (marker, on) {
        (Marker::Demoralised, true) => format!("{who} is demoralised{why}"),
        (Marker::Demoralised, false) => format!("{who} is no longer demoralised{why}"),
        (Marker::Fleeing, true) => format!("{who} breaks and flees{why}"),
        (Marker::Fleeing, false) => format!("{who} rallies{why}"),
        (Marker::Disorganised, true) => format!("{who} is disorganised after its pursuit{why}"),
        (Marker::Disorganised, false) => format!("{who} is no longer disorganised"),
        (Marker::Terrified, true) => format!("{who} is terrified of the elephants: no charge at them, no move closer this turn"),
        (Marker::MustCharge, true) => format!("{who} must charge this turn{why}"),
        (Marker::Charged, true) => format!("{who} counts as charging this turn{why}"),
        (Marker::CaughtByPursuer, true) => format!("{who} was caught by a pursuer: it may not disengage next turn"),
        (Marker::StubbornUsed, true) => format!("{who} stands stubborn: it only recoils, this once"),
        (Marker::ShockUsed, true) => format!("{who} has met the first victim of its shock"),
        _ => return None,
    })
}

/// "Archers (#5) shoot at Huscarls (#2): 12 dice hit on 4+: 5 hits, 2 saved (5+), 3 figures lost".
fn volley_line(b: &B, v: &Volley) -> String {
    let verb = if b.global.phase == Phase::ShootingDeclare { "shoots at" } else { "strikes" };
    let dice = count(v.dice, "die", "dice");
    let roll = if v.to_hit > 6 { format!("{dice}, none can hit ({}+ needed)", v.to_hit) } else { format!("{dice} hit on {}+: {}", v.to_hit, count(v.hits, "hit", "hits")) };
    let saves = match (v.hits, v.save) {
        (0, _) => String::new(),
        (_, save) if save > 6 => ", no save".to_string(),
        (hits, save) => format!(", {} saved ({save}+)", hits.saturating_sub(v.lost)),
    };
    let lost = if v.hits > 0 { format!(", {} lost", count(v.lost, "figure", "figures")) } else { String::new() };
    format!("{} {verb} {}: {roll}{saves}{lost}", name(b, v.by), name(b, v.target))
}

fn shot_words(b: &B, shooter: UnitId, target: Option<UnitId>) -> String {
    match target {
        Some(t) => format!("{} at {}", name(b, shooter), name(b, t)),
        None => format!("{} holds its fire", name(b, shooter)),
    }
}

/// A side's sheet entry, against its sheet before: what changed.
fn sheet_change(b: &B, side: Side, sheet: &Sheet) -> String {
    let before = &b.global.sheets[side.index()];
    let mut parts: Vec<String> = sheet.shots.iter().filter(|s| !before.shots.contains(s)).map(|(s, t)| shot_words(b, *s, *t)).collect();
    if sheet.bid != before.bid {
        parts.push(format!("bid {}", sheet.bid));
    }
    for (combat, points) in sheet.momentum.iter().filter(|m| !before.momentum.contains(m)) {
        parts.push(format!("{points} momentum into the combat of {}", combat_name(b, *combat)));
    }
    for (combat, _) in before.momentum.iter().filter(|(c, _)| !sheet.momentum.iter().any(|(d, _)| d == c)) {
        parts.push(format!("no momentum into the combat of {}", combat_name(b, *combat)));
    }
    if parts.is_empty() { format!("{}: sheet unchanged", side_name(b, side)) } else { format!("{} (sealed): {}", side_name(b, side), parts.join("; ")) }
}

/// Both sheets, as revealed.
fn revealed(b: &B, sheets: &[Sheet; 2]) -> String {
    let each = |f: &dyn Fn(&Sheet) -> String| Side::BOTH.map(|s| format!("{}: {}", side_name(b, s), f(&sheets[s.index()]))).join("; ");
    let or_none = |parts: Vec<String>| if parts.is_empty() { "none".to_string() } else { parts.join(", ") };
    match b.global.phase {
        Phase::ShootingDeclare => format!("Targets revealed. {}", each(&|s| or_none(s.shots.iter().map(|(u, t)| shot_words(b, *u, *t)).collect()))),
        Phase::Initiative => format!("Bids revealed. {}", each(&|s| s.bid.to_string())),
        _ => format!("Momentum revealed. {}", each(&|s| or_none(s.momentum.iter().map(|(c, p)| format!("{p} into the combat of {}", combat_name(b, *c))).collect()))),
    }
}

/// A button's words for a command.
pub fn command_label(b: &B, c: &Command) -> String {
    match c {
        Command::Shoot { shooter, target: Some(t) } => format!("{} shoots at {}", name(b, *shooter), name(b, *t)),
        Command::Shoot { shooter, target: None } => format!("{} holds its fire", name(b, *shooter)),
        Command::Bid { points } => format!("Bid {} for the initiative", count(*points, "momentum point", "momentum points")),
        Command::Momentum { combat, points } => format!("{} into the combat of {}", count(*points, "momentum point", "momentum points"), combat_name(b, *combat)),
        Command::Seal => "Seal the sheet".into(),
        Command::Impetuous { charge: true } => "Charge".into(),
        Command::Impetuous { charge: false } => "Test cohesion".into(),
        Command::DeclareCharge { charger, target, to } => format!("{} charges {}, ending at {}", name(b, *charger), name(b, *target), at(*to)),
        Command::Respond { response } => words::response(*response).to_string(),
        Command::Disengage { unit } => format!("{} disengages", name(b, *unit)),
        Command::EndDeclarations => "End declarations".into(),
        Command::Move { unit, to, facing } => match b.unit(*unit) {
            Some(u) if u.hex == Some(*to) => format!("{} faces {}", name(b, *unit), words::direction(*facing)),
            _ => format!("{} moves to {}, facing {}", name(b, *unit), at(*to), words::direction(*facing)),
        },
        Command::Reform { unit, frontage } => format!("{} reforms {} wide", name(b, *unit), count(*frontage, "base", "bases")),
        Command::Return { unit, to } => format!("{} comes back at {}", name(b, *unit), at(*to)),
        Command::Attach { commander, unit } => format!("{} rides to {}", commander_name(b, *commander), name(b, *unit)),
        Command::FollowUp { advance: true } => "Follow up".into(),
        Command::FollowUp { advance: false } => "Stay".into(),
        Command::Pursue { pursue: true } => "Pursue".into(),
        Command::Pursue { pursue: false } => "Let it go".into(),
        Command::EndMoves => "End moves".into(),
    }
}
