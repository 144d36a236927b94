//! What the computer opponent weighs in a Swidenth position (house heuristics, not rules): the
//! battle's result and victory points (H-S5); each figure by its Vitalité, rank and what it still
//! holds, worn by stun tokens; a band nearing its rout test (H-S4b); melee figures closing on the
//! enemy and shooters and casters with a target; the edge of each fight in contact (Combat with
//! outnumbering, stuns and a charge to come); a figure's second action in hand.

use super::Swidenth;
use super::aim;
use super::data::{Rank, SpellRoll, tables};
use super::figure::{self, B, U};
use super::groups;
use super::resolve::preview;
use super::state::{Activation, First};
use super::turn;
use crate::ai::Judge;
use crate::battle::{Dice, Side};

/// A won battle, far above anything else.
const WON: f64 = 10_000.0;
/// A figure standing, before its Vitalité and rank.
const FIGURE: f64 = 3.0;
const VITALITE: f64 = 1.5;
const CHIEF: f64 = 2.5;
const CHAMPION: f64 = 1.2;
/// A stun token: -4 to nearly every roll until the end of the next turn.
const STUN: f64 = 0.7;
/// A dropped weapon or shield, or a crossbow to reload.
const DROPPED: f64 = 0.6;
const UNLOADED: f64 = 0.25;
/// Each victory point (H-S5) beyond the figures it counts.
const POINT: f64 = 0.8;
/// The share of a band down, squared: the nearer its rout test, the dearer each loss.
const ROUT_PRESSURE: f64 = 6.0;
/// Per hex farther than a melee figure wants to be, at the first turn and added by the last.
const CLOSING: (f64, f64) = (0.12, 0.2);
/// A shooter or caster with a target now.
const TARGET_IN_REACH: f64 = 0.5;
/// Per point of Combat edge in a fight in contact.
const EDGE: f64 = 0.12;
/// A figure's second action still to take with something to do: a fight, a shot, a spell.
const STRIKE_IN_HAND: f64 = 0.6;
/// Concentrated (+1 Combat, +2 to aim or cast) for that second action.
const FOCUSED: f64 = 0.25;
/// Its charge (+2 damage if it wins) still to fight.
const CHARGE_IN_HAND: f64 = 0.35;

#[derive(Default)]
pub struct Memo;

fn worth(u: &U) -> f64 {
    let s = &u.state;
    let rank = match s.rank() {
        Rank::Chief => CHIEF,
        Rank::Champion => CHAMPION,
        Rank::Henchman => 0.0,
    };
    let mut v = FIGURE + VITALITE * f64::from(s.vitalite) + rank - STUN * f64::from(s.stunned());
    if figure::dropped_anything(s) {
        v -= DROPPED;
    }
    if s.unloaded {
        v -= UNLOADED;
    }
    v
}

/// The Combat a figure brings to a fight now: its own, outnumbering and stuns.
fn combat_now(b: &B, u: &U) -> f64 {
    let arms = figure::arms(&u.state);
    let f = super::duel::combat_factors(arms, u.state.stunned(), false, groups::outnumbering(b, u));
    f64::from(u.state.row().combat) + f64::from(crate::battle::Factor::total(&f)) + f64::from(arms.damage.unwrap_or(-2)) * 0.5
}

/// The range, in paces, of what it shoots or casts at enemies.
fn reach_paces(u: &U) -> Option<u8> {
    let missile = figure::missile(&u.state).map(|w| w.range.unwrap_or(0));
    let spells = u.state.row().spells.iter().map(|n| tables().spells.spell(n)).filter(|s| matches!(s.roll, SpellRoll::Shot | SpellRoll::Opposed)).map(|s| s.range);
    missile.into_iter().chain(spells).max()
}

fn has_target(b: &B, u: &U, range: u8) -> bool {
    b.on_board().any(|t| t.side != u.side && aim::line(b, u, t, range).is_some())
}

fn figure_value(b: &B, u: &U, judging: Side) -> f64 {
    let Some(at) = u.hex else { return 0.0 };
    let mut v = worth(u);
    let enemies: Vec<&U> = b.on_board().filter(|e| e.side != u.side).collect();
    let engaged: Vec<&&U> = enemies.iter().filter(|e| e.hex.is_some_and(|h| h.unsigned_distance_to(at) == 1)).collect();
    // The edge of each fight it is in, counted for both sides alike.
    for e in &engaged {
        v += EDGE * (combat_now(b, u) - combat_now(b, e)) / 2.0;
    }
    if u.side != judging {
        return v;
    }
    let nearest = enemies.iter().filter_map(|e| e.hex).map(|h| h.unsigned_distance_to(at)).min().unwrap_or(0);
    let late = f64::from(b.turn) / f64::from(b.last_turn.max(1));
    match reach_paces(u) {
        Some(range) if engaged.is_empty() => {
            if has_target(b, u, range) {
                v += TARGET_IN_REACH;
            } else {
                v -= (CLOSING.0 + CLOSING.1 * late) * f64::from(nearest.saturating_sub(u32::from(range) / 2));
            }
        }
        _ => v -= (CLOSING.0 + CLOSING.1 * late) * f64::from(nearest.saturating_sub(1)),
    }
    if let Activation::Started(first) = u.state.activation {
        let strike = !groups::opponents(b, u).is_empty() || reach_paces(u).is_some_and(|r| has_target(b, u, r) && (!figure::is_engaged(b, u)));
        if strike {
            v += STRIKE_IN_HAND;
            if first == First::Concentrated {
                v += FOCUSED;
            }
            if first == First::Moved && !u.state.charging.is_empty() {
                v += CHARGE_IN_HAND;
            }
        }
    }
    v
}

fn side_value(b: &B, side: Side, judging: Side) -> f64 {
    let figures: f64 = b.units.iter().filter(|u| u.side == side).map(|u| figure_value(b, u, judging)).sum();
    let out = b.units.iter().filter(|u| u.side == side && u.state.out).count() as f64;
    let share = out / f64::from(b.global.start[side.index()].max(1));
    figures + POINT * f64::from(turn::points(b)[side.index()]) - ROUT_PRESSURE * share * share
}

impl Judge for Swidenth {
    type Memo = Memo;

    fn evaluate(b: &B, side: Side, _memo: &mut Memo) -> f64 {
        if let Some(o) = &b.global.outcome {
            return match o.winner {
                Some(w) if w == side => WON,
                Some(_) => -WON,
                None => 0.0,
            };
        }
        side_value(b, side, side) - side_value(b, side.other(), side)
    }

    fn preview(b: &B, command: &super::Command, dice: &mut Dice) -> Vec<super::Event> {
        preview(b, command, dice)
    }
}
