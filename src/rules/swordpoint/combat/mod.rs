//! Swordpoint's combat phase ("4. Phase des Combats", SP:L155–290; A.4 rows 12–13): the strikes of
//! every melee, its score and the rows its loser reads, commander deaths, recoils and break tests,
//! the 12" tests, momentum, flights, and the follow-up and pursuit decisions; and the odds of a
//! combat a player weighs before putting momentum into it or declaring a charge.

mod aftermath;
mod odds;
mod result;
mod strike;

pub use aftermath::{follow_up, pursue};
pub use odds::{CombatOdds, QUICK_SAMPLES, charge_odds, joining, odds, sampled_charge_odds, sampled_odds};

use super::Swordpoint;
use super::common::{self, Ctx};
use super::event::{Event, Marker};
use super::state::Step;
use crate::battle::{Battle, Side, UnitId};
use result::Verdict;
use std::cmp::Ordering;

type B = Battle<Swordpoint>;

/// What one combat's strikes and score left for the aftermath.
struct Fought {
    combat: u32,
    /// Its units as the phase began, ascending id.
    units: Vec<UnitId>,
    winner: Option<Side>,
    /// Side 0's total less side 1's.
    difference: i16,
    /// The figures each of its units lost, ascending id.
    lost: Vec<(UnitId, u8)>,
    /// The rows its beaten side's units read, ascending id.
    verdicts: Vec<Verdict>,
}

/// The whole combat resolution step (A.4 rows 12–13, SP5.1–5.12, A.0 item 4), on the momentum
/// each side put into each combat (its sheet, already taken from its pool):
/// 1. every combat in ascending order of its lowest unit id: strikes (A.3.6), score (SP5.4,
///    H-21, from the battle as the phase began), the rows of the loser's units (SP5.5,
///    SP5.70–5.77);
/// 2. commander death tests (SP5.6–5.7);
/// 3. the results in ascending unit id: recoils (H-27), Demoralised markers, break tests
///    (SP5.8–5.9, R-8, SP5.29), the stubborn unit's reprieve (SP5.75, R-10);
/// 4. the 12" tests of a fallen army general's units, then those around units that broke or
///    were destroyed (SP5.10, SP2.2: SP:L175–178 puts them after the results);
/// 5. momentum (SP5.11, SP5.78–5.85);
/// 6. flights (SP5.12, H-12), then the follow-up (H-14) and pursuit (H-13) decisions, left on the
///    agenda in that order;
/// 7. one-sided combats end; Disorganised markers from before the phase come off (SP5.22).
pub fn resolve(ctx: &mut Ctx) {
    for combat in in_order(&ctx.b) {
        aftermath::prune(ctx, combat);
    }
    let start = ctx.b.clone();
    let disorganised: Vec<UnitId> = start.on_board().filter(|u| u.state.disorganised).map(|u| u.id).collect();
    let mut fought = Vec::new();
    for combat in in_order(&start) {
        fought.extend(fight(ctx, &start, combat));
    }
    let mut shaken = aftermath::Shaken::default();
    for f in &fought {
        for (unit, _) in &f.lost {
            shaken.destroyed(&ctx.b, &start, *unit);
        }
    }
    aftermath::commander_deaths(ctx, &fought, &mut shaken);
    let outcomes = aftermath::apply_results(ctx, &fought, &mut shaken);
    aftermath::general_tests(ctx, &mut shaken);
    aftermath::friends_broken(ctx, &mut shaken);
    let follow_ups = aftermath::follow_ups(&ctx.b, &fought, &outcomes);
    aftermath::awards(ctx, &start, &fought, &outcomes, &follow_ups);
    aftermath::flights(ctx, &shaken);
    let pursuits = aftermath::pursuits(&ctx.b, &start, &fought, &shaken);
    let steps: Vec<Step> = follow_ups.into_iter().map(|(_, step)| step).chain(pursuits).collect();
    ctx.push_in_order(steps);
    for combat in in_order(&ctx.b) {
        common::end_if_one_sided(ctx, combat);
    }
    for unit in disorganised {
        common::set_marker(ctx, unit, Marker::Disorganised, false, "SP:L194");
    }
}

/// The combats in A.0's order: ascending lowest unit id (a combat's units are kept in id order).
fn in_order(b: &B) -> Vec<u32> {
    let mut order: Vec<(UnitId, u32)> = b.global.combats.iter().filter_map(|c| c.units.first().map(|u| (*u, c.id))).collect();
    order.sort();
    order.into_iter().map(|(_, id)| id).collect()
}

/// One combat (SP5.3–5.5): its strikes, its score and winner (`Event::CombatScored`), and the row
/// each unit of the beaten side reads (`Event::LoserResult`). `None` if it has not two sides left
/// to fight.
fn fight(ctx: &mut Ctx, start: &B, combat: u32) -> Option<Fought> {
    let units = start.global.combats.iter().find(|c| c.id == combat)?.units.clone();
    let mut sides = [false; 2];
    for u in strike::members(&ctx.b, combat).into_iter().filter_map(|id| ctx.b.unit(id)) {
        sides[u.side.index()] = true;
    }
    if sides != [true, true] {
        return None;
    }
    let lost = strike::strikes(ctx, combat);
    let score = result::score(start, combat, &units, &lost);
    let difference = score.totals[0] - score.totals[1];
    let winner = match difference.cmp(&0) {
        Ordering::Greater => Some(Side(0)),
        Ordering::Less => Some(Side(1)),
        Ordering::Equal => None,
    };
    ctx.emit(Event::CombatScored { combat, hits: score.hits, factors: score.factors, totals: score.totals, winner });
    let differential = u8::try_from(difference.unsigned_abs()).unwrap_or(u8::MAX);
    let verdicts = winner.map(|w| verdicts(ctx, start, combat, &units, w.other(), differential)).unwrap_or_default();
    Some(Fought { combat, units, winner, difference, lost, verdicts })
}

/// SP5.5, SP5.70–5.77, R-9: the row each unit of the beaten side still in the combat reads,
/// recorded one by one in ascending id, then the rows of its supports out of combat. The beaten
/// unit is the side's main unit (H-21); the friends of its battle line support it and read one row
/// above it (SP5.73), whether they fight in the same combat or stand beside it out of any; any
/// other unit of the side in the combat reads its own row with its own line.
fn verdicts(ctx: &mut Ctx, start: &B, combat: u32, units: &[UnitId], loser: Side, differential: u8) -> Vec<Verdict> {
    let now: Vec<UnitId> = strike::members(&ctx.b, combat).into_iter().filter(|id| ctx.b.unit(*id).is_some_and(|u| u.side == loser)).collect();
    let beaten_id = result::main_unit(start, units, loser).filter(|m| now.contains(m));
    let beaten = beaten_id.map(|m| result::own_verdict(&ctx.b, start, combat, m, differential));
    let supports: Vec<UnitId> = beaten_id.map(|m| result::battle_line(&ctx.b, m)).unwrap_or_default();
    let mut out = Vec::new();
    let outside = supports.iter().filter(|s| ctx.b.global.combat_of(**s).is_none()).copied().collect::<Vec<_>>();
    for unit in now.into_iter().chain(outside) {
        let (verdict, shock) = match &beaten {
            Some((v, shock)) if v.unit == unit => (v.clone(), *shock),
            Some((v, _)) if supports.contains(&unit) => (result::support_verdict(unit, v), None),
            _ => result::own_verdict(&ctx.b, start, combat, unit, differential),
        };
        let action = result::action_of(verdict.row);
        let (line, moderated, shifts) = (verdict.line, verdict.moderated, verdict.shifts.clone());
        ctx.emit(Event::LoserResult { unit, differential, line, moderated, shifts, action });
        if let Some(cavalry) = shock {
            common::set_marker(ctx, cavalry, Marker::ShockUsed, true, "SP:L279");
        }
        out.push(verdict);
    }
    out
}

#[cfg(test)]
pub(crate) mod fixture;
