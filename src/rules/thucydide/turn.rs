//! The sequence of play (house rule: the seed's chapter 4 is the combat phase of a turn whose
//! other chapters are not included): each game turn, each side plays a player-turn of a movement
//! phase then a combat phase; panicking elephants flee at the start of their side's turn; the
//! battle ends when an army breaks or after the scenario's last turn.

use super::Thucydide;
use super::event::{Activation, Event};
use super::leaders::{can_redeploy, commanding_leader};
use super::resolve::Ctx;
use super::state::{Phase, Step};
use crate::battle::{Battle, Outcome, Side};

type B = Battle<Thucydide>;

pub fn start_turn(ctx: &mut Ctx, turn: u32, side: Side) {
    ctx.emit(Event::TurnStarted { turn, side });
    if ctx.b.global.skip_turn[side.index()] {
        ctx.emit(Event::TurnPassed {
            side,
            rule: "commander-in-chief lost: the side passes its turn, only putting him back (Perte du Général en chef)",
        });
        let panicking = ctx.b.on_board().any(|u| u.side == side && u.state.panicked);
        if can_redeploy(&ctx.b, side) || panicking {
            ctx.emit(Event::PhaseStarted { phase: Phase::Redeploy });
            queue_panic_rolls(ctx, side);
        } else {
            end_turn(ctx);
        }
        return;
    }
    let units: Vec<_> = ctx
        .b
        .on_board()
        .filter(|u| u.side == side && !u.state.panicked)
        .filter_map(|u| commanding_leader(&ctx.b, side, u.hex?).map(|l| (u.id, l)))
        .collect();
    for (unit, leader) in units {
        ctx.emit(Event::UnitActivated { unit, by: Activation::Leader(leader) });
    }
    ctx.emit(Event::PhaseStarted { phase: Phase::Movement });
    queue_panic_rolls(ctx, side);
}

/// Panicking elephants roll "à chaque tour", at the start of their side's turn, passed or not.
fn queue_panic_rolls(ctx: &mut Ctx, side: Side) {
    let mut panicked: Vec<_> = ctx.b.on_board().filter(|u| u.side == side && u.state.panicked).map(|u| u.id).collect();
    panicked.reverse();
    for unit in panicked {
        ctx.b.global.agenda.push(Step::PanicRoll { unit });
    }
}

pub fn end_phase(ctx: &mut Ctx) {
    match ctx.b.global.phase {
        Phase::Movement => ctx.emit(Event::PhaseStarted { phase: Phase::Combat }),
        Phase::Combat | Phase::Redeploy => end_turn(ctx),
    }
}

pub fn end_turn(ctx: &mut Ctx) {
    let next = ctx.b.active.other();
    let turn = if next == ctx.b.global.first_side { ctx.b.turn + 1 } else { ctx.b.turn };
    if turn > ctx.b.last_turn {
        let outcome = judge_at_time_limit(&ctx.b);
        ctx.emit(Event::BattleEnded { outcome });
    } else {
        start_turn(ctx, turn, next);
    }
}

fn units_lost(b: &B, side: Side) -> u32 {
    b.units.iter().filter(|u| u.side == side && u.state.original && u.hex.is_none()).count() as u32
}

fn elements_left(b: &B, side: Side) -> u32 {
    b.units
        .iter()
        .filter(|u| u.side == side && u.state.original && u.hex.is_some())
        .map(|u| u32::from(u.state.strength))
        .sum()
}

/// House rule: an army breaks when half its units (or more) are gone.
pub fn broken(b: &B, side: Side) -> bool {
    units_lost(b, side) * 2 >= b.global.start_units[side.index()].max(1)
}

pub fn check_break(ctx: &mut Ctx) {
    if ctx.b.global.outcome.is_some() {
        return;
    }
    let broken: Vec<Side> = Side::BOTH.into_iter().filter(|s| broken(&ctx.b, *s)).collect();
    let outcome = match broken.as_slice() {
        [] => return,
        [loser] => Outcome {
            winner: Some(loser.other()),
            reason: format!("{} has lost half its units and breaks (house rule)", ctx.b.sides[loser.index()].name),
        },
        _ => Outcome {
            winner: None,
            reason: "both armies broke in the same combat (house rule)".into(),
        },
    };
    ctx.emit(Event::BattleEnded { outcome });
}

/// House rule at the last turn: the side that lost the smaller share of its elements wins.
fn judge_at_time_limit(b: &B) -> Outcome {
    let share = |s: Side| {
        let start = b.global.start_elements[s.index()].max(1);
        (start - elements_left(b, s).min(start), start)
    };
    let ((l0, s0), (l1, s1)) = (share(Side(0)), share(Side(1)));
    let (a, c) = (u64::from(l0) * u64::from(s1), u64::from(l1) * u64::from(s0));
    let winner = match a.cmp(&c) {
        std::cmp::Ordering::Less => Some(Side(0)),
        std::cmp::Ordering::Greater => Some(Side(1)),
        std::cmp::Ordering::Equal => None,
    };
    Outcome {
        winner,
        reason: format!("time is up after turn {}: smaller share of elements lost wins (house rule)", b.last_turn),
    }
}
