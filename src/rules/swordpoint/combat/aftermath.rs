//! What the combats' results do (SP5.6–5.12, SP5.78–5.85, H-12–H-14, H-27, R-8, R-10): commander
//! deaths, recoils and break tests, the 12" tests, momentum, flights, and the follow-up and
//! pursuit decisions with what each does once taken.

use super::result::{Verdict, action_of};
use super::strike::{members, opponents};
use super::{B, Fought};
use crate::battle::{Side, UnitId};
use crate::hex::{Hex, Sector};
use crate::rules::swordpoint::common::{self, Ctx};
use crate::rules::swordpoint::data::{Award, DeathTest, LoserAction, Trait, tables};
use crate::rules::swordpoint::event::{Event, Factor, Marker, MoveKind, Test};
use crate::rules::swordpoint::movement;
use crate::rules::swordpoint::state::{Response, Step};
use crate::rules::swordpoint::turn;
use crate::rules::swordpoint::unit::{distance, general_hex, within};

/// The faces of a pursuit die (H-13).
const D6: u8 = 6;

/// How a unit of a beaten side came out of its result, from the mildest to the worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Fate {
    Continued,
    Recoiled,
    /// Took a break test and stays in the fight: passed (SP5.68), or the stubborn reprieve (SP5.75).
    TestedAndRecoiled,
    Broke,
}

/// What a result did to one unit of a beaten side.
pub(super) struct Outcome {
    pub combat: u32,
    /// Fought in the combat, rather than supporting a beaten unit from beside it (SP5.73).
    pub fought: bool,
    pub fate: Fate,
    /// It took a break test (SP5.79).
    pub tested: bool,
    /// The hex it recoiled from, if it did.
    pub from: Option<Hex>,
}

/// The units this phase broke, and where friends broke or were destroyed (SP2.2, SP5.10).
#[derive(Default)]
pub(super) struct Shaken {
    /// Broken this phase, each once: they flee after the combats (SP5.12).
    broken: Vec<UnitId>,
    /// Each side's units broken or destroyed, and where: their friends within 12" test.
    near: Vec<(Side, Hex)>,
    /// Where each army general killed this phase fell: his side's units within 12" test with the
    /// results (SP5.10).
    fell: Vec<(Side, Hex)>,
}

impl Shaken {
    /// `unit` breaks, standing where it is.
    fn broke(&mut self, b: &B, unit: UnitId) {
        let Some(u) = b.unit(unit) else { return };
        if !self.broken.contains(&unit) {
            self.broken.push(unit);
        }
        if let Some(h) = u.hex {
            self.near.push((u.side, h));
        }
    }

    /// `unit`, if the strikes destroyed it, where it stood as the phase began.
    pub(super) fn destroyed(&mut self, now: &B, start: &B, unit: UnitId) {
        let gone = now.unit(unit).is_some_and(|u| u.state.destroyed);
        if let Some(place) = start.unit(unit).and_then(|u| u.hex.map(|h| (u.side, h))).filter(|_| gone) {
            self.near.push(place);
        }
    }
}

/// SP5.6–5.7, A.0: the death tests of the commanders with each unit that lost figures, ascending
/// unit id; a unit whose row makes it recoil or break tests on SP:L173–174, any other (won, drew,
/// or held at 0–1) on SP:L171–172. A destroyed unit's commanders have ridden to a friend and are
/// not tested. Where an army general fell is kept for his units' tests, which come with the
/// results (`general_tests`).
pub(super) fn commander_deaths(ctx: &mut Ctx, fought: &[Fought], shaken: &mut Shaken) {
    let mut hit: Vec<(UnitId, DeathTest)> = Vec::new();
    for f in fought {
        for (unit, _) in f.lost.iter().filter(|(_, n)| *n > 0) {
            let gave_way = f.verdicts.iter().any(|v| v.unit == *unit && action_of(v.row) != LoserAction::Continue);
            hit.push((*unit, if gave_way { DeathTest::RecoiledOrBroke } else { DeathTest::WonOrHeld }));
        }
    }
    hit.sort_by_key(|(unit, _)| *unit);
    for (unit, test) in hit {
        let Some(place) = ctx.b.unit(unit).and_then(|u| u.hex.map(|h| (u.side, h))) else { continue };
        if common::commander_tests(ctx, unit, test, "SP:L170") {
            shaken.fell.push(place);
        }
    }
}

/// SP5.10 (SP:L175–178): the tests for the army generals killed this phase come with the results,
/// after the recoils and break tests, so a unit the combat made Demoralised tests Demoralised.
pub(super) fn general_tests(ctx: &mut Ctx, shaken: &mut Shaken) {
    for (side, at) in shaken.fell.clone() {
        general_killed(ctx, side, at, shaken);
    }
}

/// SP5.10, SP2.4: the army general fell at `at`. Every steady unit of his side within 12" tests,
/// ascending id (those beyond test in the next Initial phase, SP1.4); failure breaks it.
fn general_killed(ctx: &mut Ctx, side: Side, at: Hex, shaken: &mut Shaken) {
    let radius = tables().cohesion.triggers.general_death;
    let near: Vec<UnitId> = ctx
        .b
        .on_board()
        .filter(|u| u.side == side && u.state.steady() && u.hex.is_some_and(|h| within(distance(at, h), radius)))
        .map(|u| u.id)
        .collect();
    for unit in near {
        if !common::cohesion_test(ctx, unit, Test::GeneralKilled, Vec::new(), 1) {
            shaken.broke(&ctx.b, unit);
            common::break_unit(ctx, unit, "SP:L178");
        }
    }
}

/// SP5.8, A.0: every result, ascending unit id across the combats. A unit already broken (by its
/// army general's death) or gone has none left to carry out. A support standing between two beaten
/// units has a row from each: the worse one is carried out.
pub(super) fn apply_results(ctx: &mut Ctx, fought: &[Fought], shaken: &mut Shaken) -> Vec<Outcome> {
    let mut all: Vec<(u32, &Verdict)> = fought.iter().flat_map(|f| f.verdicts.iter().map(move |v| (f.combat, v))).collect();
    all.sort_by_key(|(_, v)| (v.unit, std::cmp::Reverse(v.row)));
    all.dedup_by_key(|(_, v)| v.unit);
    all.into_iter().filter_map(|(combat, v)| apply_one(ctx, combat, v, shaken)).collect()
}

/// One unit's row (SP5.66–5.69), the recoil as `recoil` makes it (H-27). Demoralised comes with
/// every row but the first; the break
/// test (SP5.9, R-8: the moderated differential; SP5.29: a unit within 12" of its army general,
/// not skirmishers, rolls again at once after a failure) is taken before the marker is set.
fn apply_one(ctx: &mut Ctx, combat: u32, v: &Verdict, shaken: &mut Shaken) -> Option<Outcome> {
    let u = ctx.b.unit(v.unit)?;
    if u.hex.is_none() || !u.state.steady() {
        return None;
    }
    let fought = ctx.b.global.combat_of(v.unit).is_some_and(|c| c.id == combat);
    let mut out = Outcome { combat, fought, fate: Fate::Continued, tested: false, from: None };
    match action_of(v.row) {
        LoserAction::Continue => {}
        LoserAction::Recoil { .. } => {
            out.from = recoil(ctx, v.unit);
            common::set_marker(ctx, v.unit, Marker::Demoralised, true, "SP:L269");
            out.fate = Fate::Recoiled;
        }
        LoserAction::BreakTest { .. } => {
            out.tested = true;
            if break_test(ctx, v.unit, v.moderated) {
                out.from = recoil(ctx, v.unit);
                common::set_marker(ctx, v.unit, Marker::Demoralised, true, "SP:L270");
                out.fate = Fate::TestedAndRecoiled;
            } else if stubborn(&ctx.b, v) {
                // the reprieve is a recoil only, with no Demoralised marker.
                common::set_marker(ctx, v.unit, Marker::StubbornUsed, true, "SP:L280");
                out.from = recoil(ctx, v.unit);
                out.fate = Fate::TestedAndRecoiled;
            } else {
                shaken.broke(&ctx.b, v.unit);
                common::break_unit(ctx, v.unit, "SP:L270");
                out.fate = Fate::Broke;
            }
        }
        LoserAction::Break => {
            shaken.broke(&ctx.b, v.unit);
            common::break_unit(ctx, v.unit, "SP:L271");
            out.fate = Fate::Broke;
        }
    }
    Some(out)
}

/// The 4" recoil (A.3.1: one hex) through F+3, else F+2 or F+4, facing kept (H-27); returns the
/// hex it left. With none open it stays in contact and carries out the rest of its row: the rows
/// of SP:L269–270 go on with the combat anyway ("continue le Combat"), so a blocked recoil only
/// loses the 4" (and the winner has no hex to follow into, SP:L287); it reads no other row.
fn recoil(ctx: &mut Ctx, unit: UnitId) -> Option<Hex> {
    let Some(to) = movement::recoil_hex(&ctx.b, unit) else {
        ctx.emit(Event::RecoilBlocked { unit });
        return None;
    };
    let u = ctx.b.unit(unit)?;
    let (from, facing) = (u.hex?, u.facing);
    common::move_unit(ctx, unit, vec![to], facing, MoveKind::Recoil);
    Some(from)
}

/// The break test (SP5.8–5.9): a cohesion test with the moderated differential added, and
/// the Demoralised and exhausted modifiers of SP:L177; one attempt more for the re-roll of SP5.29,
/// always taken.
fn break_test(ctx: &mut Ctx, unit: UnitId, moderated: u8) -> bool {
    let value = i8::try_from(moderated).unwrap_or(i8::MAX);
    let extra = vec![Factor { rule: "SP:L177", what: "combat differential", value }];
    let attempts = 1 + u8::from(may_reroll(&ctx.b, unit));
    common::cohesion_test(ctx, unit, Test::Break, extra, attempts)
}

/// SP5.29, R-4: within 12" of its army general, and not skirmishers.
fn may_reroll(b: &B, unit: UnitId) -> bool {
    let Some(u) = b.unit(unit) else { return false };
    let reach = tables().command.general_reach;
    !u.state.skirmishers() && general_hex(b, u.side).zip(u.hex).is_some_and(|(g, h)| within(distance(g, h), reach))
}

/// SP5.75: a stubborn unit that has not used its reprieve, beaten by a moderated differential of
/// the break-test row (4–5), before any shift.
fn stubborn(b: &B, v: &Verdict) -> bool {
    let fresh = b.unit(v.unit).is_some_and(|u| u.state.has(Trait::Stubborn) && !u.state.stubborn_spent);
    fresh && matches!(action_of(v.plain_row), LoserAction::BreakTest { .. })
}

/// SP5.10, SP2.2, R-12: every steady unit within 12" of a friend that broke or was destroyed this
/// phase tests once, ascending id; one that won or held its own combat has two attempts. A failure
/// breaks it without making its own friends test in turn (one pass: no chain).
pub(super) fn friends_broken(ctx: &mut Ctx, shaken: &mut Shaken) {
    let t = &tables().cohesion.triggers;
    let near = shaken.near.clone();
    let testing: Vec<UnitId> = ctx
        .b
        .on_board()
        .filter(|u| u.state.steady() && !shaken.broken.contains(&u.id))
        .filter(|u| u.hex.is_some_and(|h| near.iter().any(|(side, at)| *side == u.side && within(distance(*at, h), t.broken_friend))))
        .map(|u| u.id)
        .collect();
    for unit in testing {
        let attempts = if ctx.b.unit(unit).is_some_and(|u| u.state.won_combat) { t.attempts_after_winning } else { 1 };
        if !common::cohesion_test(ctx, unit, Test::FriendBroken, Vec::new(), attempts) {
            common::break_unit(ctx, unit, "SP:L178");
            shaken.broken.push(unit);
        }
    }
}

/// H-14: for each unit that recoiled, ascending id, the winner that may move into the hex it left:
/// a steady unit of the winning side in that combat, beside the hex with it in its front sector,
/// the lowest id not already following another. None when the hex is taken. Each step comes with
/// its combat.
pub(super) fn follow_ups(b: &B, fought: &[Fought], outcomes: &[Outcome]) -> Vec<(u32, Step)> {
    let mut out: Vec<(u32, Step)> = Vec::new();
    // A support that recoiled from beside the combat leaves no hex the winner fought for.
    for o in outcomes.iter().filter(|o| o.fought) {
        let Some(into) = o.from else { continue };
        let Some(winner) = fought.iter().find(|f| f.combat == o.combat).and_then(|f| f.winner) else { continue };
        if b.unit_at(into).is_some() {
            continue;
        }
        let following = |id: UnitId| out.iter().any(|(_, s)| matches!(s, Step::FollowUp { unit, .. } if *unit == id));
        let follower = members(b, o.combat).into_iter().filter_map(|id| b.unit(id)).find(|w| {
            let faces_it = w.hex.is_some_and(|h| distance(h, into) == 1 && w.facing.sector(h, into) == Some(Sector::Front));
            w.side == winner && faces_it && !following(w.id)
        });
        if let Some(w) = follower {
            out.push((o.combat, Step::FollowUp { unit: w.id, into }));
        }
    }
    out
}

/// SP5.11, SP5.78–5.83, SP5.85: the momentum each combat earns its sides, collected after the 12"
/// tests. Each award counts once a combat; different awards add up. The winner earns 1 for a win
/// that pushed no enemy back (no recoil, no break), or whose recoiling enemies it cannot follow
/// (SP5.78); 1 for a break test forced (SP5.79); 3 for an enemy broken by the result (SP5.83).
/// Either side earns 2 for an enemy it brought to half its strength points or less (SP5.82).
pub(super) fn awards(ctx: &mut Ctx, start: &B, fought: &[Fought], outcomes: &[Outcome], follow_ups: &[(u32, Step)]) {
    for f in fought {
        let mine: Vec<&Outcome> = outcomes.iter().filter(|o| o.combat == f.combat).collect();
        let broke = mine.iter().any(|o| o.fate == Fate::Broke);
        if let Some(w) = f.winner {
            let recoiled = mine.iter().any(|o| o.from.is_some());
            let followed = follow_ups.iter().any(|(c, _)| *c == f.combat);
            if (!recoiled && !broke) || (recoiled && !followed) {
                common::award(ctx, w, Award::WonRoundWithoutRecoil, "SP:L287");
            }
            if mine.iter().any(|o| o.tested) {
                common::award(ctx, w, Award::ForcedBreakTest, "SP:L287");
            }
        }
        for side in Side::BOTH {
            if halved(start, &ctx.b, f, side) {
                common::award(ctx, side, Award::HalvedEnemyStrength, "SP:L289");
            }
        }
        if let (Some(w), true) = (f.winner, broke) {
            common::award(ctx, w, Award::BrokeEnemy, "SP:L290");
        }
    }
}

/// SP5.82: an enemy of `side` in this combat had more than half its starting strength points as the
/// phase began and has half or less now.
fn halved(start: &B, now: &B, f: &Fought, side: Side) -> bool {
    f.units.iter().any(|id| {
        let (Some(before), Some(after)) = (start.unit(*id), now.unit(*id)) else { return false };
        let at_most_half = |strength: u32| 2 * strength <= before.state.start_strength();
        before.side != side && !at_most_half(before.state.strength()) && at_most_half(after.state.strength())
    })
}

/// SP5.12, H-12: every unit broken this phase flees now, ascending id.
pub(super) fn flights(ctx: &mut Ctx, shaken: &Shaken) {
    let mut broken = shaken.broken.clone();
    broken.sort();
    for unit in broken {
        if ctx.b.unit(unit).is_some_and(|u| u.hex.is_some() && u.state.fleeing) {
            turn::flee(ctx, unit);
        }
    }
}

/// SP5.12, H-13: for each unit broken this phase (ascending id) that has not been destroyed, the
/// winner that may pursue it: the lowest-id enemy that touched it as the phase began, in its
/// combat, of the side that won that combat, steady, in no combat now and pursuing no other unit.
pub(super) fn pursuits(b: &B, start: &B, fought: &[Fought], shaken: &Shaken) -> Vec<Step> {
    let mut broken = shaken.broken.clone();
    broken.sort();
    let mut out: Vec<Step> = Vec::new();
    for fleeing in broken {
        if b.unit(fleeing).is_none_or(|u| u.state.destroyed) {
            continue;
        }
        let Some(f) = fought.iter().find(|f| f.units.contains(&fleeing)) else { continue };
        let (Some(winner), Some(was)) = (f.winner, start.unit(fleeing)) else { continue };
        if winner == was.side {
            continue;
        }
        let pursuing = |id: UnitId| out.iter().any(|s| matches!(s, Step::Pursue { pursuer, .. } if *pursuer == id));
        let free = |id: UnitId| b.unit(id).is_some_and(|p| p.side == winner && p.hex.is_some() && p.state.steady() && b.global.combat_of(id).is_none());
        let pursuer = opponents(start, f.combat, was).into_iter().map(|(_, e)| e.id).find(|id| free(*id) && !pursuing(*id));
        if let Some(pursuer) = pursuer {
            out.push(Step::Pursue { pursuer, fleeing });
        }
    }
    out
}

/// A.3.3: contact is adjacency. The units of a combat with no enemy of it beside them leave it;
/// a combat left with one side ends.
pub(super) fn prune(ctx: &mut Ctx, combat: u32) {
    let Some(c) = ctx.b.global.combats.iter().find(|c| c.id == combat) else { return };
    let apart: Vec<UnitId> = c.units.iter().copied().filter(|id| ctx.b.unit(*id).is_none_or(|u| opponents(&ctx.b, combat, u).is_empty())).collect();
    if apart.len() == c.units.len() {
        // No contact left anywhere: the combat ends with its units still in it, so that the log
        // names them ("The combat of  is over" came of emptying it first).
        ctx.emit(Event::CombatEnded { combat });
        return;
    }
    for unit in apart {
        ctx.emit(Event::UnitLeftCombat { combat, unit });
    }
    common::end_if_one_sided(ctx, combat);
}

/// H-14, SP5.81, SP5.78: the winner `unit` advances into `into`, the hex its opponent recoiled
/// from, or not. Advancing moves it there for free, facing kept, and earns 2; the combat goes on,
/// in contact again. A hex taken meanwhile (by a flight) leaves it unable to follow, which earns
/// 1. Declining earns nothing, and units no longer in contact leave the combat (A.3.3).
pub fn follow_up(ctx: &mut Ctx, unit: UnitId, into: Hex, advance: bool) {
    let Some(u) = ctx.b.unit(unit) else { return };
    let (side, facing, ready) = (u.side, u.facing, u.hex.is_some() && u.state.steady());
    let combat = ctx.b.global.combat_of(unit).map(|c| c.id);
    if advance && ready && ctx.b.unit_at(into).is_none() {
        common::move_unit(ctx, unit, vec![into], facing, MoveKind::FollowUp);
        common::award(ctx, side, Award::FollowedUpRecoil, "SP:L289");
        rejoin(ctx, unit, into, combat);
        return;
    }
    if advance && ready {
        common::award(ctx, side, Award::WonRoundWithoutRecoil, "SP:L287");
    }
    if let Some(c) = combat {
        prune(ctx, c);
    }
}

/// The units that recoiled this turn beside a winner that followed them up fight it again: should
/// another winner's declined follow-up have taken one out of the combat, it comes back in
/// (A.3.3: only units already in this combat or in none, so no unit changes combat here).
fn rejoin(ctx: &mut Ctx, unit: UnitId, at: Hex, combat: Option<u32>) {
    let Some(side) = ctx.b.unit(unit).map(|u| u.side) else { return };
    let g = &ctx.b.global;
    let pushed: Vec<UnitId> = ctx
        .b
        .on_board()
        .filter(|e| e.side != side && e.state.steady() && e.state.recoiled && e.hex.is_some_and(|h| distance(h, at) == 1))
        .filter(|e| {
            let theirs = g.combat_of(e.id).map(|c| c.id);
            theirs.is_none() || combat.is_none() || theirs == combat
        })
        .map(|e| e.id)
        .collect();
    for enemy in pushed {
        common::engage(ctx, unit, enemy);
    }
}

/// H-13 (SP5.12): `pursuer` rides after `fleeing`, which has made its flight move or left the
/// table, or lets it go. Pursuing rolls the pursuer's d6, then the fleeing unit's (A.0), each
/// added to its rate in inches. Strictly higher: the fleeing unit is ridden down (destroyed),
/// earning 3 if it had fled from a charge (SP5.84), else 2 (SP5.80). Otherwise the pursuer moves
/// its full rate toward it (`movement::toward`); ending beside a steady enemy, it fights it with
/// no charge bonus, and that enemy may not disengage next turn (SP4.13). Either way the pursuer is
/// Disorganised after the pursuit (SP5.22).
pub fn pursue(ctx: &mut Ctx, pursuer: UnitId, fleeing: UnitId, pursue: bool) {
    if !pursue {
        return;
    }
    let Some(p) = ctx.b.unit(pursuer) else { return };
    if p.hex.is_none() || !p.state.steady() {
        return;
    }
    let (side, rate) = (p.side, p.state.rate());
    let Some(f) = ctx.b.unit(fleeing) else { return };
    if f.state.destroyed {
        return;
    }
    let (goal, escape) = (f.hex.or(f.state.off_table), f.state.rate());
    let faces = [ctx.dice.roll(D6), ctx.dice.roll(D6)];
    let caught = u16::from(rate) + u16::from(faces[0]) > u16::from(escape) + u16::from(faces[1]);
    ctx.emit(Event::PursuitRolled { pursuer, fleeing, faces, caught });
    if caught {
        common::destroy(ctx, fleeing, "H-13 (ridden down in pursuit)");
        if fled_from_charge(&ctx.b, fleeing) {
            common::award(ctx, side, Award::RodeDownFleeingOrEvader, "SP:L290");
        } else {
            common::award(ctx, side, Award::RodeDownBrokenOpponent, "SP:L288");
        }
    } else if let Some(goal) = goal {
        let (path, facing) = movement::toward(&ctx.b, pursuer, goal);
        if !path.is_empty() {
            common::move_unit(ctx, pursuer, path, facing, MoveKind::Pursuit);
            engage_on_arrival(ctx, pursuer);
        }
    }
    common::set_marker(ctx, pursuer, Marker::Disorganised, true, "SP:L194");
}

/// Whether `unit` fled from, or evaded, a charge this turn (H-11).
fn fled_from_charge(b: &B, unit: UnitId) -> bool {
    b.global.charges.iter().any(|c| c.target == unit && matches!(c.response, Some(Response::Flee | Response::Evade)))
}

/// H-13, SP4.13: a pursuer that ends beside a steady enemy fights it (the lowest id, with no
/// charge bonus), and that enemy is marked as caught by a pursuer.
fn engage_on_arrival(ctx: &mut Ctx, pursuer: UnitId) {
    let Some(p) = ctx.b.unit(pursuer) else { return };
    let (Some(at), side) = (p.hex, p.side) else { return };
    let met = ctx.b.on_board().find(|e| e.side != side && e.state.steady() && e.hex.is_some_and(|h| distance(h, at) == 1)).map(|e| e.id);
    if let Some(enemy) = met {
        common::engage(ctx, pursuer, enemy);
        common::set_marker(ctx, enemy, Marker::CaughtByPursuer, true, "SP:L121");
    }
}
