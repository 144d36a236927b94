//! What the board means in the mass battle: a click gives the selected unit its order (a shot, an
//! engagement, a duel, a blast, an officer's post, a march, an engine's stones or a Breach spell on
//! a wall), the board marks where it may march and
//! whom it may shoot or engage, the way of a march, why a click would do nothing, the decisions
//! (the section a besieger attacks, the breach of an undefended section, the rally attempts), a
//! unit's orders that no click gives, the dice shown over the board, and what may be taken back.

use super::command::Command;
use super::event::{AttackKind, Event};
use super::legal;
use super::look::{LOST, PLAIN, WON, die};
use super::movement;
use super::state::{Order, Phase, UnitState};
use crate::battle::look::{Cue, Decision, Intent, Marks, SightLine};
use crate::battle::{Battle, Side, UnitId};
use crate::hex::Hex;

type B = Battle<super::MassBattle>;
type U = crate::battle::Unit<UnitState>;

fn hex_of(b: &B, unit: UnitId) -> Option<Hex> {
    b.unit(unit).and_then(|u| u.hex)
}

/// The order a unit's command gives it, if it is one.
fn given(c: &Command, unit: UnitId) -> Option<&Order> {
    match c {
        Command::Give { unit: u, order } if *u == unit => Some(order),
        _ => None,
    }
}

/// The unit an order aims at, or the hex it marches to.
pub fn aim(order: &Order) -> (Option<UnitId>, Option<Hex>) {
    match order {
        Order::Shoot(t) | Order::Engage(t) | Order::Duel(t) | Order::Cast(t) | Order::Officer(t) => (Some(*t), None),
        Order::March(h) | Order::Bombard(h) | Order::Passwall(h) | Order::Demolish(h) => (None, Some(*h)),
        _ => (None, None),
    }
}

/// The missile's range of a unit that shoots (a missile, a hero's blast, a siege engine), in hexes.
fn missile_range(u: &UnitState) -> Option<u8> {
    let missile = super::combat::weapon(u, AttackKind::Shot).and_then(|w| w.range);
    super::engines::engine(u).map(|e| e.range).or(missile).or_else(|| legal::blast(u))
}

/// The order a click of `actor` on `target` gives: a shot, a blast, an engagement, a duel, or
/// (Shift) the engagement and duel first; on a friend, an officer's post. A unit that shoots
/// engages or duels only on a Shift-click: an enemy beyond its missiles' reach is not a melee it
/// asked for, and the engagement would send it across the field (`why_not` says why no shot).
fn order_on(b: &B, legal: &[Command], actor: UnitId, target: UnitId, close_first: bool) -> Option<Command> {
    let ranged = [Order::Shoot(target), Order::Cast(target)];
    let shooter = b.unit(actor).is_some_and(|u| missile_range(&u.state).is_some());
    let close: Vec<Order> = if close_first || !shooter {
        vec![Order::Engage(target), Order::Duel(target), Order::Officer(target)]
    } else {
        vec![Order::Officer(target)]
    };
    let order: Vec<Order> = if close_first { close.into_iter().chain(ranged).collect() } else { ranged.into_iter().chain(close).collect() };
    order.into_iter().map(|order| Command::Give { unit: actor, order }).find(|c| legal.contains(c))
}

pub fn click(b: &B, legal: &[Command], selected: Option<UnitId>, hex: Hex, modifier: bool) -> Intent<Command> {
    let send = |command: Command, deselect: bool| Intent::Send { command, deselect };
    let breach = Command::Breach { hex };
    if legal.contains(&breach) {
        return send(breach, false);
    }
    let deciding = legal::deciding_side(b);
    // A wall hex: the selected engine's stones, the selected hero's Breach spell or the selected huge
    // creature's claws (H-M7, H-M13, H-M16), unless a click on the defender there gives an order.
    if let Some(actor) = selected {
        let on_unit = b.unit_at(hex).filter(|u| u.id != actor).and_then(|u| order_on(b, legal, actor, u.id, modifier));
        let on_wall = [Order::Bombard(hex), Order::Passwall(hex), Order::Demolish(hex)].into_iter().map(|order| Command::Give { unit: actor, order }).find(|c| legal.contains(c));
        if let Some(c) = on_unit.or(on_wall) {
            return send(c, true);
        }
    }
    if let Some(u) = b.unit_at(hex) {
        if let Some(actor) = selected.filter(|s| *s != u.id) {
            if let Some(c) = order_on(b, legal, actor, u.id, modifier) {
                return send(c, true);
            }
        }
        return if Some(u.side) != deciding {
            Intent::Nothing
        } else if selected == Some(u.id) {
            Intent::Deselect
        } else {
            Intent::Select(u.id)
        };
    }
    if let Some(unit) = selected {
        let march = Command::Give { unit, order: Order::March(hex) };
        let place = Command::Place { unit, hex };
        if let Some(c) = [march, place].into_iter().find(|c| legal.contains(c)) {
            return send(c, true);
        }
        return Intent::Deselect;
    }
    Intent::Nothing
}

pub fn marks(b: &B, legal: &[Command], selected: Option<UnitId>, hovered: Option<Hex>) -> Marks {
    let mut marks = Marks::default();
    let add = |list: &mut Vec<Hex>, h: Option<Hex>| {
        if let Some(h) = h.filter(|h| !list.contains(h)) {
            list.push(h);
        }
    };
    for c in legal {
        match c {
            Command::Breach { hex } => add(&mut marks.picks, Some(*hex)),
            Command::Place { unit, hex } if Some(*unit) == selected => add(&mut marks.reach, Some(*hex)),
            _ => {}
        }
        let Some(order) = selected.and_then(|s| given(c, s)) else { continue };
        match aim(order) {
            (_, Some(h)) if !matches!(order, Order::March(_)) => add(&mut marks.targets, Some(h)),
            (Some(t), _) if !matches!(order, Order::Officer(_)) => add(&mut marks.targets, hex_of(b, t)),
            (Some(t), _) => add(&mut marks.group, hex_of(b, t)),
            (_, Some(h)) => add(&mut marks.reach, Some(h)),
            _ => {}
        }
    }
    // A shooter's melee-only targets take a Shift-click: they get the dashed ring.
    if let Some(actor) = selected {
        let (plain, shift): (Vec<Hex>, Vec<Hex>) = marks.targets.iter().partition(|h| {
            let on_wall = [Order::Bombard(**h), Order::Passwall(**h), Order::Demolish(**h)].into_iter().any(|order| legal.contains(&Command::Give { unit: actor, order }));
            on_wall || b.unit_at(**h).is_none_or(|t| t.id == actor || order_on(b, legal, actor, t.id, false).is_some())
        });
        marks.targets = plain;
        marks.shift_targets = shift;
    }
    if let Some(s) = &b.global.siege {
        if let Some(section) = s.breach_pending.or(s.declared).and_then(|i| s.sections.get(i)) {
            marks.focus = section.walls.clone();
        }
    }
    // At deployment, the deciding side's zone (H-M10).
    if let Some(side) = legal::deciding_side(b).filter(|_| b.global.phase == Phase::Deployment) {
        marks.focus = super::deployment::zone(b, side);
    }
    let me = selected.and_then(|id| b.unit(id));
    if let Some(u) = me {
        // Its order given so far, and the enemies it is engaged with.
        if let Some((_, o)) = b.global.drafts[u.side.index()].iter().find(|(id, _)| *id == u.id) {
            let (t, h) = aim(o);
            marks.focus.extend(t.and_then(|t| hex_of(b, t)).into_iter().chain(h));
        }
        marks.group.extend(b.global.engaged_with(u.id).into_iter().filter_map(|e| hex_of(b, e)));
    }
    if let (Some(u), Some(to)) = (me, hovered.filter(|h| marks.reach.contains(h) && b.global.phase == Phase::Orders)) {
        if let (Some(from), Some(path)) = (u.hex, movement::march_path(b, u.id, to)) {
            let cost = movement::reach(b, u.id).and_then(|r| r.cost(&b.map, to)).unwrap_or(0);
            let words = format!("March: {cost} of {} hexes (H-M1, H-M3)", movement::allowance(&u.state));
            marks.way = Some((std::iter::once(from).chain(path).collect(), words));
        }
    }
    if let (Some(u), Some(h)) = (me, hovered) {
        let target = b.unit_at(h).filter(|t| t.side != u.side);
        let shoots = super::combat::weapon(&u.state, AttackKind::Shot).is_some() || legal::blast(&u.state).is_some();
        if let (Some(from), Some(t), true) = (u.hex, target, shoots) {
            marks.sight = Some(SightLine { from, to: h, clear: legal::sees(b, from, t) });
        }
    }
    marks
}

/// Why the selected `unit`'s click on the enemy in `hex` gives it no order.
pub fn why_not(b: &B, legal: &[Command], unit: UnitId, hex: Hex) -> Option<String> {
    let u = b.unit(unit)?;
    let enemy = b.unit_at(hex).filter(|e| e.side != u.side)?;
    if b.global.phase != Phase::Orders || legal::deciding_side(b) != Some(u.side) || order_on(b, legal, unit, enemy.id, false).is_some() {
        return None;
    }
    let drafted = b.global.drafts[u.side.index()].iter().find(|(id, _)| *id == unit).map(|(_, o)| o);
    if drafted.is_some_and(|o| aim(o).0 == Some(enemy.id)) {
        return Some("That is its order already".into());
    }
    let s = &u.state;
    if order_on(b, legal, unit, enemy.id, true).is_some() {
        return Some(no_shot(b, u, enemy));
    }
    Some(if legal::stunned_by_shooting(b, s) {
        "Demoralised by shooting last sequence: no action this one (l. 33, 100)".into()
    } else if s.demoralised.is_some() {
        "Demoralised: it may only rally or flee, or withdraw if elite, mounted or flying (l. 32, 34, 84)".into()
    } else if !b.global.is_free(unit) {
        "Engaged: it fights only the enemies it is engaged with, or disengages (l. 28, 31)".into()
    } else if enemy.state.flies() && !s.flies() {
        "Only fliers engage fliers (l. 108)".into()
    } else if enemy.state.kind() == super::data::Kind::Hero {
        "Heroes are sought out by heroes, in a duel, not engaged by the line (H-M6)".into()
    } else if s.kind() == super::data::Kind::Huge {
        "A huge creature chooses its own prey among standard units (l. 106, H-M16)".into()
    } else {
        "Out of its reach this sequence, or behind walls it cannot climb (H-M1, H-M13)".into()
    })
}

/// Why a unit that shoots has no shot at `enemy`, which it could engage: the one reason that
/// applies, and the Shift-click that engages it.
fn no_shot(b: &B, u: &U, enemy: &U) -> String {
    let engage = "Shift-click to engage it in melee (l. 28)";
    let (Some(from), Some(to), Some(range)) = (u.hex, enemy.hex, missile_range(&u.state)) else { return engage.into() };
    let d = from.unsigned_distance_to(to);
    let min = super::engines::engine(&u.state).map_or(0, |e| e.min_range);
    if !super::engines::has_ammo(&u.state) {
        format!("No shots left (l. 177). {engage}")
    } else if d > u32::from(range) {
        format!("Out of missile range: {d} hexes, it reaches {range} (l. 27, H-M2). {engage}")
    } else if d < u32::from(min) {
        format!("Too near for the engine: {d} hexes, its least range is {min} (H-M2). {engage}")
    } else if !b.global.is_free(enemy.id) {
        format!("Engaged in a melee: only free enemies are shot at (l. 27). {engage}")
    } else if !legal::sees(b, from, enemy) {
        format!("Out of sight (H-M2). {engage}")
    } else {
        engage.into()
    }
}

pub fn decision(b: &B, legal: &[Command]) -> Option<Decision<Command>> {
    if legal.is_empty() {
        return None;
    }
    let pick = |f: fn(&Command) -> bool| legal.iter().filter(|c| f(c)).cloned().collect::<Vec<Command>>();
    match b.global.phase {
        Phase::Orders => {
            let s = b.global.siege.as_ref()?;
            if let Some(i) = s.breach_pending {
                let section = s.sections.get(i).map_or(String::new(), |x| x.name.clone());
                return Some(Decision {
                    prompt: format!("{section} has no defender: pick the wall hex breached (l. 187)"),
                    options: pick(|c| matches!(c, Command::Breach { .. })),
                });
            }
            if legal::deciding_side(b) == Some(s.besieger) && s.declared.is_none() {
                return Some(Decision {
                    prompt: "Which section do you attack this sequence? (l. 185)".into(),
                    options: pick(|c| matches!(c, Command::Besiege { .. })),
                });
            }
            None
        }
        Phase::Movement => Some(Decision {
            prompt: "Pursuit: a unit that may strike a unit leaving the fight, but fights others too, picks its one target (l. 90)".into(),
            options: legal.to_vec(),
        }),
        Phase::Morale => Some(Decision {
            prompt: "Rally attempts: each is a morale test; a unit that fails leaves the field (l. 92-94, 100)".into(),
            options: legal.to_vec(),
        }),
        _ => None,
    }
}

/// The selected unit's orders no click on the board gives (withdraw, retreat, flee, no action,
/// rally, hold, its own choice), its slice of the commander's INT, its post on the walls.
pub fn unit_orders(legal: &[Command], unit: UnitId) -> Vec<Command> {
    legal
        .iter()
        .filter(|c| match c {
            Command::Give { unit: u, order } => *u == unit && aim(order) == (None, None),
            Command::Slice { unit: u } | Command::Assign { unit: u } | Command::Standard { unit: u } => *u == unit,
            _ => false,
        })
        .cloned()
        .collect()
}

pub fn cue(b: &B, e: &Event) -> Option<Cue> {
    match e {
        Event::Attacked(a) if !a.faces.is_empty() => Some(Cue::Dice { over: hex_of(b, a.target)?, dice: a.faces.iter().map(|f| die(*f, PLAIN)).collect() }),
        Event::MoraleTest { unit, faces, passed, .. } => {
            let border = if *passed { WON } else { LOST };
            Some(Cue::Dice { over: hex_of(b, *unit)?, dice: vec![die(faces.0, border), die(faces.1, border)] })
        }
        Event::DuelRound { blows, .. } => {
            let first = blows.first()?;
            let dice = blows.iter().map(|x| die(x.d20, if x.hit { WON } else { LOST })).collect();
            Some(Cue::Dice { over: hex_of(b, first.target)?, dice })
        }
        Event::RamStarted { hex, faces, .. } => Some(Cue::Dice { over: *hex, dice: faces.iter().map(|f| die(*f, PLAIN)).collect() }),
        Event::Moved { unit, path } => Some(Cue::Path { hexes: hex_of(b, *unit).into_iter().chain(path.iter().copied()).collect() }),
        _ => None,
    }
}

/// Who may take back a command: a side changes its mind about an order, a slice, a section, an
/// assignment, a unit's place or the standard until it seals; a seal, a breach and a rally attempt stand.
pub fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
    let sealed_or_rolled = events.iter().any(|e| matches!(e, Event::Sealed { .. } | Event::MoraleTest { .. } | Event::Attacked(_)));
    match c {
        Command::Give { unit, .. } | Command::Slice { unit } | Command::Assign { unit } | Command::Place { unit, .. } | Command::Standard { unit } if !sealed_or_rolled => b.unit(*unit).map(|u| u.side),
        Command::Besiege { .. } if !sealed_or_rolled => b.global.siege.as_ref().map(|s| s.besieger),
        _ => None,
    }
}
