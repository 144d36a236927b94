//! How each event changes a mass battle: the only place its state changes.

use super::event::{AttackKind, Event};
use super::state::{Demoralised, Hit, Order, Phase, RamWork, Work, pair};
use crate::battle::Battle;
use crate::hex::facing::Direction;

type B = Battle<super::MassBattle>;

pub fn apply(b: &mut B, event: &Event) {
    let turn = b.turn;

    match event {
        Event::SequenceStarted { sequence } => {
            b.turn = *sequence;
            b.global.pursuits.clear();
            b.global.turned.clear();
            for u in &mut b.units {
                let s = &mut u.state;
                s.troops_at_sequence = s.troops();
                s.order = None;
                s.moved = false;
                s.charged.clear();
                s.attacked = false;
                s.duelled = false;
                s.slices = 0;
                s.hurt_by.clear();
                s.lost_in_melee = 0;
            }
        }
        Event::PhaseStarted { phase } => {
            b.global.phase = *phase;
            b.global.pending.clear();
            if *phase == Phase::Orders {
                b.global.drafts = [Vec::new(), Vec::new()];
                b.global.sealed = [false, false];
                b.global.slices = [Vec::new(), Vec::new()];
                if let Some(s) = &mut b.global.siege {
                    s.declared = None;
                    s.assigned.clear();
                }
            }
        }
        Event::OrderGiven { side, unit, order } => {
            let drafts = &mut b.global.drafts[side.index()];
            drafts.retain(|(u, _)| u != unit);
            drafts.push((*unit, order.clone()));
            drafts.sort_by_key(|(u, _)| *u);
        }
        Event::SliceGiven { side, unit } => b.global.slices[side.index()].push(*unit),
        Event::SectionChosen { section } => {
            if let Some(s) = &mut b.global.siege {
                s.declared = Some(*section);
            }
        }
        Event::SectionDeclared { section } => {
            if let Some(s) = &mut b.global.siege {
                s.declared = *section;
            }
        }
        Event::Assigned { unit } => {
            if let Some(s) = &mut b.global.siege {
                s.assigned.push(*unit);
            }
        }
        Event::BreachPending { section } => {
            if let Some(s) = &mut b.global.siege {
                s.breach_pending = Some(*section);
            }
        }
        Event::BreachOpened { hex, .. } => {
            if let Some(s) = &mut b.global.siege {
                s.breaches.push(*hex);
                s.breached_at.get_or_insert(turn);
                s.breach_pending = None;
            }
        }
        Event::Sealed { side } => b.global.sealed[side.index()] = true,
        Event::OrdersRevealed { orders, slices } => {
            b.global.drafts = [Vec::new(), Vec::new()];
            b.global.slices = [Vec::new(), Vec::new()];
            for id in slices {
                if let Some(u) = b.unit_mut(*id) {
                    u.state.slices += 1;
                }
            }
            for (id, order) in orders {
                if let Some(u) = b.unit_mut(*id) {
                    u.state.order = Some(order.clone());
                }
            }
        }
        Event::Attacked(a) => {
            b.global.pending.push(Hit {
                attacker: Some(a.attacker),
                target: a.target,
                damage: a.damage,
            });
            if let Some(u) = b.unit_mut(a.attacker) {
                u.state.attacked = !matches!(a.kind, AttackKind::Shot | AttackKind::Spell);
                u.state.spent |= a.kind == AttackKind::Spell;
                if a.kind == AttackKind::Shot {
                    u.state.ammo = u.state.ammo.map(|n| n.saturating_sub(1));
                }
            }
            if let Some(t) = b.unit_mut(a.target) {
                match t.state.hurt_by.iter_mut().find(|(h, _)| *h == a.attacker) {
                    Some(entry) => entry.1 += a.damage,
                    None => t.state.hurt_by.push((a.attacker, a.damage)),
                }
                if matches!(a.kind, AttackKind::Melee | AttackKind::Pursuit) {
                    t.state.lost_in_melee += a.damage;
                }
            }
        }
        Event::DamageTaken { unit, pvt, .. } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.pvt = *pvt;
            }
        }
        Event::Moved { unit, path } => {
            if let Some(u) = b.unit_mut(*unit) {
                if let Some(last) = path.last() {
                    // It faces the way it went (H-M11).
                    let from = if path.len() > 1 { Some(path[path.len() - 2]) } else { u.hex };
                    if let Some(d) = from.and_then(|f| Direction::between(f, *last)) {
                        u.facing = d;
                    }
                    u.hex = Some(*last);
                    u.state.moved = true;
                }
            }
        }
        Event::Engaged { a, b: c } => {
            // A unit turns to meet its first enemy; the next ones may come at its flank or rear
            // (H-M11).
            for (me, foe) in [(*a, *c), (*c, *a)] {
                if b.global.engaged_with(me).is_empty() {
                    let toward = b.unit(me).and_then(|u| u.hex).zip(b.unit(foe).and_then(|u| u.hex)).and_then(|(x, y)| Direction::between(x, y));
                    if let (Some(d), Some(u)) = (toward, b.unit_mut(me)) {
                        u.facing = d;
                    }
                }
            }
            b.global.engaged.insert(pair(*a, *c));
            // Engaging counts as charging the target this sequence (R-M11, l. 149), for both of
            // a mutual engagement.
            let mutual = b
                .unit(*c)
                .is_some_and(|u| u.state.order == Some(Order::Engage(*a)));
            if let Some(u) = b.unit_mut(*a) {
                u.state.charged.push(*c);
            }
            if mutual {
                if let Some(u) = b.unit_mut(*c) {
                    u.state.charged.push(*a);
                }
            }
        }
        Event::Disengaged { a, b: c } => {
            b.global.engaged.remove(&pair(*a, *c));
        }
        Event::Removed { unit, .. } => {
            b.global.engaged.retain(|(x, y)| x != unit && y != unit);
            if let Some(u) = b.unit_mut(*unit) {
                u.hex = None;
            }
        }
        Event::MoraleTest { .. } => {}
        Event::Demoralised {
            unit, by_shooting, ..
        } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.hurt_when_demoralised = u.state.hurt_by.clone();
                u.state.demoralised = Some(Demoralised {
                    sequence: turn,
                    by_shooting: *by_shooting,
                });
            }
        }
        Event::Rallied { unit } => {
            b.global
                .rallies
                .iter_mut()
                .for_each(|r| r.retain(|x| x != unit));
            if let Some(u) = b.unit_mut(*unit) {
                u.state.demoralised = None;
            }
        }
        Event::WillLeave { unit } => {
            b.global
                .rallies
                .iter_mut()
                .for_each(|r| r.retain(|x| x != unit));
            if let Some(u) = b.unit_mut(*unit) {
                u.state.leaving = true;
            }
        }
        Event::DuelRound { blows, .. } => {
            for blow in blows {
                if let Some(u) = b.unit_mut(blow.attacker) {
                    u.state.attacked = true;
                    u.state.duelled = true;
                }
                if let Some(u) = b.unit_mut(blow.target) {
                    u.state.attacked = true;
                    u.state.duelled = true;
                    u.state.pvt = (u.state.pvt - blow.damage).max(0);
                }
            }
        }
        Event::OfficerJoined { hero, unit, hp } => {
            if let Some(h) = b.unit_mut(*hero) {
                h.hex = None;
                h.state.serving = Some(*unit);
            }
            b.global.engaged.retain(|(x, y)| x != hero && y != hero);
            if let Some(u) = b.unit_mut(*unit) {
                u.state.officer = Some((*hero, *hp));
                u.state.pvt += hp;
            }
        }
        Event::OfficerAlone { unit, hero, hp } => {
            let at = b.unit(*unit).and_then(|u| u.hex);
            if let Some(u) = b.unit_mut(*unit) {
                u.state.officer = None;
                u.state.pvt -= hp;
            }
            if let Some(h) = b.unit_mut(*hero) {
                h.hex = at;
                h.state.serving = None;
                h.state.pvt = *hp;
            }
        }
        Event::DuelMissed { .. } => {}
        Event::HeroFell { hero } => {
            if let Some(h) = b.unit_mut(*hero) {
                h.hex = None;
                h.state.pvt = 0;
                h.state.serving = None;
            }
        }
        Event::Cowardice { side, .. } => b.global.cowardice[side.index()] = turn,
        Event::CommanderFell { side } => b.global.commander_fell[side.index()] = true,
        Event::Surrenders { unit } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.surrendering = true;
            }
        }
        Event::StandardLost { side } => b.global.standard_lost[side.index()] = true,
        Event::RalliesOffered { side, units } => b.global.rallies[side.index()] = units.clone(),
        Event::RalliesDone { side } => b.global.rallies[side.index()].clear(),
        Event::Placed { unit, hex, .. } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.hex = Some(*hex);
            }
        }
        Event::StandardGiven { side, unit } => {
            for u in b.units.iter_mut().filter(|u| u.side == *side) {
                u.state.standard = u.id == *unit;
            }
        }
        Event::DeploymentRevealed { .. } => b.global.deployment = None,
        Event::PursuitsOffered { pursuits, choosing } => {
            b.global.pursuits = pursuits.clone();
            b.global.choosing = choosing.clone();
        }
        Event::PursuitChosen { unit, target } => {
            for list in &mut b.global.choosing {
                list.retain(|u| u != unit);
            }
            if !b.global.pursuits.contains(&(*unit, *target)) {
                b.global.turned.push((*unit, *target));
            }
        }
        Event::Regenerated { unit, pvt } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.pvt = *pvt;
            }
        }
        Event::WallWorked {
            unit, hex, total, ..
        } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.ammo = u.state.ammo.map(|n| n.saturating_sub(1));
            }
            if let Some(s) = &mut b.global.siege {
                match s.work.iter_mut().find(|w| w.hex == *hex) {
                    Some(w) => w.points = *total,
                    None => s.work.push(Work {
                        hex: *hex,
                        points: *total,
                    }),
                }
            }
        }
        Event::RamStarted { hex, needs, .. } => {
            if let Some(s) = &mut b.global.siege {
                s.rams.push(RamWork {
                    hex: *hex,
                    needs: *needs,
                    done: 0,
                });
            }
        }
        Event::RamWorked { hex, done, .. } => {
            if let Some(w) = b
                .global
                .siege
                .as_mut()
                .and_then(|s| s.rams.iter_mut().find(|w| w.hex == *hex))
            {
                w.done = *done;
            }
        }
        Event::Passwall { hero, .. } => {
            if let Some(h) = b.unit_mut(*hero) {
                h.state.sundered = true;
            }
        }
        Event::SequenceEnded { .. } => {}
        Event::BattleEnded { outcome } => b.global.outcome = Some(outcome.clone()),
    }
}
