//! Heroes in the sequence (l. 113-139; H-M6, H-M7, R-M12, R-M13): a hero's blast in the shooting
//! phase, an officer joining his unit, duels of ten rounds before the melee, an officer left alone
//! when his unit's troops are down, and what a hero's fall brings: the commander-in-chief's tests
//! and surrenders, a cleric's followers demoralised.

use super::data::{HeroSpell, Kind, Trait, tables};
use super::event::{AttackKind, Blow, Event, TestKind};
use super::morale;
use super::sequence::{Run, morale_test, ordered, remove};
use super::state::{Order, UnitState};
use crate::battle::{Battle, Unit, UnitId};

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

/// A hero's blast: its flat damage on the target, once a battle (H-M7).
pub(super) fn blast(run: &mut Run, hero: UnitId, target: UnitId) {
    let Some(h) = run.b.unit(hero) else { return };
    let roll = h.state.hero().and_then(|r| {
        r.spells.iter().find_map(|s| {
            if let HeroSpell::Blast { damage, .. } = s {
                Some(*damage)
            } else {
                None
            }
        })
    });
    let (Some(roll), false) = (roll, h.state.spent) else {
        return;
    };
    if !run.b.unit(target).is_some_and(|t| t.hex.is_some()) {
        return;
    }
    let mut terms = vec![super::damage::plus(
        "H-M7",
        "a hero's blast: its roll, flat",
        0,
    )];
    if let (Some(hu), Some(tu)) = (run.b.unit(hero), run.b.unit(target)) {
        terms.extend(super::siege::shelter(&run.b, hu, tu));
    }
    super::sequence::flat_attack(run, AttackKind::Spell, hero, target, roll, terms);
}

/// Heroes ordered to serve as officers join their unit, in id order (l. 129-131).
pub(super) fn officers(run: &mut Run) {
    for (id, order) in ordered(&run.b) {
        let Order::Officer(unit) = order else {
            continue;
        };
        let (Some(h), Some(u)) = (run.b.unit(id), run.b.unit(unit)) else {
            continue;
        };
        if super::movement::adjacent(&run.b, id, unit) && u.state.officer.is_none() {
            run.emit(Event::OfficerJoined {
                hero: id,
                unit,
                hp: h.state.pvt,
            });
        }
    }
}

/// How a duellist fights (H-M6): a hero by his profile; a huge creature hits as its hit dice and
/// strikes once a round with its weapon.
pub(super) fn duellist(u: &U) -> Option<(i32, u8, super::data::Roll)> {
    match u.state.hero() {
        Some(h) => Some((i32::from(h.to_hit), h.attacks, h.damage)),
        None => {
            let w = super::combat::weapon(&u.state, AttackKind::Melee)?;
            Some((i32::from(u.state.row().hd.dice), 1, w.damage))
        }
    }
}

/// The duels heroes sought, before the melee, in the ordering hero's id order (H-M6): up to ten
/// rounds, each round both strike (d20 + to-hit at least the other's AC, then the damage roll),
/// the lower id's blows first, damage counted at the round's end; it ends when one falls.
pub(super) fn duels(run: &mut Run) {
    let mut fought: Vec<UnitId> = Vec::new();
    for (id, order) in ordered(&run.b) {
        let Order::Duel(other) = order else { continue };
        let alive = |b: &B, x: UnitId| {
            b.unit(x)
                .is_some_and(|u| u.hex.is_some() && u.state.pvt > 0)
        };
        if fought.contains(&id)
            || fought.contains(&other)
            || !alive(&run.b, other)
            || !alive(&run.b, id)
        {
            continue;
        }
        // The peer must still be within the seeker's reach once everyone has moved (l. 125).
        let hex_of = |x: UnitId| run.b.unit(x).and_then(|u| u.hex);
        if !run.b.unit(id).zip(hex_of(other)).is_some_and(|(u, h)| super::movement::within_reach(u, h)) {
            run.emit(Event::DuelMissed { hero: id, target: other });
            continue;
        }
        fought.extend([id, other]);
        let pair = if id < other { [id, other] } else { [other, id] };
        for round in 1..=tables().house.duel_rounds {
            let mut blows = Vec::new();
            for (a, t) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let (Some(au), Some(tu)) = (run.b.unit(a), run.b.unit(t)) else {
                    continue;
                };
                let Some((to_hit, attacks, damage)) = duellist(au) else {
                    continue;
                };
                let ac = i32::from(tu.state.row().ac);
                for _ in 0..attacks {
                    let d20 = run.dice.roll(20);
                    let hit = i32::from(d20) + to_hit >= ac;
                    let (faces, dealt) = if hit { damage.throw(run.dice) } else { (Vec::new(), 0) };
                    blows.push(Blow {
                        attacker: a,
                        target: t,
                        d20,
                        to_hit,
                        ac,
                        hit,
                        faces,
                        damage: dealt,
                    });
                }
            }
            run.emit(Event::DuelRound { round, blows });
            if pair
                .iter()
                .any(|x| run.b.unit(*x).is_some_and(|u| u.state.pvt <= 0))
            {
                break;
            }
        }
        for x in pair {
            if run.b.unit(x).is_some_and(|u| u.state.pvt <= 0) {
                let hero = run.b.unit(x).is_some_and(|u| u.state.kind() == Kind::Hero);
                remove(run, x, "killed in a duel");
                if hero {
                    fallen(run, x);
                }
            }
        }
    }
}

/// After a phase's damage: an officer whose unit has no troops left stands alone with what is
/// left of its hit points, up to his own (R-M12); one whose unit is destroyed falls with it.
pub(super) fn officers_after_damage(run: &mut Run) {
    let alone: Vec<(UnitId, UnitId, i64)> = run
        .b
        .on_board()
        .filter_map(|u| {
            let (hero, hp) = u.state.officer?;
            (u.state.pvt > 0 && u.state.troops() == 0).then_some((u.id, hero, u.state.pvt.min(hp)))
        })
        .collect();
    for (unit, hero, hp) in alone {
        run.emit(Event::OfficerAlone { unit, hero, hp });
        remove(run, unit, "its troops are all down");
    }
}

/// A unit destroyed: its officer falls with it.
pub(super) fn officer_of_destroyed(b: &B, unit: UnitId) -> Option<UnitId> {
    b.unit(unit)
        .filter(|u| u.state.pvt <= 0)
        .and_then(|u| u.state.officer.map(|(h, _)| h))
}

/// A hero fell: the commander-in-chief's side tests at once at -2 and those that fail surrender
/// at the sequence's end (l. 135-139, R-M13); a cleric's followers are demoralised (l. 98).
pub(super) fn fallen(run: &mut Run, hero: UnitId) {
    let Some(h) = run.b.unit(hero) else { return };
    let (side, name, commander) = (h.side, h.state.row.clone(), run.b.global.commands(h));
    run.emit(Event::HeroFell { hero });
    if commander && !run.b.global.commander_fell[side.index()] {
        run.emit(Event::CommanderFell { side });
        let testing: Vec<UnitId> = run
            .b
            .on_board()
            .filter(|u| {
                u.side == side
                    && u.state.kind() != Kind::Hero
                    && u.state.demoralised.is_none()
                    && !morale::never_tests(&u.state)
            })
            .map(|u| u.id)
            .collect();
        for id in testing {
            if !morale_test(run, id, TestKind::CommanderFell) {
                run.emit(Event::Surrenders { unit: id });
            }
        }
    }
    let followers: Vec<UnitId> = run
        .b
        .on_board()
        .filter(|u| {
            u.side == side
                && u.state.demoralised.is_none()
                && u.state.has(&Trait::Followers(name.clone()))
        })
        .map(|u| u.id)
        .collect();
    for unit in followers {
        run.emit(Event::Demoralised {
            unit,
            by_shooting: false,
            rule: "l. 98",
        });
    }
}

/// A unit of a cleric's or paladin's followers whose hero lives never fails a test (l. 98): on
/// the board, or serving as an officer.
pub fn followers_protected(b: &B, unit: UnitId) -> bool {
    let Some(u) = b.unit(unit) else { return false };
    u.state.row().traits.iter().any(|t| match t {
        Trait::Followers(name) => b.units.iter().any(|h| {
            h.side == u.side
                && h.state.row == *name
                && h.state.pvt > 0
                && (h.hex.is_some() || h.state.serving.is_some())
        }),
        _ => false,
    })
}
