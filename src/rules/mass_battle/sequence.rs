//! A sequence of five phases (l. 11-17), resolved from the two sealed envelopes: orders revealed,
//! shooting, movement (H-M4), melee and morale, each phase's damage applied at its end (l. 53);
//! then the sequence's end (disengagements, victory, H-M9) and the next one's start. Attacks and
//! tests go in ascending unit id, each drawing its own dice: the order of the dice.

use super::combat::attack;
use super::command::Command;
use super::data::{Kind, Trait, tables};
use super::engines;
use super::event::{AttackKind, Event, TestKind};
use super::heroes;
use super::legal::{self, default_order, is_legal};
use super::morale;
use super::movement;
use super::siege;
use super::state::{Order, Phase, pair};
use crate::battle::{Battle, Dice, Outcome, RuleError, Side, UnitId};
use crate::hex::Hex;

type B = Battle<super::MassBattle>;

/// A scratch copy of the battle that records every event it applies.
pub(super) struct Run<'d> {
    pub(super) b: B,
    events: Vec<Event>,
    pub(super) dice: &'d mut Dice,
}

impl Run<'_> {
    pub(super) fn emit(&mut self, e: Event) {
        super::apply::apply(&mut self.b, &e);
        self.events.push(e);
    }
}

pub fn open(b: &B, dice: &mut Dice) -> Vec<Event> {
    let mut run = Run {
        b: b.clone(),
        events: Vec::new(),
        dice,
    };
    if b.global.deployment.is_some() {
        run.emit(Event::PhaseStarted { phase: Phase::Deployment });
    } else {
        start_sequence(&mut run);
    }
    run.events
}

pub fn resolve(b: &B, command: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
    if !is_legal(b, command) {
        return Err(RuleError(crate::battle::refusal::why_refused(b, command)));
    }
    let side = legal::deciding_side(b).ok_or_else(|| RuleError("the battle is over".into()))?;
    Ok(resolve_legal(b, side, command, dice))
}

/// The events of a command already known legal for `side`.
pub fn resolve_legal(b: &B, side: Side, command: &Command, dice: &mut Dice) -> Vec<Event> {
    let mut run = Run {
        b: b.clone(),
        events: Vec::new(),
        dice,
    };
    match command {
        Command::Give { unit, order } => run.emit(Event::OrderGiven {
            side,
            unit: *unit,
            order: order.clone(),
        }),
        Command::Slice { unit } => run.emit(Event::SliceGiven { side, unit: *unit }),
        Command::Place { unit, hex } => run.emit(Event::Placed { side, unit: *unit, hex: *hex }),
        Command::Standard { unit } => run.emit(Event::StandardGiven { side, unit: *unit }),
        Command::Seal if run.b.global.phase == Phase::Deployment => {
            run.emit(Event::Sealed { side });
            if run.b.global.sealed == [true, true] {
                let placements = run.b.on_board().filter_map(|u| Some(super::state::Placement { unit: u.id, hex: u.hex? })).collect();
                let standards = [Side(0), Side(1)].map(|s| run.b.on_board().find(|u| u.side == s && u.state.standard).map(|u| u.id));
                run.emit(Event::DeploymentRevealed { placements, standards });
                start_sequence(&mut run);
            }
        }
        Command::Seal => {
            run.emit(Event::Sealed { side });
            let besieger = run.b.global.siege.as_ref().map(|s| s.besieger);
            if besieger == Some(side) {
                let section = run.b.global.siege.as_ref().and_then(|s| s.declared);
                run.emit(Event::SectionDeclared { section });
            }
            if run.b.global.sealed == [true, true] {
                // An undefended section is breached at once, where the besieger picks (l. 187).
                match run.b.global.siege.as_ref().and_then(|s| s.declared) {
                    Some(section)
                        if !siege::defended(&run.b, section)
                            && siege::has_standing_wall(&run.b, section) =>
                    {
                        run.emit(Event::BreachPending { section })
                    }
                    _ => play_sequence(&mut run),
                }
            }
        }
        Command::Besiege { section } => run.emit(Event::SectionChosen { section: *section }),
        Command::Assign { unit } => run.emit(Event::Assigned { unit: *unit }),
        Command::Breach { hex } => {
            run.emit(Event::BreachOpened {
                hex: *hex,
                rule: "l. 187",
            });
            play_sequence(&mut run);
        }
        Command::Pursue { unit, target } => {
            run.emit(Event::PursuitChosen { unit: *unit, target: *target });
            if run.b.global.choosing.iter().all(Vec::is_empty) {
                let pursuits = run.b.global.pursuits.clone();
                strike_pursuits(&mut run, &pursuits);
                melee(&mut run);
                morale_phase(&mut run);
            }
        }
        Command::Rally { unit } => {
            rally_test(&mut run, *unit);
            after_rallies(&mut run);
        }
        Command::EndRallies => {
            run.emit(Event::RalliesDone { side });
            after_rallies(&mut run);
        }
    }
    run.events
}

fn start_sequence(run: &mut Run) {
    run.emit(Event::SequenceStarted {
        sequence: run.b.turn + 1,
    });
    // The scenario's ruse: a traitor or an infiltrated team opens its hex as the sequence starts
    // (l. 196).
    let ruse = siege::siege(&run.b).and_then(|s| s.ruse.as_ref()).filter(|r| r.sequence == run.b.turn).map(|r| r.hex);
    if let Some(hex) = ruse.filter(|h| siege::standing_wall(&run.b, *h)) {
        run.emit(Event::BreachOpened { hex, rule: "l. 196 (a ruse opens the way)" });
    }
    run.emit(Event::PhaseStarted {
        phase: Phase::Orders,
    });
}

/// Both envelopes are in: reveal them, then shooting, movement, melee and the morale phase's
/// automatic part.
fn play_sequence(run: &mut Run) {
    let b = &run.b;
    let mut orders = Vec::new();
    for u in b.on_board().filter(|u| !u.state.leaving) {
        let given = b.global.drafts[u.side.index()]
            .iter()
            .find(|(id, _)| *id == u.id)
            .map(|(_, o)| o.clone());
        // A unit assigned to the attacked section holds its post on the walls (l. 185, 204).
        let assigned = b
            .global
            .siege
            .as_ref()
            .is_some_and(|s| s.assigned.contains(&u.id));
        let order = if assigned {
            Order::Hold
        } else {
            given.unwrap_or_else(|| default_order(b, u))
        };
        let order = match order {
            Order::Auto if b.global.is_free(u.id) => {
                auto_target(b, u.id).map_or(Order::Hold, Order::Engage)
            }
            other => other,
        };
        orders.push((u.id, order));
    }
    let slices = [0, 1]
        .iter()
        .flat_map(|s| b.global.slices[*s].clone())
        .collect();
    let cowards: Vec<(UnitId, Side)> = if b.global.coward_penalty {
        orders
            .iter()
            .filter_map(|(id, order)| {
                let u = b.unit(*id)?;
                let on_a_unit = matches!(order, Order::Engage(t) if b.unit(*t).is_some_and(|t| t.state.kind() == Kind::Standard));
                let peers = legal::legal_orders(b, u).iter().any(|o| matches!(o, Order::Duel(_)));
                (u.state.kind() == Kind::Hero && on_a_unit && peers).then_some((*id, u.side))
            })
            .collect()
    } else {
        Vec::new()
    };
    run.emit(Event::OrdersRevealed { orders, slices });
    for (hero, side) in cowards {
        run.emit(Event::Cowardice { hero, side });
    }
    shooting(run);
    if movement(run) {
        melee(run);
        morale_phase(run);
    }
}

/// A huge creature's own target (l. 106, H-M16): the nearest enemy huge creature within its
/// reach, else the nearest standard unit not demoralised (it ignores fleeing units); ties go to
/// the lower id.
fn auto_target(b: &B, id: UnitId) -> Option<UnitId> {
    let u = b.unit(id)?;
    let at = u.hex?;
    let enemies = || {
        b.on_board().filter(|e| {
            e.side != u.side && legal::may_engage(&u.state, &e.state) && siege::may_assault(b, u, e)
        })
    };
    let nearest = |it: Vec<&crate::battle::Unit<super::state::UnitState>>| {
        it.into_iter()
            .filter_map(|e| Some((e.hex?.unsigned_distance_to(at), e.id)))
            .min()
            .map(|(_, id)| id)
    };
    nearest(
        enemies()
            .filter(|e| {
                e.state.kind() == Kind::Huge && e.hex.is_some_and(|h| movement::within_reach(u, h))
            })
            .collect(),
    )
    .or_else(|| {
        nearest(
            enemies()
                .filter(|e| e.state.kind() == Kind::Standard && e.state.demoralised.is_none())
                .collect(),
        )
    })
}

/// Units on the board in id order, with their order.
pub(super) fn ordered(b: &B) -> Vec<(UnitId, Order)> {
    b.on_board()
        .filter_map(|u| Some((u.id, u.state.order.clone()?)))
        .collect()
}

/// A flat attack (a hero's blast, an engine's shot): `roll` thrown, with `terms`, not × troops
/// × the battle table (H-M7, R-M15).
pub(super) fn flat_attack(run: &mut Run, kind: AttackKind, attacker: UnitId, target: UnitId, roll: super::data::Roll, terms: Vec<super::event::Term>) {
    let (faces, total) = roll.throw(run.dice);
    let damage = super::damage::total(total, 1, 100, &terms);
    run.emit(Event::Attacked(super::event::Attack { kind, attacker, target, faces, roll: total, troops: 1, table: 100, terms, damage }));
}

fn strike(run: &mut Run, attacker: UnitId, target: UnitId, kind: AttackKind) {
    let (Some(a), Some(t)) = (run.b.unit(attacker), run.b.unit(target)) else {
        return;
    };
    if let Some(done) = attack(&run.b, a, t, kind, run.dice) {
        run.emit(Event::Attacked(done));
    }
}

/// The damage of the phase comes off (l. 53, 59); destroyed units leave.
fn end_of_phase(run: &mut Run) {
    let mut targets: Vec<UnitId> = run.b.global.pending.iter().map(|h| h.target).collect();
    targets.sort();
    targets.dedup();
    for id in targets {
        let damage: i64 = run
            .b
            .global
            .pending
            .iter()
            .filter(|h| h.target == id)
            .map(|h| h.damage)
            .sum();
        let Some(u) = run.b.unit(id) else { continue };
        let pvt = (u.state.pvt - damage).max(0);
        let mut after = u.state.clone();
        after.pvt = pvt;
        run.emit(Event::DamageTaken {
            unit: id,
            damage,
            pvt,
            troops: after.troops(),
        });
    }
    let destroyed: Vec<UnitId> = run
        .b
        .on_board()
        .filter(|u| u.state.pvt <= 0)
        .map(|u| u.id)
        .collect();
    heroes::officers_after_damage(run);
    let destroyed: Vec<UnitId> = destroyed
        .into_iter()
        .filter(|id| run.b.unit(*id).is_some_and(|u| u.hex.is_some()))
        .collect();
    for id in destroyed {
        let officer = heroes::officer_of_destroyed(&run.b, id);
        let hero = run.b.unit(id).is_some_and(|u| u.state.kind() == Kind::Hero);
        remove(run, id, if hero { "killed" } else { "destroyed" });
        if let Some(h) = officer.or(hero.then_some(id)) {
            heroes::fallen(run, h);
        }
    }
}

pub(super) fn remove(run: &mut Run, id: UnitId, why: &'static str) {
    let Some(u) = run.b.unit(id) else { return };
    let (side, standard) = (u.side, u.state.standard);
    // A unit leaving alive (a failed rally, a surrender) leaves its officer standing alone.
    if let Some((hero, hp)) = u.state.officer.filter(|_| u.state.pvt > 0) {
        run.emit(Event::OfficerAlone {
            unit: id,
            hero,
            hp: u.state.pvt.min(hp),
        });
    }
    run.emit(Event::Removed { unit: id, why });
    if standard && !run.b.global.standard_lost[side.index()] {
        run.emit(Event::StandardLost { side });
    }
}

fn shooting(run: &mut Run) {
    run.emit(Event::PhaseStarted {
        phase: Phase::Shooting,
    });
    engines::rams_start(run);
    for (id, order) in ordered(&run.b) {
        match order {
            Order::Cast(t) => heroes::blast(run, id, t),
            Order::Bombard(hex) => engines::bombard(run, id, hex),
            Order::Passwall(hex) => engines::passwall(run, id, hex),
            Order::Shoot(t) => {
                // The target must still be free and in reach (l. 48): nothing has moved yet.
                let Some(u) = run.b.unit(id).filter(|u| legal::shots(&run.b, u).contains(&t)) else { continue };
                if engines::engine(&u.state).is_some() {
                    engines::shot(run, id, t);
                } else {
                    strike(run, id, t, AttackKind::Shot);
                }
            }
            _ => {}
        }
    }
    end_of_phase(run);
    engines::walls_fall(run);
}

/// The movement phase, up to its pursuits; `false` when a side must first choose a pursuer's
/// target (l. 90), whose command then ends the phase.
fn movement(run: &mut Run) -> bool {
    run.emit(Event::PhaseStarted {
        phase: Phase::Movement,
    });
    // 1. Units that failed a rally leave (l. 94).
    let leaving: Vec<UnitId> = run
        .b
        .on_board()
        .filter(|u| u.state.leaving)
        .map(|u| u.id)
        .collect();
    for id in leaving {
        remove(run, id, "left the field after a failed rally");
    }
    // 2. The units assigned to the attacked section take their posts on its walls, in id order.
    let posted = run
        .b
        .global
        .siege
        .as_ref()
        .map(|s| (s.declared, s.assigned.clone()));
    if let Some((Some(section), mut assigned)) = posted {
        assigned.sort();
        for id in assigned {
            let here = run.b.unit(id).and_then(|u| u.hex);
            let Some(post) = siege::posts(&run.b, id, section).into_iter().next() else {
                continue;
            };
            if Some(post) != here {
                if let Some(path) =
                    movement::reach(&run.b, id).and_then(|r| r.path(&run.b.map, post))
                {
                    run.emit(Event::Moved { unit: id, path });
                }
            }
        }
    }
    // Heroes join the units they serve as officers (l. 129-131).
    heroes::officers(run);
    // Who may attack a disengaging unit, read before anyone moves (R-M7, R-M8).
    let pursuits = pursuits(&run.b);
    // 3. Disengaging moves, in id order.
    for (id, order) in ordered(&run.b) {
        if order.disengages() {
            if let Some((_, path)) = movement::disengage_to(&run.b, id) {
                let gate = siege::sortie_breach(&run.b, id, &path);
                run.emit(Event::Moved { unit: id, path });
                if let Some(hex) = gate {
                    run.emit(Event::BreachOpened { hex, rule: "l. 206, H-M13" });
                }
            }
        }
    }
    // 4. Free moves.
    let movers: Vec<(UnitId, Order)> = ordered(&run.b)
        .into_iter()
        .filter(|(id, o)| {
            matches!(o, Order::Engage(_) | Order::March(_)) && run.b.global.is_free(*id)
        })
        .collect();
    let mut done: Vec<UnitId> = Vec::new();
    // The breach hexes besiegers went through this phase (l. 200, H-M13).
    let mut through: Vec<Hex> = Vec::new();
    for id in movement::move_order(&run.b, &movers) {
        if done.contains(&id) {
            continue;
        }
        done.push(id);
        match movers
            .iter()
            .find(|(m, _)| *m == id)
            .map(|(_, o)| o.clone())
        {
            Some(Order::March(to)) => {
                // A unit engaged meanwhile by an enemy's move stays to fight.
                if let Some(path) =
                    movement::march_path(&run.b, id, to).filter(|_| run.b.global.is_free(id))
                {
                    let (path, _) = movement::through_breaches(&run.b, id, path, &mut through, true);
                    if !path.is_empty() {
                        run.emit(Event::Moved { unit: id, path });
                    }
                }
            }
            Some(Order::Engage(t)) => {
                let adjacent = strikes(&run.b, id, t);
                if adjacent || !run.b.global.is_free(id) {
                    // Already next to it (B4: no move needed), or engaged meanwhile: it stays.
                    if adjacent && !run.b.global.is_engaged(id, t) {
                        run.emit(Event::Engaged { a: id, b: t });
                    }
                    continue;
                }
                let mutual = movers
                    .iter()
                    .any(|(m, o)| *m == t && *o == Order::Engage(id))
                    && !done.contains(&t)
                    && run.b.global.is_free(t);
                // A meeting through a breach already used up is not one (l. 200).
                let meeting = mutual.then(|| movement::meeting(&run.b, id, t)).flatten().and_then(|(mine, theirs)| {
                    let mut trial = through.clone();
                    let (mine, cut_mine) = movement::through_breaches(&run.b, id, mine, &mut trial, false);
                    let (theirs, cut_theirs) = movement::through_breaches(&run.b, t, theirs, &mut trial, false);
                    (!cut_mine && !cut_theirs).then_some((mine, theirs, trial))
                });
                if let Some((mine, theirs, trial)) = meeting {
                    through = trial;
                    done.push(t);
                    for (unit, path) in [(id, mine), (t, theirs)] {
                        if !path.is_empty() {
                            run.emit(Event::Moved { unit, path });
                        }
                    }
                    run.emit(Event::Engaged { a: id, b: t });
                    continue;
                }
                if let Some((path, arrives)) = movement::engage_path(&run.b, id, t) {
                    let (path, cut) = movement::through_breaches(&run.b, id, path, &mut through, false);
                    let arrives = arrives && !cut;
                    if !path.is_empty() {
                        run.emit(Event::Moved { unit: id, path });
                    }
                    if arrives {
                        run.emit(Event::Engaged { a: id, b: t });
                    }
                }
            }
            _ => {}
        }
    }
    // Engaged units engaging an adjacent enemy they are not yet engaged with (B4).
    for (id, order) in ordered(&run.b) {
        let Order::Engage(t) = order else { continue };
        if strikes(&run.b, id, t) && !run.b.global.is_engaged(id, t) {
            run.emit(Event::Engaged { a: id, b: t });
        }
    }
    // 6. A pursuer engaged with other enemies too, before or by the moves, picks its one target
    // (l. 90); each side chooses for its own. A huge creature is not asked: it crushes every unit
    // engaged with it anyway (l. 106).
    let mut choosing = [Vec::new(), Vec::new()];
    for (pursuer, quarry) in &pursuits {
        let asked = |u: &&crate::battle::Unit<super::state::UnitState>| u.state.kind() != Kind::Huge && !legal::fought_instead(&run.b, *pursuer, *quarry).is_empty();
        if let Some(u) = run.b.unit(*pursuer).filter(asked) {
            choosing[u.side.index()].push(*pursuer);
        }
    }
    if choosing.iter().any(|c| !c.is_empty()) {
        run.emit(Event::PursuitsOffered { pursuits, choosing });
        return false;
    }
    strike_pursuits(run, &pursuits);
    true
}

/// The attacks on fleeing, retreating and withdrawing units (l. 29-31, 86-90), except by the
/// pursuers that turned to another enemy (l. 90), then the phase's damage.
fn strike_pursuits(run: &mut Run, pursuits: &[(UnitId, UnitId)]) {
    for (pursuer, target) in pursuits {
        let turned = run.b.global.turned.iter().any(|(p, _)| p == pursuer);
        if !turned && run.b.unit(*pursuer).is_some_and(|u| u.hex.is_some()) {
            strike(run, *pursuer, *target, AttackKind::Pursuit);
        }
    }
    end_of_phase(run);
}

/// Whether `id` stands where it strikes `t`: next to it, and up a wall only by ladders or from
/// within (H-M13).
fn strikes(b: &B, id: UnitId, t: UnitId) -> bool {
    let (Some(u), Some(e)) = (b.unit(id), b.unit(t)) else { return false };
    u.hex.is_some_and(|h| siege::strikes_from(b, u, e, h))
}

/// Each pursuit of the movement phase, as (pursuer, target), in the pursuer's id order (the order
/// of the dice). A fleeing unit's pursuer is the enemy engaged with it that hurt it most in the
/// sequence it was demoralised (l. 86, R-M7), never a huge creature (l. 106); a retreating unit's,
/// the enemy engaged with it that the rule of H-M5 picks (R-M8: the enemy commander's choice, made
/// by that rule). A pursuer is never itself disengaging, and makes one attack (R-M7): a second
/// unit it could pursue escapes. Ties go to the lower id. A withdrawing unit cannot be attacked
/// (l. 29).
fn pursuits(b: &B) -> Vec<(UnitId, UnitId)> {
    let mut out: Vec<(UnitId, UnitId)> = Vec::new();
    for (id, order) in ordered(b) {
        let Some(u) = b.unit(id) else { continue };
        let foes: Vec<&crate::battle::Unit<super::state::UnitState>> = b
            .global
            .engaged_with(id)
            .into_iter()
            .filter_map(|f| b.unit(f))
            .filter(|f| !f.state.order.as_ref().is_some_and(Order::disengages))
            .collect();
        let pick = match order {
            Order::Flee => foes
                .iter()
                .filter(|f| f.state.kind() != Kind::Huge)
                .filter_map(|f| {
                    Some((
                        u.state
                            .hurt_when_demoralised
                            .iter()
                            .find(|(h, _)| *h == f.id)?
                            .1,
                        f.id,
                    ))
                })
                .filter(|(damage, _)| *damage > 0)
                .max_by_key(|(d, f)| (*d, std::cmp::Reverse(*f)))
                .map(|(_, f)| f),
            Order::Retreat => foes
                .iter()
                .max_by_key(|f| {
                    (
                        tables().battle.percent(f.state.row().hd, u.state.row().ac),
                        std::cmp::Reverse(u.state.pvt),
                        std::cmp::Reverse(f.id),
                    )
                })
                .map(|f| f.id),
            _ => None,
        };
        if let Some(p) = pick.filter(|p| !out.iter().any(|(q, _)| q == p)) {
            out.push((p, id));
        }
    }
    if b.global.withdraw_option {
        out.extend(withdrawal_blows(b, &out));
    }
    out.sort();
    out
}

/// The option of l. 30: a unit that withdraws from several enemies may be attacked by each but
/// the first (the lowest id: the engine does not record who engaged first), if it pursues no one
/// else (R-M7: one attack). One with no one else to fight strikes; one engaged with others too
/// chooses, as for l. 90.
fn withdrawal_blows(b: &B, pursuing: &[(UnitId, UnitId)]) -> Vec<(UnitId, UnitId)> {
    let leaves = |u: UnitId| b.unit(u).is_some_and(|u| u.state.order.as_ref().is_some_and(Order::disengages));
    let mut out: Vec<(UnitId, UnitId)> = Vec::new();
    for (id, order) in ordered(b) {
        if order != Order::Withdraw {
            continue;
        }
        let foes: Vec<UnitId> = b.global.engaged_with(id).into_iter().filter(|f| !leaves(*f)).collect();
        for f in foes.into_iter().skip(1) {
            let busy = pursuing.iter().chain(out.iter()).any(|(p, _)| *p == f);
            if !busy {
                out.push((f, id));
            }
        }
    }
    out
}

/// The target of an engaged unit's melee attack: the one its order names, else the engaged enemy
/// it has the best percentage against, then the weakest, then the lowest id (H-M5). Disengaging
/// enemies are out of its reach (l. 29-31).
fn melee_target(b: &B, id: UnitId) -> Option<UnitId> {
    let u = b.unit(id)?;
    let open: Vec<UnitId> = b
        .global
        .engaged_with(id)
        .into_iter()
        .filter(|e| {
            b.unit(*e)
                .is_some_and(|e| !e.state.order.as_ref().is_some_and(Order::disengages))
        })
        .collect();
    // The enemy a pursuer turned to instead of its quarry (l. 90), else the one its order names.
    let turned = b.global.turned.iter().find(|(p, _)| *p == id).map(|(_, t)| t);
    let ordered = if let Some(Order::Engage(t)) = &u.state.order { Some(t) } else { None };
    if let Some(t) = turned.or(ordered).filter(|t| open.contains(t)) {
        return Some(*t);
    }
    // A huge creature turns from fleeing units to those still able to fight, imposing ones first
    // (l. 106).
    let huge = u.state.kind() == Kind::Huge;
    open.into_iter()
        .filter_map(|e| b.unit(e))
        .filter(|e| !huge || e.state.demoralised.is_none())
        .max_by_key(|e| {
            (
                huge && e.state.kind() == Kind::Huge,
                tables().battle.percent(u.state.row().hd, e.state.row().ac),
                std::cmp::Reverse(e.state.pvt),
                std::cmp::Reverse(e.id),
            )
        })
        .map(|e| e.id)
}

fn melee(run: &mut Run) {
    run.emit(Event::PhaseStarted {
        phase: Phase::Melee,
    });
    // Hero duels first (B4).
    heroes::duels(run);
    for (id, order) in ordered(&run.b) {
        let attacked = run.b.unit(id).is_some_and(|u| u.state.attacked);
        if attacked || order.disengages() {
            continue;
        }
        if let Some(t) = melee_target(&run.b, id) {
            strike(run, id, t, AttackKind::Melee);
        }
    }
    // Every other standard unit engaged with a huge creature suffers its 10 × HD too (l. 106); the
    // creature ignores fleeing units and those leaving the fight (l. 29, 106), and one that fought
    // a duel is busy with its peer.
    let mut crushed = Vec::new();
    for h in run
        .b
        .on_board()
        .filter(|u| u.state.kind() == Kind::Huge && !u.state.duelled)
    {
        for t in run
            .b
            .global
            .engaged_with(h.id)
            .into_iter()
            .filter_map(|e| run.b.unit(e))
        {
            let struck = run
                .b
                .global
                .pending
                .iter()
                .any(|p| p.attacker == Some(h.id) && p.target == t.id);
            let leaving = t.state.demoralised.is_some()
                || t.state.order.as_ref().is_some_and(Order::disengages);
            if t.state.kind() == Kind::Standard && !struck && !leaving {
                crushed.push(super::combat::crushing(&run.b, h, t, AttackKind::Melee));
            }
        }
    }
    for a in crushed {
        run.emit(Event::Attacked(a));
    }
    end_of_phase(run);
}

pub(super) fn morale_test(run: &mut Run, id: UnitId, kind: TestKind) -> bool {
    let Some(u) = run.b.unit(id) else {
        return false;
    };
    let factors = morale::modifiers(&run.b, u, kind);
    let morale_value = u.state.row().morale;
    let faces = run.dice.two_d6();
    let protected = heroes::followers_protected(&run.b, id);
    let mut factors = factors;
    if protected {
        factors.push(crate::battle::Factor {
            rule: "l. 98",
            what: "follower of a living cleric: never fails",
            value: 0,
        });
    }
    let passed = protected || morale::passes(faces, morale_value, &factors);
    run.emit(Event::MoraleTest {
        unit: id,
        kind,
        faces,
        morale: morale_value,
        factors,
        passed,
    });
    passed
}

fn rally_test(run: &mut Run, id: UnitId) {
    if morale_test(run, id, TestKind::Rally) {
        run.emit(Event::Rallied { unit: id });
    } else {
        run.emit(Event::WillLeave { unit: id });
    }
}

fn morale_phase(run: &mut Run) {
    run.emit(Event::PhaseStarted {
        phase: Phase::Morale,
    });
    // Standard units engaged with a huge creature are demoralised without a test (l. 106, R-M17,
    // R-M23), in id order.
    for (id, _) in ordered(&run.b) {
        let Some(u) = run.b.unit(id) else { continue };
        let against_huge = run
            .b
            .global
            .engaged_with(id)
            .iter()
            .any(|e| run.b.unit(*e).is_some_and(|e| e.state.kind() == Kind::Huge));
        if u.state.kind() == Kind::Standard && u.state.demoralised.is_none() && against_huge {
            run.emit(Event::Demoralised {
                unit: id,
                by_shooting: false,
                rule: "l. 106",
            });
        }
    }
    // Loss tests (l. 65, R-M5), in id order.
    for (id, _) in ordered(&run.b) {
        let Some(u) = run.b.unit(id) else { continue };
        let lost = u.state.troops() < u.state.troops_at_sequence;
        if u.state.demoralised.is_some() || !lost || morale::never_tests(&u.state) {
            continue;
        }
        let free = run.b.global.is_free(id);
        let by_shooting = free && u.state.lost_in_melee == 0;
        if !morale_test(run, id, TestKind::Losses) {
            run.emit(Event::Demoralised {
                unit: id,
                by_shooting,
                rule: "l. 82",
            });
        }
    }
    // Rally orders (l. 34): a unit no longer free has its order cancelled.
    for (id, order) in ordered(&run.b) {
        let demoralised = run
            .b
            .unit(id)
            .is_some_and(|u| u.state.demoralised.is_some());
        if order == Order::Rally && demoralised && run.b.global.is_free(id) {
            rally_test(run, id);
        }
    }
    // Disengaging units are free at the sequence's end (l. 29, 31).
    for (id, order) in ordered(&run.b) {
        if order.disengages() {
            for e in run.b.global.engaged_with(id) {
                let (a, b) = pair(id, e);
                run.emit(Event::Disengaged { a, b });
            }
        }
    }
    // Then, free, the rally attempts each side may make (l. 92, 100; R-M22).
    for side in [Side(0), Side(1)] {
        let units: Vec<UnitId> = run
            .b
            .on_board()
            .filter(|u| u.side == side && run.b.global.is_free(u.id) && !u.state.leaving)
            .filter(|u| {
                let Some(d) = u.state.demoralised else {
                    return false;
                };
                let fled = matches!(u.state.order, Some(Order::Flee | Order::Withdraw));
                let shot_sequence_over = d.by_shooting && d.sequence + 1 == run.b.turn;
                (fled || shot_sequence_over) && u.state.order != Some(Order::Rally)
            })
            .map(|u| u.id)
            .collect();
        if !units.is_empty() {
            run.emit(Event::RalliesOffered { side, units });
        }
    }
    after_rallies(run);
}

/// With no rally left to decide, the sequence ends.
fn after_rallies(run: &mut Run) {
    if run.b.global.rallies.iter().any(|r| !r.is_empty()) {
        return;
    }
    end_sequence(run);
}

fn end_sequence(run: &mut Run) {
    siege::demoralised_defenders(run);
    engines::rams_count(run);
    regenerate(run);
    // Those that failed their test after the commander's fall surrender (l. 137).
    let surrendering: Vec<UnitId> = run
        .b
        .on_board()
        .filter(|u| u.state.surrendering)
        .map(|u| u.id)
        .collect();
    for id in surrendering {
        remove(run, id, "surrendered");
    }
    run.emit(Event::SequenceEnded {
        sequence: run.b.turn,
    });
    if let Some(outcome) = victory(&run.b) {
        run.emit(Event::BattleEnded { outcome });
        return;
    }
    start_sequence(run);
}

/// Regenerating creatures get back 10 × their rate × the individuals they had at the sequence's
/// start, never above their PVT at the battle's start (and their officer's), unless they fight a unit equipped against
/// them (l. 109).
fn regenerate(run: &mut Run) {
    let per = i64::from(tables().multipliers.regeneration);
    let mut back = Vec::new();
    for u in run.b.on_board() {
        let Some(rate) = u.state.row().traits.iter().find_map(|t| {
            if let Trait::Regeneration(r) = t {
                Some(*r)
            } else {
                None
            }
        }) else {
            continue;
        };
        let countered = run.b.global.engaged_with(u.id).iter().any(|e| {
            run.b
                .unit(*e)
                .is_some_and(|e| e.state.has(&Trait::AntiRegeneration))
        });
        // Its officer's hit points, lost last, stand above its troops' own (R-M12).
        let officer = u.state.officer.map_or(0, |(_, hp)| hp);
        let pvt = (u.state.pvt + per * i64::from(rate) * i64::from(u.state.troops_at_sequence))
            .min(u.state.pvt_at_start + officer);
        if !countered && pvt > u.state.pvt {
            back.push((u.id, pvt));
        }
    }
    for (unit, pvt) in back {
        run.emit(Event::Regenerated { unit, pvt });
    }
}

/// H-M9: a side with no unit left on the field that is neither demoralised nor surrendering loses;
/// at the limit, the side that lost the smaller share of its starting PVT wins, by 10 points or
/// more, else it is a draw.
fn victory(b: &B) -> Option<Outcome> {
    let standing = |side: Side| {
        b.on_board()
            .any(|u| u.side == side && u.state.demoralised.is_none() && !u.state.surrendering)
    };
    match (standing(Side(0)), standing(Side(1))) {
        (false, false) => {
            return Some(Outcome {
                winner: None,
                reason: "neither army has a unit fit to fight (H-M9)".into(),
            });
        }
        (true, false) => {
            return Some(Outcome {
                winner: Some(Side(0)),
                reason: format!("{} has no unit fit to fight (H-M9)", b.sides[1].name),
            });
        }
        (false, true) => {
            return Some(Outcome {
                winner: Some(Side(1)),
                reason: format!("{} has no unit fit to fight (H-M9)", b.sides[0].name),
            });
        }
        (true, true) => {}
    }
    if let Some((winner, reason)) = siege::outcome(b) {
        return Some(Outcome {
            winner: Some(winner),
            reason,
        });
    }
    if b.turn < b.last_turn {
        return None;
    }
    let lost = |side: Side| {
        let now: i64 = b
            .on_board()
            .filter(|u| u.side == side)
            .map(|u| u.state.pvt)
            .sum();
        let start = b.global.start_pvt[side.index()].max(1);
        (start - now) * 100 / start
    };
    let (l0, l1) = (lost(Side(0)), lost(Side(1)));
    let margin = u32::try_from((l0 - l1).unsigned_abs()).unwrap_or(u32::MAX);
    let reason = format!(
        "sequence {}: {} lost {l0}% of its hit points, {} {l1}% (H-M9)",
        b.turn, b.sides[0].name, b.sides[1].name
    );
    Some(if margin < tables().house.draw_below {
        Outcome {
            winner: None,
            reason,
        }
    } else {
        Outcome {
            winner: Some(if l0 < l1 { Side(0) } else { Side(1) }),
            reason,
        }
    })
}
