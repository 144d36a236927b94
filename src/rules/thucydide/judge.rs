//! What the computer opponent weighs in a Thucydide position (house heuristics, not rules): the
//! troops each side has left, weighted by their factors and armour; the battle's result; troops
//! closing on the enemy or, for shooters and artillery, keeping at their range and out of melee;
//! support, hills, shaken units kept out of contact, and the commander-in-chief kept safe.

use super::Thucydide;
use super::approach::{Approach, Fields};
use super::exchange::Strikes;
use super::combat::supported_by;
use super::data::{Class, Profile, Rank};
use super::resolve::preview;
use crate::ai::Judge;
use crate::battle::{Battle, Dice, Ruleset, Side, UnitId};
use crate::hex::Hex;

type B = Battle<Thucydide>;

/// Per movement point (or hex off the best range) away from the enemy.
const CLOSING: f64 = 0.08;

/// What a unit is worth beyond its elements while it stands: each one lost brings its army
/// nearer to breaking.
pub const STANDING: f64 = 1.5;
/// A whole turn passed (Perte du Général en chef): about what a turn of the enemy's blows unanswered takes.
const TURN_PASSED: f64 = 8.0;

/// What one element of a unit is worth.
fn worth(p: &Profile) -> f64 {
    1.0 + f64::from(p.fire + p.assault + p.melee) / 3.0 + 0.3 * p.armour as u8 as f64
}

fn closes_to_melee(p: &Profile) -> bool {
    p.class != Class::Artillery && p.assault.max(p.melee) >= 2
}

/// What the AI keeps between Thucydide positions: march fields and strike zones, and the blows of
/// the decision in hand.
#[derive(Default)]
pub struct Memo {
    fields: Fields,
    strikes: Strikes,
}

pub fn evaluate(b: &B, side: Side, fields: &mut Fields) -> f64 {
    if let Some(o) = &b.global.outcome {
        return match o.winner {
            Some(w) if w == side => 10_000.0,
            Some(_) => -10_000.0,
            None => 0.0,
        };
    }
    let enemies_of = |s: Side| -> Vec<(Hex, &Profile)> { b.on_board().filter(|u| u.side != s && !u.state.panicked).filter_map(|u| Some((u.hex?, u.state.profile()))).collect() };
    let mut standing = vec![None; b.map.len()];
    for u in b.on_board() {
        if let Some(i) = u.hex.and_then(|h| b.map.index(h)) {
            standing[i] = Some(u);
        }
    }
    let unit_at = |h: Hex| b.map.index(h).and_then(|i| standing[i]);
    let commanders: Vec<UnitId> = b.global.leaders.iter().filter(|l| l.rank == Rank::CommanderInChief).filter_map(|l| l.unit).collect();
    let enemies_by_side = [enemies_of(side), enemies_of(side.other())];
    let mut approach = Approach::new(b, enemies_by_side[0].iter().map(|(h, _)| *h).collect(), fields);
    let mut score = 0.0;
    for (s, enemies) in [side, side.other()].into_iter().zip(&enemies_by_side) {
        let sign = if s == side { 1.0 } else { -1.0 };
        let mut mine = 0.0;
        for u in b.on_board().filter(|u| u.side == s) {
            let Some(hex) = u.hex else { continue };
            let p = u.state.profile();
            if u.state.panicked {
                mine -= 0.5;
                continue;
            }
            mine += STANDING + f64::from(u.state.strength) * worth(p);
            let (nearest, adjacent) = enemies.iter().fold((u32::MAX, 0), |(near, next), (h, _)| {
                let d = hex.unsigned_distance_to(*h);
                (near.min(d), next + usize::from(d == 1))
            });
            let nearest = if nearest == u32::MAX { 0 } else { nearest };
            let melee_troops = closes_to_melee(p) && p.fire == 0;
            // Closing is the judging side's plan, not a property of the position: were the
            // opponent's closing counted too, every step toward it would cancel out.
            if s == side && melee_troops {
                let march = approach.march(p.mobility(), hex).unwrap_or(2 * nearest);
                mine -= CLOSING * f64::from(march);
            } else if s == side {
                mine -= CLOSING * (f64::from(nearest) - f64::from(p.range.max(2))).abs();
            }
            if !melee_troops && adjacent > 0 {
                mine -= 0.4;
            }
            let shaken = u.state.strength * 2 <= u.state.full_strength;
            if shaken && adjacent > 0 {
                mine -= 0.5;
            }
            if supported_by(b, u, true, unit_at) {
                mine += 0.1;
            }
            mine += 0.05 * f64::from(b.map.level(hex));
            if commanders.contains(&u.id) {
                mine += 3.0;
                let cavalry_next = enemies.iter().any(|(h, e)| hex.unsigned_distance_to(*h) == 1 && e.is_mounted());
                if cavalry_next {
                    mine -= 2.0;
                }
            }
        }
        mine += 0.2 * f64::from(b.global.order_tokens[s.index()]);
        // A commander-in-chief removed and not yet put back costs his side its next turn.
        if b.global.leaders.iter().any(|l| l.side == s && l.rank == Rank::CommanderInChief && l.unit.is_none()) {
            mine -= TURN_PASSED;
        }
        score += sign * mine;
    }
    score
}

impl Judge for Thucydide {
    /// Measured on Hydaspes on the 2-core build machine (300 to 400 a millisecond, 2026-11-26).
    const SEARCH_WORK_PER_MS: u64 = 350;
    /// Issue 47's bar for the menu's strong level is not met here.
    const STRONG_WITHHELD: Option<&'static str> = Some("It won 111 of 200 games (55.5%) against the stronger level at Hydaspes (2026-11-28; 95 of 100 at First clash as the Athenians); the menu offers it once it wins 60% of 200 games on every battle.");

    type Memo = Memo;

    fn evaluate(battle: &B, side: Side, memo: &mut Memo) -> f64 {
        evaluate(battle, side, &mut memo.fields)
    }

    fn new_decision(memo: &mut Memo) {
        memo.strikes.forget_blows();
    }

    fn exchange(battle: &B, side: Side, memo: &mut Memo) -> f64 {
        super::exchange::exchange(battle, side, worth, &mut memo.strikes)
    }

    fn preview(battle: &B, command: &<Thucydide as Ruleset>::Command, dice: &mut Dice) -> Vec<<Thucydide as Ruleset>::Event> {
        preview(battle, command, dice)
    }

    fn after(battle: &B, command: &<Thucydide as Ruleset>::Command, dice: &mut Dice) -> B {
        crate::battle::agenda::played(battle, command, dice)
    }
}
