//! A turn's sequence (l. 28-60, A5): rout tests and the initiative at its start (H-S4b, l. 30), the
//! leaders' phases alternating from the side with the initiative (l. 40-50), the two rest phases
//! (l. 46, R-S1), and at its end stun tokens wearing off (l. 107) and the battle judged (H-S5).

use super::data::{Rank, tables};
use super::event::Event;
use super::figure::B;
use super::harm;
use super::legal;
use super::resolve::Ctx;
use super::state::{Activation, Phase};
use crate::battle::{Outcome, Side};

pub fn start_turn(ctx: &mut Ctx, turn: u32) {
    ctx.emit(Event::TurnStarted { turn });
    for side in [Side(0), Side(1)] {
        if !rout_test(ctx, side) {
            let name = ctx.b.sides[side.index()].name.clone();
            let outcome = Outcome { winner: Some(side.other()), reason: format!("{name} routed, half the band down (H-S4b)") };
            let points = points(&ctx.b);
            ctx.emit(Event::BattleEnded { outcome, points });
            return;
        }
    }
    let die = ctx.dice.roll(20);
    let side = if die >= tables().duel.initiative_side_0_from { Side(0) } else { Side(1) };
    ctx.emit(Event::Initiative { die, side });
    next_leader_phase(ctx, None);
}

/// A band with half its figures or more Hors de combat tests with its Chief, or its boldest
/// figure if he is down (H-S4b); `false` when it routs.
fn rout_test(ctx: &mut Ctx, side: Side) -> bool {
    let start = u32::from(ctx.b.global.start[side.index()]);
    let out = u32::try_from(ctx.b.units.iter().filter(|u| u.side == side && u.state.out).count()).unwrap_or(u32::MAX);
    if out * 2 < start {
        return true;
    }
    let standing: Vec<_> = ctx.b.on_board().filter(|u| u.side == side).cloned().collect();
    let tester = standing.iter().find(|u| u.state.rank() == Rank::Chief).or_else(|| standing.iter().max_by_key(|u| (u.state.row().bravoure, std::cmp::Reverse(u.id))));
    let Some(tester) = tester else { return true };
    let test = harm::test(ctx, tester, tables().duel.house.rout_difficulty, "H-S4b");
    let passed = test.passed;
    ctx.emit(Event::RoutTest { side, test });
    passed
}

/// After `after`'s leader phase (or at the turn's start): the other side's leader if it has one
/// left, else the same side's (l. 50), else the rest phases (l. 46).
pub fn next_leader_phase(ctx: &mut Ctx, after: Option<Side>) {
    let init = ctx.b.global.initiative;
    let order = match after {
        Some(s) => [s.other(), s],
        None => [init, init.other()],
    };
    if let Some(side) = order.into_iter().find(|s| !legal::leaders(&ctx.b, *s).is_empty()) {
        ctx.emit(Event::PhaseStarted { phase: Phase::ChooseLeader, side, leader: None, eligible: Vec::new() });
    } else {
        start_rest(ctx, init);
    }
}

/// `side`'s rest phase, if it has a figure left to activate; the side with the initiative first
/// (R-S1).
fn start_rest(ctx: &mut Ctx, side: Side) {
    let ready = ctx.b.on_board().any(|u| u.side == side && u.state.activation == Activation::Ready);
    if ready {
        ctx.emit(Event::PhaseStarted { phase: Phase::Rest, side, leader: None, eligible: Vec::new() });
    } else if side == ctx.b.global.initiative {
        start_rest(ctx, side.other());
    } else {
        end_turn(ctx);
    }
}

/// The phase's end: activations under way end, a leader's own phase activates him (R-S2).
pub fn end_phase(ctx: &mut Ctx) {
    let side = ctx.b.active;
    let leader = ctx.b.global.leader.as_ref().map(|l| l.leader);
    let ending: Vec<_> = ctx
        .b
        .on_board()
        .filter(|u| u.side == side && (matches!(u.state.activation, Activation::Started(_)) || (Some(u.id) == leader && u.state.activation == Activation::Ready)))
        .map(|u| u.id)
        .collect();
    for figure in ending {
        ctx.emit(Event::ActivationEnded { figure });
    }
    match ctx.b.global.phase {
        Phase::Leader => next_leader_phase(ctx, Some(side)),
        Phase::Rest if side == ctx.b.global.initiative => start_rest(ctx, side.other()),
        _ => end_turn(ctx),
    }
}

fn end_turn(ctx: &mut Ctx) {
    let turn = ctx.b.turn;
    let worn: Vec<_> = ctx.b.units.iter().filter_map(|u| Some((u.id, u8::try_from(u.state.stuns.iter().filter(|t| **t <= turn).count()).ok()?))).filter(|(_, n)| *n > 0).collect();
    for (figure, tokens) in worn {
        ctx.emit(Event::StunsWornOff { figure, tokens });
    }
    ctx.emit(Event::TurnEnded { turn });
    if turn >= ctx.b.last_turn {
        let points = points(&ctx.b);
        let winner = match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some(Side(0)),
            std::cmp::Ordering::Less => Some(Side(1)),
            std::cmp::Ordering::Equal => None,
        };
        let reason = format!("after {turn} turns, {} points to {} (H-S5)", points[0], points[1]);
        ctx.emit(Event::BattleEnded { outcome: Outcome { winner, reason }, points });
    } else {
        start_turn(ctx, turn + 1);
    }
}

/// Each side's victory points (H-S5): for each enemy figure Hors de combat 1, or 2 for a leader;
/// 1 more for each horrible wound it inflicted.
pub fn points(b: &B) -> [u32; 2] {
    let h = &tables().duel.house;
    let mut out = [0; 2];
    for u in &b.units {
        let scorer = u.side.other().index();
        if u.state.out {
            out[scorer] += if u.state.is_leader() { h.points_leader } else { h.points_figure };
        }
        out[scorer] += h.points_horrible * u32::from(u.state.horrible_by_enemy);
    }
    out
}

/// With nothing pending: a band with every figure Hors de combat loses (H-S5).
pub fn check_victory(ctx: &mut Ctx) {
    if ctx.b.global.outcome.is_some() || ctx.b.global.phase == Phase::Opening {
        return;
    }
    let standing = |s: Side| ctx.b.on_board().any(|u| u.side == s);
    let (a, z) = (standing(Side(0)), standing(Side(1)));
    if a && z {
        return;
    }
    let winner = if a { Some(Side(0)) } else if z { Some(Side(1)) } else { None };
    let reason = match winner {
        Some(w) => format!("every figure of {} is Hors de combat (H-S5)", ctx.b.sides[w.other().index()].name),
        None => "both bands are Hors de combat (H-S5)".to_string(),
    };
    let points = points(&ctx.b);
    ctx.emit(Event::BattleEnded { outcome: Outcome { winner, reason }, points });
}
