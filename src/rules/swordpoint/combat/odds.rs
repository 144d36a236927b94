//! The odds of a combat before it is fought (SP5.2, SP5.4–5.9), for the momentum sheet and the
//! charge declarations: the combat resolved many times on a copy of the battle, with independent
//! dice, through the very strikes, score, commander deaths and results the real one goes through.

use super::aftermath::{self, Fate, Shaken};
use super::{B, fight};
use crate::battle::agenda;
use crate::battle::{Dice, Side, UnitId};
use crate::hex::{Direction, Hex};
use crate::rules::swordpoint::data::tables;
use crate::rules::swordpoint::state::{Charge, Combat, Response};
use std::collections::BTreeMap;

/// The odds of one combat as it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct CombatOdds {
    /// The chance each side wins.
    pub win: [f64; 2],
    pub draw: f64,
    /// For each side, given that it loses, the chance that its worst-off unit (in the combat, or a
    /// support beside it, SP5.73):
    /// continues (0), recoils (1), takes a break test and stays, recoiling if it can (2: passed,
    /// or the stubborn reprieve of SP5.75), or breaks or is destroyed (3). A row sums to 1, or is
    /// all 0 when that side never lost.
    pub loser: [[f64; 4]; 2],
    /// Each signed difference of the totals (side 0's less side 1's) with its chance, ascending.
    pub difference: Vec<(i16, f64)>,
    /// The strength points each side can expect to lose to the strikes, win or lose: a fight's
    /// figures struck down count beside its result.
    pub struck: [f64; 2],
}

/// The resolutions sampled for a player: a chance within a few points.
const SAMPLES: u32 = 400;
/// The resolutions the computer samples for each charge it weighs: a chance within about ten
/// points, enough to tell a good charge from a bad one many times within one decision.
pub const QUICK_SAMPLES: u32 = 64;

/// Fixed seeds, apart from the battle's own dice (which the odds never touch): the same position
/// always shows the same odds.
const ODDS_SEED: u64 = 0x5eed_0dd5_c0b7;
const SEED_STEP: u64 = 0x9e37_79b9_7f4a_7c15;

/// The odds of `combat` with `momentum[side]` points put in by each side (at most the per-combat
/// cap, SP5.2): `SAMPLES` resolutions of its strikes, score, commander deaths and results, each
/// with its own fixed-seed dice. The strikes and results have too many dice between them for an
/// exact enumeration to be cheap. `None` if there is no such combat with two sides to fight.
pub fn odds(b: &B, combat: u32, momentum: [u8; 2]) -> Option<CombatOdds> {
    sampled_odds(b, combat, momentum, SAMPLES)
}

/// `odds` from `samples` resolutions.
pub fn sampled_odds(b: &B, combat: u32, momentum: [u8; 2], samples: u32) -> Option<CombatOdds> {
    let mut base = b.clone();
    let cap = tables().momentum.per_combat;
    for side in Side::BOTH {
        let sheet = &mut base.global.sheets[side.index()];
        sheet.momentum.retain(|(c, _)| *c != combat);
        let points = momentum[side.index()].min(cap);
        if points > 0 {
            sheet.momentum.push((combat, points));
            sheet.momentum.sort();
        }
    }
    let mut wins = [0u32; 2];
    let mut draws = 0u32;
    let mut fates = [[0u32; 4]; 2];
    let mut spread: BTreeMap<i16, u32> = BTreeMap::new();
    let mut struck = [0u32; 2];
    let fighters: Vec<(Side, UnitId, u32)> = base.global.combats.iter().find(|c| c.id == combat).map_or_else(Vec::new, |c| c.units.iter().filter_map(|id| base.unit(*id)).map(|u| (u.side, u.id, u.state.strength())).collect());
    for i in 0..samples {
        let mut dice = Dice::new(ODDS_SEED ^ u64::from(i).wrapping_mul(SEED_STEP));
        let mut ctx = agenda::Ctx { b: base.clone(), events: Vec::new(), dice: &mut dice };
        let fought = fight(&mut ctx, &base, combat)?;
        let mut shaken = Shaken::default();
        let one = std::slice::from_ref(&fought);
        aftermath::commander_deaths(&mut ctx, one, &mut shaken);
        let outcomes = aftermath::apply_results(&mut ctx, one, &mut shaken);
        *spread.entry(fought.difference).or_default() += 1;
        for (side, id, before) in &fighters {
            struck[side.index()] += before - ctx.b.unit(*id).map_or(0, |u| u.state.strength().min(*before));
        }
        match fought.winner {
            None => draws += 1,
            Some(w) => {
                wins[w.index()] += 1;
                // A beaten side with no unit left to carry out a result was destroyed or broke.
                let worst = outcomes.iter().map(|o| o.fate).max().unwrap_or(Fate::Broke);
                fates[w.other().index()][worst as usize] += 1;
            }
        }
    }
    let n = f64::from(samples);
    let loser = Side::BOTH.map(|s| {
        let lost = wins[s.other().index()];
        fates[s.index()].map(|k| if lost > 0 { f64::from(k) / f64::from(lost) } else { 0.0 })
    });
    Some(CombatOdds {
        win: wins.map(|w| f64::from(w) / n),
        draw: f64::from(draws) / n,
        loser,
        difference: spread.into_iter().map(|(d, k)| (d, f64::from(k) / n)).collect(),
        struck: struck.map(|k| f64::from(k) / n),
    })
}

/// The odds of the combat a declared charge would start (H-10, A.3.3): the battle with the
/// charger in `to`, facing the target, marked as having charged (and its charge recorded, for
/// SP5.74), in the target's combat or, if it fights none, a new one in its first round; with it,
/// every other charge already declared into that combat (`joining`), each charger placed the same
/// way, so that three units charging one count three against one; no momentum on either side.
/// `None` unless `to` is beside the target and free, and the two are enemies on the table.
pub fn charge_odds(b: &B, charger: UnitId, target: UnitId, to: Hex) -> Option<CombatOdds> {
    sampled_charge_odds(b, charger, target, to, SAMPLES)
}

/// `charge_odds` from `samples` resolutions.
pub fn sampled_charge_odds(b: &B, charger: UnitId, target: UnitId, to: Hex, samples: u32) -> Option<CombatOdds> {
    let mut after = b.clone();
    let side = after.unit(target)?.side;
    if after.unit(charger)?.side == side {
        return None;
    }
    let others = joining(b, charger, target);
    let combat = contact(&mut after, &Charge { charger, target, to, response: None })?;
    for other in &others {
        // A joining charge whose end hex is taken meanwhile would find another way: left out.
        contact(&mut after, other);
    }
    sampled_odds(&after, combat, [0, 0], samples)
}

/// The other charges declared, not yet moved and not run from, whose target is `target` or
/// fights in its combat: they will make contact in the same combat (SP4.5, A.3.3). In the order
/// declared.
pub fn joining(b: &B, charger: UnitId, target: UnitId) -> Vec<Charge> {
    let g = &b.global;
    let combat: Vec<UnitId> = g.combat_of(target).map_or_else(|| vec![target], |c| c.units.clone());
    let got_away = |c: &Charge| matches!(c.response, Some(Response::Flee | Response::Evade)) || b.unit(c.target).is_none_or(|t| t.state.fleeing);
    g.charges
        .iter()
        .filter(|c| c.charger != charger && combat.contains(&c.target) && g.combat_of(c.charger).is_none() && !got_away(c))
        .cloned()
        .collect()
}

/// `c`'s charger placed in its end hex, facing its target, marked as having charged, its charge
/// recorded, in the target's combat or a new one in its first round; that combat's id. `None`
/// unless the end hex is beside the target and free.
fn contact(after: &mut B, c: &Charge) -> Option<u32> {
    let at = after.unit(c.target)?.hex?;
    let facing = Direction::between(c.to, at)?;
    if after.unit_at(c.to).is_some_and(|u| u.id != c.charger) {
        return None;
    }
    let u = after.unit_mut(c.charger)?;
    u.hex = Some(c.to);
    u.facing = facing;
    u.state.charged = true;
    let g = &mut after.global;
    g.charges.retain(|x| x.charger != c.charger);
    g.charges.push(c.clone());
    let combat = match g.combats.iter_mut().find(|x| x.units.contains(&c.target)) {
        Some(x) => {
            if let Err(i) = x.units.binary_search(&c.charger) {
                x.units.insert(i, c.charger);
            }
            x.id
        }
        None => {
            let id = g.next_combat;
            g.next_combat += 1;
            let mut units = vec![c.charger, c.target];
            units.sort();
            g.combats.push(Combat { id, units, first_round: true });
            id
        }
    };
    Some(combat)
}
