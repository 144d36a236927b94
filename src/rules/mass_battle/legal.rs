//! Who decides now and what they may ask for: the one list of legal commands the window, the
//! terminal, the computer and the check on every command share, and each unit's legal orders
//! (l. 25-34, 84, 100; H-M3), which the envelope of sealed orders is checked against part by part.

use super::command::Command;
use super::data::Kind;
use super::movement::{self, allowance};
use super::state::{Order, Phase, UnitState};
use crate::battle::{Battle, Side, Unit, UnitId};

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

pub fn deciding_side(b: &B) -> Option<Side> {
    if b.global.outcome.is_some() {
        return None;
    }
    match b.global.phase {
        Phase::Orders => {
            // In a siege the besieger seals first and picks the breach of an undefended section.
            let first = b.global.siege.as_ref().map_or(Side(0), |s| s.besieger);
            match b.global.siege.as_ref().and_then(|s| s.breach_pending) {
                Some(_) => Some(first),
                None => [first, first.other()]
                    .into_iter()
                    .find(|s| !b.global.sealed[s.index()]),
            }
        }
        Phase::Morale => [Side(0), Side(1)]
            .into_iter()
            .find(|s| !b.global.rallies[s.index()].is_empty()),
        Phase::Movement => [Side(0), Side(1)]
            .into_iter()
            .find(|s| !b.global.choosing[s.index()].is_empty()),
        Phase::Deployment => [Side(0), Side(1)].into_iter().find(|s| !b.global.sealed[s.index()]),
        _ => None,
    }
}

/// A random player's draw in the Orders phase: an order for each unit not yet given one, and
/// the side's other commands; the seal only once every unit has its order. Without it, a random
/// envelope would change its orders hundreds of times before the seal came up.
pub fn random_choices(b: &B, legal: Vec<Command>) -> Vec<Command> {
    if b.global.phase == Phase::Deployment {
        return random_placements(b, legal);
    }
    let Some(side) = deciding_side(b).filter(|_| b.global.phase == Phase::Orders) else {
        return legal;
    };
    let drafted = |u: UnitId| b.global.drafts[side.index()].iter().any(|(id, _)| *id == u);
    let waiting = legal
        .iter()
        .any(|c| matches!(c, Command::Give { unit, .. } if !drafted(*unit)));
    legal
        .into_iter()
        .filter(|c| match c {
            Command::Give { unit, .. } => !drafted(*unit),
            Command::Seal => !waiting,
            _ => true,
        })
        .collect()
}

pub fn legal_commands(b: &B) -> Vec<Command> {
    let Some(side) = deciding_side(b) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match b.global.phase {
        Phase::Orders => {
            for u in b.on_board().filter(|u| u.side == side && !u.state.leaving) {
                let given = b.global.drafts[side.index()]
                    .iter()
                    .find(|(id, _)| *id == u.id)
                    .map(|(_, o)| o);
                out.extend(
                    legal_orders(b, u)
                        .into_iter()
                        .filter(|o| Some(o) != given)
                        .map(|order| Command::Give { unit: u.id, order }),
                );
            }
            if let Some(s) = &b.global.siege {
                if let Some(section) = s.breach_pending {
                    let walls = s
                        .sections
                        .get(section)
                        .map(|x| x.walls.clone())
                        .unwrap_or_default();
                    return walls
                        .into_iter()
                        .filter(|h| !s.breaches.contains(h))
                        .map(|hex| Command::Breach { hex })
                        .collect();
                }
                if side == s.besieger {
                    out.extend(
                        (0..s.sections.len())
                            .filter(|i| s.declared != Some(*i))
                            .map(|section| Command::Besiege { section }),
                    );
                } else if let Some(section) = s.declared {
                    out.extend(
                        b.on_board()
                            .filter(|u| {
                                u.side == side
                                    && !s.assigned.contains(&u.id)
                                    && !u.state.leaving
                                    && u.state.demoralised.is_none()
                                    && b.global.is_free(u.id)
                                    && !super::siege::posts(b, u.id, section).is_empty()
                            })
                            .map(|u| Command::Assign { unit: u.id }),
                    );
                }
            }
            if slices_left(b, side) > 0 {
                out.extend(
                    b.on_board()
                        .filter(|u| u.side == side && !u.state.leaving)
                        .map(|u| Command::Slice { unit: u.id }),
                );
            }
            out.push(Command::Seal);
        }
        Phase::Deployment => {
            for u in b.on_board().filter(|u| u.side == side) {
                out.extend(super::deployment::places(b, u).into_iter().map(|hex| Command::Place { unit: u.id, hex }));
            }
            out.extend(super::deployment::bearers(b, side).into_iter().filter(|u| !u.state.standard).map(|u| Command::Standard { unit: u.id }));
            out.push(Command::Seal);
        }
        Phase::Movement => {
            for p in &b.global.choosing[side.index()] {
                let Some(quarry) = b.global.pursuits.iter().find(|(x, _)| x == p).map(|(_, q)| *q) else { continue };
                out.extend([quarry].into_iter().chain(fought_instead(b, *p, quarry)).map(|target| Command::Pursue { unit: *p, target }));
            }
        }
        Phase::Morale => {
            out.extend(
                b.global.rallies[side.index()]
                    .iter()
                    .map(|unit| Command::Rally { unit: *unit }),
            );
            out.push(Command::EndRallies);
        }
        _ => {}
    }
    out
}

/// The other enemies a pursuer engaged with them may fight instead of striking its quarry (l. 90):
/// those engaged with it that are not leaving the fight themselves (l. 29-31).
pub fn fought_instead(b: &B, pursuer: UnitId, quarry: UnitId) -> Vec<UnitId> {
    b.global
        .engaged_with(pursuer)
        .into_iter()
        .filter(|e| *e != quarry && b.unit(*e).is_some_and(|u| !u.state.order.as_ref().is_some_and(Order::disengages)))
        .collect()
}

/// The slices of its commander's INT `side` may still give this sequence (l. 104): none once he
/// has fallen.
pub fn slices_left(b: &B, side: Side) -> usize {
    let given = b.global.slices[side.index()].len();
    match &b.global.commanders[side.index()] {
        Some(c) if !b.global.commander_fell[side.index()] => usize::from(c.int_bonus).saturating_sub(given),
        _ => 0,
    }
}

pub fn is_legal(b: &B, command: &Command) -> bool {
    legal_commands(b).contains(command)
}

/// Demoralised by shooting in the last sequence: nothing but "no action" this one (l. 33, 100).
pub fn stunned_by_shooting(b: &B, s: &UnitState) -> bool {
    s.demoralised
        .is_some_and(|d| d.by_shooting && d.sequence + 1 == b.turn)
}

/// A random player's draw at deployment (H-M10): a place for each unit still where the scenario put
/// it, the standard, and the seal once every unit that may has moved.
fn random_placements(b: &B, legal: Vec<Command>) -> Vec<Command> {
    let Some(d) = &b.global.deployment else { return legal };
    let unmoved = |unit: UnitId| d.from.iter().any(|p| p.unit == unit && b.unit(unit).and_then(|u| u.hex) == Some(p.hex));
    let waiting = legal.iter().any(|c| matches!(c, Command::Place { unit, .. } if unmoved(*unit)));
    legal
        .into_iter()
        .filter(|c| match c {
            Command::Place { unit, .. } => unmoved(*unit),
            Command::Seal => !waiting,
            _ => true,
        })
        .collect()
}

/// Every order `u` may be given this sequence; a forced order is the only one (B5, "Legality").
pub fn legal_orders(b: &B, u: &U) -> Vec<Order> {
    let s = &u.state;
    let free = b.global.is_free(u.id);
    let engaged = b.global.engaged_with(u.id);
    match (s.demoralised.is_some(), free) {
        _ if stunned_by_shooting(b, s) => vec![Order::NoAction],
        (false, _) if s.kind() == Kind::Huge => huge_orders(b, u),
        (false, _) if s.kind() == Kind::Hero => hero_orders(b, u),
        // A demoralised unit flees; an elite, mounted or flying one withdraws (l. 32, 84).
        (true, false) if s.may_withdraw() => vec![Order::Withdraw],
        (true, false) => vec![Order::Flee],
        // Free and demoralised: rally, flee, or hold still without risking a failed rally (H-M3).
        (true, true) => vec![Order::Rally, Order::Flee, Order::Hold],
        (false, false) => {
            let mut out: Vec<Order> = engaged.into_iter().map(Order::Engage).collect();
            // The ram works under the defenders' attacks (l. 194).
            if super::engines::gate(b, u).is_some() {
                out.push(Order::Ram);
            }
            out.push(Order::Retreat);
            if s.may_withdraw() {
                out.push(Order::Withdraw);
            }
            out.push(Order::Hold);
            out
        }
        (false, true) => {
            let mut out: Vec<Order> = shots(b, u).into_iter().map(Order::Shoot).collect();
            out.extend(super::engines::walls(b, u).into_iter().map(Order::Bombard));
            if super::engines::gate(b, u).is_some() {
                out.push(Order::Ram);
            }
            out.extend(
                b.on_board()
                    .filter(|e| {
                        e.side != u.side
                            && may_engage(s, &e.state)
                            && super::siege::may_assault(b, u, e)
                    })
                    .map(|e| Order::Engage(e.id)),
            );
            if allowance(s) > 0 {
                out.extend(movement::marches(b, u.id).into_iter().map(Order::March));
            }
            out.push(Order::Hold);
            out
        }
    }
}

/// A huge creature's orders (H-M16): its rocks at a free enemy, a besieged wall next to it torn
/// down as a ram does, a fight with an enemy huge creature or one it is engaged with, or its own
/// choice. Its player does not steer it onto standard units (l. 106).
fn huge_orders(b: &B, u: &U) -> Vec<Order> {
    let mut out: Vec<Order> = if b.global.is_free(u.id) {
        let rocks = shots(b, u).into_iter().map(Order::Shoot);
        rocks.chain(super::engines::demolishes(b, u).into_iter().map(Order::Demolish)).collect()
    } else {
        Vec::new()
    };
    let engaged = b.global.engaged_with(u.id);
    out.extend(
        b.on_board()
            .filter(|e| {
                e.side != u.side
                    && (e.state.kind() != Kind::Standard || engaged.contains(&e.id))
                    && may_engage(&u.state, &e.state)
                    && super::siege::may_assault(b, u, e)
            })
            .map(|e| Order::Engage(e.id)),
    );
    out.push(Order::Auto);
    out
}

/// A hero's orders (l. 115-131; H-M6, H-M7): a duel with an enemy hero or huge creature within
/// his reach (he cuts his way through any unit, l. 125), an attack on a standard unit, his blast
/// or his Breach spell,
/// service as the officer of a friendly unit next to him, or a march; engaged, he fights one of
/// his enemies, retreats or holds.
fn hero_orders(b: &B, u: &U) -> Vec<Order> {
    let Some(at) = u.hex else { return Vec::new() };
    let near = |e: &U| e.hex.is_some_and(|h| movement::within_reach(u, h));
    let enemies = || b.on_board().filter(|e| e.side != u.side);
    let mut out: Vec<Order> = enemies()
        .filter(|e| e.state.kind() != Kind::Standard && near(e))
        .map(|e| Order::Duel(e.id))
        .collect();
    if let Some(range) = blast(&u.state).filter(|_| !u.state.spent) {
        out.extend(
            enemies()
                .filter(|e| {
                    e.state.kind() != Kind::Hero
                        && e.hex.is_some_and(|h| {
                            h.unsigned_distance_to(at) <= u32::from(range) && sees(b, at, e)
                        })
                })
                .map(|e| Order::Cast(e.id)),
        );
    }
    if b.global.is_free(u.id) {
        out.extend(super::engines::passwalls(b, u).into_iter().map(Order::Passwall));
        out.extend(
            enemies()
                .filter(|e| {
                    e.state.kind() == Kind::Standard
                        && may_engage(&u.state, &e.state)
                        && super::siege::may_assault(b, u, e)
                })
                .map(|e| Order::Engage(e.id)),
        );
        out.extend(
            b.on_board()
                .filter(|f| {
                    f.side == u.side
                        && f.state.kind() == Kind::Standard
                        && f.state.officer.is_none()
                        && f.hex.is_some_and(|h| h.unsigned_distance_to(at) == 1)
                })
                .map(|f| Order::Officer(f.id)),
        );
        out.extend(movement::marches(b, u.id).into_iter().map(Order::March));
    } else {
        out.extend(b.global.engaged_with(u.id).into_iter().map(Order::Engage));
        out.push(Order::Retreat);
        if u.state.may_withdraw() {
            out.push(Order::Withdraw);
        }
    }
    out.push(Order::Hold);
    out
}

/// The range of a hero's blast, if he has one (H-M7).
pub fn blast(s: &UnitState) -> Option<u8> {
    s.hero()?.spells.iter().find_map(|sp| {
        if let super::data::HeroSpell::Blast { range, .. } = sp {
            Some(*range)
        } else {
            None
        }
    })
}

/// Only fliers engage fliers (l. 108); heroes are sought out for duels, not engaged by units of the
/// line, but a huge creature may fall on one (H-M16).
pub fn may_engage(s: &UnitState, target: &UnitState) -> bool {
    (!target.flies() || s.flies()) && (target.kind() != Kind::Hero || s.kind() == Kind::Huge)
}

/// Whether a shooter at `from` sees `target` (H-M2): the masks of design.md's line of sight
/// (units, woods, buildings, higher hills), except that a shooter on a hill sees over units, and
/// fliers are seen over them.
pub fn sees(b: &B, from: crate::hex::Hex, target: &U) -> bool {
    let Some(to) = target.hex else { return false };
    let over_units = b.map.level(from) > 0 || target.state.flies();
    crate::battle::sight::masking(b, from, to, over_units) != crate::hex::los::Cover::Full
}

/// The free enemies a free unit with missiles may shoot: in range and in sight (l. 27, 48; H-M2),
/// while it has shots left (l. 177); an engine's are its own (H-M2).
pub fn shots(b: &B, u: &U) -> Vec<UnitId> {
    if !super::engines::has_ammo(&u.state) {
        return Vec::new();
    }
    if let Some(e) = super::engines::engine(&u.state) {
        return super::engines::targets(b, u, e);
    }
    let Some(range) =
        super::combat::weapon(&u.state, super::event::AttackKind::Shot).and_then(|w| w.range)
    else {
        return Vec::new();
    };
    let Some(at) = u.hex else { return Vec::new() };
    b.on_board()
        .filter(|e| e.side != u.side && b.global.is_free(e.id))
        .filter(|e| {
            e.hex
                .is_some_and(|h| h.unsigned_distance_to(at) <= u32::from(range) && sees(b, at, e))
        })
        .map(|e| e.id)
        .collect()
}

/// The order a unit takes when its side seals without giving it one: a free demoralised unit
/// rallies, a huge creature chooses its own target, any other holds where it may (engaged, it then
/// fights by H-M5), else takes its first order.
pub fn default_order(b: &B, u: &U) -> Order {
    let legal = legal_orders(b, u);
    if legal.contains(&Order::Rally) {
        Order::Rally
    } else if legal.contains(&Order::Auto) {
        Order::Auto
    } else if legal.contains(&Order::Hold) {
        Order::Hold
    } else {
        legal.into_iter().next().unwrap_or(Order::Hold)
    }
}
