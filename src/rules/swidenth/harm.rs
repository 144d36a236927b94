//! What a lost blow or shot does to the loser (l. 105-116, 182-196; R-S3, R-S4): the winner's
//! push back, a stun token, a Vitalité or Hors de combat, a horrible wound, and the Bravoure tests
//! that follow a horrible wound or a fallen Chief (H-S4a).

use super::data::{Rank, tables};
use super::duel::{self, Harm};
use super::event::{Event, Factor, Test};
use super::figure::{B, U};
use super::push::{self, Occupant, Push};
use super::resolve::Ctx;
use super::state::Step;
use super::{aim, sight};
use crate::battle::UnitId;
use crate::hex::Hex;

/// The loser's lot once the result is read (l. 105-114): `from` is the winner's hex, the blow's
/// or the shot's origin; `ranged` for a shot (its tests are by sight, l. 196).
pub fn suffer(ctx: &mut Ctx, winner: UnitId, loser: UnitId, harm: Harm, from: Hex, ranged: bool) {
    let Some(at) = ctx.b.unit(loser).and_then(|u| u.hex) else { return };
    match harm {
        Harm::PushBack => {
            let to: Vec<Hex> = push::behind(from, at);
            ctx.push(Step::Push { winner, loser, to });
        }
        Harm::Stun => stun(ctx, loser, "l. 107"),
        Harm::Wound | Harm::Horrible => {
            let horrible = harm == Harm::Horrible;
            let Some(u) = ctx.b.unit(loser) else { return };
            let chief = u.state.rank() == Rank::Chief;
            let by_enemy = ctx.b.unit(winner).is_some_and(|w| w.side != u.side);
            let switches = ctx.b.global.switches;
            let cost = switches.wound_cost(horrible);
            if u.state.vitalite > cost {
                let left = u.state.vitalite - cost;
                ctx.emit(Event::Wounded { figure: loser, left, horrible, by_enemy });
                // R-S3b: a result above 2D is above D too.
                if switches.wound_stuns {
                    stun(ctx, loser, "l. 107 (R-S3)");
                }
            } else {
                ctx.emit(Event::OutOfAction { figure: loser, horrible, by_enemy });
            }
            if horrible {
                horror(ctx, loser, at, ranged);
            }
            if chief && ctx.b.unit(loser).is_some_and(|u| u.state.out) {
                chief_down(ctx, loser);
            }
        }
    }
}

/// One more stun token, until the end of the next turn (l. 107, R-S11).
pub fn stun(ctx: &mut Ctx, figure: UnitId, rule: &'static str) {
    if ctx.b.unit(figure).is_some_and(|u| !u.state.out) {
        let until = ctx.b.turn + u32::from(tables().duel.stun_turns);
        ctx.emit(Event::Stunned { figure, until, rule });
    }
}

/// A d20 + Bravoure test at `difficulty` (R-S4), stun penalties counted.
pub fn test(ctx: &mut Ctx, u: &U, difficulty: i8, rule: &'static str) -> Test {
    let die = ctx.dice.roll(20);
    let factors: Vec<Factor> = duel::stun_factors(u.state.stunned());
    let bravoure = u.state.row().bravoure;
    let passed = duel::bravoure_passes(die, bravoure, &factors, difficulty);
    Test { figure: u.id, die, bravoure, factors, difficulty, passed, rule }
}

/// Tests every figure of `ids` in id order; a failure stuns it.
fn tests_or_stun(ctx: &mut Ctx, ids: Vec<UnitId>, difficulty: i8, rule: &'static str) {
    for id in ids {
        let Some(u) = ctx.b.unit(id).cloned() else { continue };
        let t = test(ctx, &u, difficulty, rule);
        let failed = !t.passed;
        ctx.emit(Event::BravoureTest(t));
        if failed {
            stun(ctx, id, rule);
        }
    }
}

/// After a horrible wound: in melee, every ally less than 3 paces from the loser tests at 8
/// (l. 116, R-S4, R-S9); after a shot, every ally that sees it at 7 (l. 196). Failing stuns.
fn horror(ctx: &mut Ctx, loser: UnitId, at: Hex, ranged: bool) {
    let d = &tables().duel;
    let Some(side) = ctx.b.unit(loser).map(|u| u.side) else { return };
    let shut = aim::shut_doors(&ctx.b);
    let allies: Vec<UnitId> = ctx
        .b
        .on_board()
        .filter(|u| u.side == side && u.id != loser)
        .filter(|u| {
            let h = u.hex.unwrap_or(at);
            if ranged { sight::sees(&ctx.b.map, &shut, h, at) } else { duel::in_bubble(h.unsigned_distance_to(at), d.horrible_in_melee.within_paces_below) }
        })
        .map(|u| u.id)
        .collect();
    if ranged {
        tests_or_stun(ctx, allies, d.horrible_from_shot.difficulty, "l. 196");
    } else {
        tests_or_stun(ctx, allies, d.horrible_in_melee.difficulty, "l. 116 (R-S4)");
    }
}

/// A Chief Hors de combat: every figure of his band tests at once (H-S4a, l. 22).
fn chief_down(ctx: &mut Ctx, chief: UnitId) {
    let Some(side) = ctx.b.unit(chief).map(|u| u.side) else { return };
    let band: Vec<UnitId> = ctx.b.on_board().filter(|u| u.side == side).map(|u| u.id).collect();
    tests_or_stun(ctx, band, tables().duel.house.chief_down_difficulty, "H-S4a");
}

/// The winner's answer: the loser steps to `to` with the allies behind it giving way, or nobody
/// can and the loser is stunned (l. 105, R-S5); `None` leaves it where it stands, said in the log.
pub fn push_back(ctx: &mut Ctx, loser: UnitId, to: Option<Hex>) {
    let Some(to) = to else {
        ctx.emit(Event::LeftStanding { figure: loser });
        return;
    };
    match push_to(&ctx.b, loser, to) {
        Some(Push::Moves(steps)) => {
            let b = &ctx.b;
            let moves: Vec<(UnitId, Hex, Hex)> = steps.iter().filter_map(|(from, to)| b.on_board().find(|o| o.hex == Some(*from)).map(|o| (o.id, *from, *to))).collect();
            ctx.emit(Event::Pushed { moves });
        }
        Some(Push::Blocked) => stun(ctx, loser, "l. 105 (the push back was blocked)"),
        None => {}
    }
}

/// What pushing `loser` back to `to` comes to (l. 105, R-S5): the steps, or blocked (by an
/// obstacle, an enemy, an engaged ally or a third figure); `None` unless `to` is next to it.
pub fn push_to(b: &B, loser: UnitId, to: Hex) -> Option<Push> {
    let u = b.unit(loser)?;
    let at = u.hex.filter(|h| h.unsigned_distance_to(to) == 1)?;
    let occupant = |h: Hex| match b.on_board().find(|o| o.hex == Some(h)) {
        None => Occupant::Empty,
        Some(o) if o.side == u.side => Occupant::Ally { engaged: super::figure::is_engaged(b, o) },
        Some(_) => Occupant::Enemy,
    };
    let open = |h: Hex| super::movement::enterable(b, h);
    Some(push::push(at, to, occupant, open))
}
