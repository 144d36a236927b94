//! What the board means in Swidenth: what a click asks for given the legal commands and the
//! selected figure (a move or a run, a shot, a combat, a spell, a leader's phase, a push back's
//! hex), what is marked (reach, targets, the command bubble, the figures that may act, the way and
//! the line of sight), why a click would do nothing, the pending decision, a figure's own orders,
//! what is shown over the board for an event, and which commands may be taken back.

use super::aim;
use super::command::Command;
use super::data::{Trait, tables};
use super::duel;
use super::event::{Event, Test};
use super::figure::{self, B, U};
use super::groups;
use super::legal;
use super::look::{LOST, TIED, WON, die};
use super::movement;
use super::sight;
use super::state::{Activation, Phase, Step};
use super::words::{name, side_name};
use crate::battle::look::{Cue, Decision, Die, Intent, Marks, SightLine};
use crate::battle::{Side, UnitId};
use crate::hex::Hex;

fn hex_of(b: &B, unit: UnitId) -> Option<Hex> {
    b.unit(unit).and_then(|u| u.hex)
}

/// What `actor`'s click on the enemy `target` asks: a shot, else a combat, else its first spell
/// at it; `spell_first` (Shift) puts the spell first.
fn attack(legal: &[Command], actor: UnitId, target: UnitId, spell_first: bool) -> Option<Command> {
    let plain = [Command::Shoot { figure: actor, target }, Command::Fight { figure: actor, target }].into_iter().find(|c| legal.contains(c));
    let spell = first_cast(legal, actor, target);
    if spell_first { spell.or(plain) } else { plain.or(spell) }
}

fn first_cast(legal: &[Command], actor: UnitId, target: UnitId) -> Option<Command> {
    legal.iter().find(|c| matches!(c, Command::Cast { figure, target: t, .. } if *figure == actor && *t == target)).cloned()
}

pub fn click(b: &B, legal: &[Command], selected: Option<UnitId>, hex: Hex, modifier: bool) -> Intent<Command> {
    let send = |command: Command, deselect: bool| Intent::Send { command, deselect };
    match b.global.agenda.last() {
        Some(Step::Push { .. }) => {
            let push = Command::Push { to: Some(hex) };
            return if legal.contains(&push) { send(push, false) } else { Intent::Nothing };
        }
        Some(_) => return Intent::Nothing,
        None => {}
    }
    let on_hex = b.unit_at(hex);
    if let Some(choose) = on_hex.map(|u| Command::ChooseLeader { leader: u.id }).filter(|c| legal.contains(c)) {
        return send(choose, false);
    }
    if let Some(u) = on_hex {
        if let Some(actor) = selected.filter(|s| *s != u.id).and_then(|s| b.unit(s)) {
            let order = if u.side != actor.side {
                attack(legal, actor.id, u.id, modifier)
            } else if modifier {
                // Shift on a friend: the selected caster's spell on it (Soin, Bouclier mystique).
                first_cast(legal, actor.id, u.id)
            } else {
                None
            };
            if let Some(command) = order {
                return send(command, true);
            }
        }
        return if u.side != b.active {
            Intent::Nothing
        } else if selected == Some(u.id) {
            Intent::Deselect
        } else {
            Intent::Select(u.id)
        };
    }
    if let Some(figure) = selected {
        // A move leaves the second action to come; a run ends the activation.
        if legal.contains(&Command::Move { figure, to: hex }) {
            return send(Command::Move { figure, to: hex }, false);
        }
        if legal.contains(&Command::Run { figure, to: hex }) {
            return send(Command::Run { figure, to: hex }, true);
        }
        return Intent::Deselect;
    }
    Intent::Nothing
}

/// The hexes of a leader's command bubble around him now (l. 38, 58; A4).
fn bubble_hexes(b: &B, leader: &U) -> Vec<Hex> {
    let below = duel::bubble_below(leader.state.rank());
    let Some(at) = leader.hex else { return Vec::new() };
    b.map.hexes().filter(|h| duel::in_bubble(h.unsigned_distance_to(at), below)).collect()
}

/// Whether a figure can aim at anything: a missile weapon or a spell.
fn aims(u: &U) -> bool {
    figure::missile(&u.state).is_some() || !u.state.row().spells.is_empty()
}

pub fn marks(b: &B, legal: &[Command], selected: Option<UnitId>, hovered: Option<Hex>) -> Marks {
    let mut marks = Marks::default();
    let add = |list: &mut Vec<Hex>, h: Option<Hex>| {
        if let Some(h) = h.filter(|h| !list.contains(h)) {
            list.push(h);
        }
    };
    let me = selected.and_then(|id| b.unit(id));
    let enemy_of_me = |id: UnitId| b.unit(id).is_some_and(|t| me.is_some_and(|m| m.side != t.side));
    for c in legal {
        match c {
            Command::Move { figure, to } | Command::Run { figure, to } if Some(*figure) == selected => add(&mut marks.reach, Some(*to)),
            Command::Shoot { figure, target } | Command::Fight { figure, target } if Some(*figure) == selected => add(&mut marks.targets, hex_of(b, *target)),
            Command::Cast { figure, target, .. } if Some(*figure) == selected && enemy_of_me(*target) => add(&mut marks.targets, hex_of(b, *target)),
            Command::Push { to: Some(h) } => add(&mut marks.picks, Some(*h)),
            _ => {}
        }
    }
    match b.global.agenda.last() {
        Some(Step::Push { winner, loser, .. }) => marks.focus = [*winner, *loser].into_iter().filter_map(|u| hex_of(b, u)).collect(),
        Some(Step::Split { pair, .. }) => marks.focus = [pair.0, pair.1].into_iter().filter_map(|u| hex_of(b, u)).collect(),
        _ => {}
    }
    let hex_list = |ids: &[UnitId]| ids.iter().filter_map(|id| hex_of(b, *id)).collect::<Vec<Hex>>();
    match b.global.phase {
        Phase::ChooseLeader => {
            // The bubble of the leader under the pointer or selected, and who his phase would let act.
            let candidate = hovered.and_then(|h| b.unit_at(h)).map(|u| u.id).into_iter().chain(selected).find(|id| legal.contains(&Command::ChooseLeader { leader: *id }));
            if let Some(l) = candidate.and_then(|id| b.unit(id)) {
                marks.radius = bubble_hexes(b, l);
                marks.group = hex_list(&legal::bubble(b, l));
            }
        }
        Phase::Leader => {
            if let Some(phase) = &b.global.leader {
                let to_act: Vec<UnitId> = phase.eligible.iter().copied().filter(|id| b.unit(*id).is_some_and(|u| u.state.activation != Activation::Done)).collect();
                marks.group = hex_list(&to_act);
                // The bubble as it was when the phase opened, while the leader has not acted.
                if let Some(l) = b.unit(phase.leader).filter(|l| l.state.activation == Activation::Ready) {
                    marks.radius = bubble_hexes(b, l);
                }
            }
        }
        Phase::Rest | Phase::Opening => {}
    }
    if let Some(u) = me.filter(|u| figure::is_engaged(b, u)) {
        // Engaged, its group matters more: who outnumbers whom, who may be split (l. 126-130).
        marks.group = hex_list(&groups::group_of(b, u.id)).into_iter().filter(|h| Some(*h) != u.hex).collect();
    }
    if let (Some(u), Some(to)) = (me, hovered.filter(|h| marks.reach.contains(h))) {
        marks.way = way(b, legal, u, to);
    }
    if let (Some(u), Some(h)) = (me, hovered) {
        let target = b.unit_at(h).filter(|t| t.side != u.side);
        if let (Some(from), Some(_)) = (u.hex.filter(|_| aims(u) || marks.targets.contains(&h)), target) {
            marks.sight = Some(SightLine { from, to: h, clear: sight::sees(&b.map, &aim::shut_doors(b), from, h) });
        }
    }
    marks
}

/// The cheapest way to `to` and what it costs, with the terror test it would meet (H-S4c).
fn way(b: &B, legal: &[Command], u: &U, to: Hex) -> Option<(Vec<Hex>, String)> {
    let from = u.hex?;
    let run = legal.contains(&Command::Run { figure: u.id, to });
    let budget = if run { movement::run_budget(u) } else { movement::move_budget(u) };
    let reach = movement::reach(b, u, budget)?;
    let (path, cost) = (reach.path(&b.map, to)?, reach.cost(&b.map, to)?);
    let next_to = |h: Hex, e: &U| e.hex.is_some_and(|x| x.unsigned_distance_to(h) == 1);
    let terror = b.on_board().find(|e| e.side != u.side && e.state.has(Trait::Terrifying) && !next_to(from, e) && path.iter().any(|h| next_to(*h, e)));
    let mut words = format!("{cost} of {budget} paces{}", if run { ", a run" } else { "" });
    if let Some(t) = terror {
        words.push_str(&format!("; a Bravoure test first, to pass by {} (H-S4c)", t.state.name));
    }
    Some((std::iter::once(from).chain(path).collect(), words))
}

/// Why the selected `unit`'s click on the enemy in `hex` would do nothing.
pub fn why_not(b: &B, legal: &[Command], unit: UnitId, hex: Hex) -> Option<String> {
    let u = b.unit(unit)?;
    let enemy = b.unit_at(hex).filter(|e| e.side != u.side)?;
    if !b.global.agenda.is_empty() || attack(legal, unit, enemy.id, false).is_some() {
        return None;
    }
    if b.global.phase == Phase::ChooseLeader {
        return Some("Choose the leader whose phase comes next first (l. 40-48)".into());
    }
    if u.side != b.active {
        return None;
    }
    if let Some(l) = b.global.leader.as_ref().filter(|l| b.global.phase == Phase::Leader && !l.eligible.contains(&unit)) {
        return Some(format!("It was not in {}'s bubble when his phase opened: it acts in a later phase (l. 58-60)", name(b, l.leader)));
    }
    let engaged_with = enemy.hex.zip(u.hex).is_some_and(|(e, h)| e.unsigned_distance_to(h) == 1);
    Some(match u.state.activation {
        Activation::Done => "It has been activated this turn (l. 34)".into(),
        Activation::Ready => "A shot, a combat or a spell is a second action: move, concentrate, reload or do nothing first (l. 64-78)".into(),
        Activation::Started(_) if engaged_with => "Its group is split: it fights only the enemy of its subgroup (l. 128-130)".into(),
        Activation::Started(_) => shot_refusal(b, u, enemy),
    })
}

/// Why `u` may not shoot at `enemy`, in the order the rules check it (l. 142-202, H-S8, H-S10).
fn shot_refusal(b: &B, u: &U, enemy: &U) -> String {
    let Some(w) = figure::missile(&u.state) else {
        if !u.state.row().spells.is_empty() {
            return "Its spells do not reach it: out of range or sight, past a friend, into a melee, or it is engaged (H-S3)".into();
        }
        return "It has no missile weapon: it fights only an enemy next to it (l. 74-75)".into();
    };
    let (Some(from), Some(to)) = (u.hex, enemy.hex) else { return String::new() };
    if u.state.unloaded {
        return format!("Its {} must be reloaded first, as a first action (l. 68, H-S10)", w.label);
    }
    if figure::is_engaged(b, u) && !u.state.has(Trait::Gigantic) {
        return "An engaged figure cannot shoot (l. 202)".into();
    }
    if figure::engaged(b, enemy).any(|f| f.side == u.side) {
        return "It would shoot into a melee, at an enemy engaged with a friend (l. 200)".into();
    }
    let range = w.range.unwrap_or(0);
    if duel::band(from.unsigned_distance_to(to), range).is_none() {
        return format!("Out of range: its {} reaches {} hexes (l. 144-148)", w.label, tables().scale.reach(u32::from(range)));
    }
    if !sight::sees(&b.map, &aim::shut_doors(b), from, to) {
        return "Out of sight (H-S8)".into();
    }
    "A friend stands on the line and partly covers the target (l. 166)".into()
}

pub fn decision(b: &B, legal: &[Command]) -> Option<Decision<Command>> {
    if legal.is_empty() {
        return None;
    }
    let prompt = match b.global.agenda.last() {
        Some(Step::Push { winner, loser, to }) => {
            let which = if to.len() > 1 { ", and which way (A4)" } else { "" };
            format!("{} won: push {} back a pace{which}? A push that is blocked stuns it instead (l. 105, 182)", name(b, *winner), name(b, *loser))
        }
        Some(Step::Split { side, pair, .. }) => {
            format!("{} outnumbers: split the fight into subgroups, {} with {}; every enemy needs an opponent (l. 128-130)", side_name(b, *side), name(b, pair.0), name(b, pair.1))
        }
        Some(Step::Fight { figure, target }) => format!("{} is to fight {} (l. 87)", name(b, *figure), name(b, *target)),
        Some(Step::NextShot { shooter, target, .. }) => format!("{} shoots again at {} (l. 168)", name(b, *shooter), name(b, *target)),
        None if b.global.phase == Phase::ChooseLeader => "Whose phase comes next? Choose a leader (l. 40-48)".into(),
        None => return None,
    };
    Some(Decision { prompt, options: legal.to_vec() })
}

/// The selected figure's orders that a click on the board does not give: its first actions but a
/// move, its special actions, its spells (a friend's too), doing nothing more, and its own phase.
pub fn unit_orders(legal: &[Command], unit: UnitId) -> Vec<Command> {
    legal
        .iter()
        .filter(|c| {
            !matches!(c, Command::Move { .. } | Command::Run { .. } | Command::Shoot { .. } | Command::Fight { .. } | Command::EndPhase | Command::Push { .. } | Command::Split { .. })
                && c.figure() == Some(unit)
        })
        .cloned()
        .collect()
}

fn test_die(t: &Test) -> Die {
    die(t.die, if t.passed { WON } else { LOST })
}

pub fn cue(b: &B, e: &Event) -> Option<Cue> {
    match e {
        Event::Duel(d) => {
            let over = d.loser().and_then(|l| hex_of(b, l)).or_else(|| hex_of(b, d.opposing.figure))?;
            let border = |id: UnitId| match d.winner {
                Some(w) if w == id => WON,
                Some(_) => LOST,
                None => TIED,
            };
            Some(Cue::Dice { over, dice: vec![die(d.acting.die, border(d.acting.figure)), die(d.opposing.die, border(d.opposing.figure))] })
        }
        Event::RoutTest { test, .. } | Event::TerrorTest { test, .. } | Event::BravoureTest(test) => Some(Cue::Dice { over: hex_of(b, test.figure)?, dice: vec![test_die(test)] }),
        Event::Spell { caster, target, roll, against, works, .. } => {
            let over = hex_of(b, *target).or_else(|| hex_of(b, *caster))?;
            let (mine, theirs) = if *works { (WON, LOST) } else { (LOST, WON) };
            let dice = std::iter::once(die(roll.die, mine)).chain(against.iter().map(|a| die(a.die, theirs))).collect();
            Some(Cue::Dice { over, dice })
        }
        Event::Fumble { figure, die: face, .. } => Some(Cue::Dice { over: hex_of(b, *figure)?, dice: vec![die(*face, TIED)] }),
        Event::StrayRoll { ally, die: face, strikes } => Some(Cue::Dice { over: hex_of(b, *ally)?, dice: vec![die(*face, if *strikes { LOST } else { WON })] }),
        Event::Moved { figure, path, .. } => Some(Cue::Path { hexes: hex_of(b, *figure).into_iter().chain(path.iter().copied()).collect() }),
        Event::Pushed { moves } => moves.first().map(|(_, from, to)| Cue::Path { hexes: vec![*from, *to] }),
        _ => None,
    }
}

/// Who may take back a command (undo before dice): the side of the figure that acted, or of the
/// leader chosen, while no die was rolled.
pub fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
    let rolled = events.iter().any(|e| {
        matches!(
            e,
            Event::Duel(_)
                | Event::RoutTest { .. }
                | Event::Initiative { .. }
                | Event::TerrorTest { .. }
                | Event::Fumble { .. }
                | Event::StrayRoll { .. }
                | Event::Spell { .. }
                | Event::BravoureTest(_)
        )
    });
    if rolled {
        return None;
    }
    c.figure().and_then(|f| b.unit(f)).map(|u| u.side)
}
