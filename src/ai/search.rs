//! The strong level's search: the stronger level's best candidates (and its best way to end the
//! phase, so a unit left idle is weighed too), each played on by a quick policy for both sides
//! until the side decides again after the opponent's own play, over the same rolls for every
//! candidate (flat Monte Carlo with common random numbers); sequential halving gives the close
//! calls more rolls. The stronger level's choice stands unless another beats it clearly.

use super::{Judge, after};
use crate::battle::{Battle, Dice, Side};

/// How many of the stronger level's best commands the search plays on.
pub(super) const CANDIDATES: usize = 6;
/// The fewest rolls a challenger and the incumbent must both have played before the challenger may
/// overrule it: fewer say too little of the spread.
const PAIRED_ROLLS: usize = 8;
/// Salts the rollout's seed into the dice its policy weighs commands on.
const POLICY_DICE: u64 = 0x6a09_e667_f3bc_c908;
/// A rollout's most commands, so an endless exchange cannot take the whole budget.
const ROLLOUT_COMMANDS: usize = 200;

/// The work a decision may do and has done: a position reached, a list of legal commands and a
/// judgement count one each. It is counted, never timed, so a choice is the same on every
/// machine, in the browser and on any number of threads.
pub(super) struct Work {
    used: u64,
    limit: u64,
}

impl Work {
    pub(super) fn new(limit: u64) -> Work {
        Work { used: 0, limit }
    }

    fn left(&self) -> u64 {
        self.limit.saturating_sub(self.used)
    }
}

/// The command the strong level plays, as an index into `legal`: `candidates` were ranked by their
/// `gains`, the stronger level's choice (the incumbent) first.
#[allow(clippy::too_many_arguments)]
pub(super) fn search<R: Judge>(
    b: &Battle<R>,
    side: Side,
    legal: &[R::Command],
    gains: &[Option<f64>],
    candidates: &[usize],
    mut work: Work,
    seed: u64,
    memo: &mut R::Memo,
) -> usize {
    let mut candidates = candidates.to_vec();
    let (first, incumbent) = (0, candidates[0]);
    let end = phase_end(b, legal, gains, &mut work);
    if let Some(end) = end.filter(|e| !candidates.contains(e)) {
        candidates.push(end);
    }
    if candidates.len() < 2 {
        return incumbent;
    }
    let mut values: Vec<Vec<f64>> = vec![Vec::new(); candidates.len()];
    // One roll of the incumbent tells what a roll costs here; where the budget cannot give the
    // last challenger and the incumbent their paired rolls, the stronger level's choice stands.
    let probe = work.used;
    values[first].push(rollout(b, side, &legal[incumbent], roll_seed(seed, 0), memo, &mut work));
    let per_roll = (work.used - probe).max(1);
    if per_roll * PAIRED_ROLLS as u64 * 4 > work.left() + per_roll {
        return incumbent;
    }
    // The incumbent plays every row; the challengers are halved round by round down to one, which
    // then has a round of its own against the incumbent.
    let mut challengers: Vec<usize> = (0..candidates.len()).filter(|k| *k != first).collect();
    let rounds = usize::BITS - (challengers.len() - 1).leading_zeros() + 1;
    for round in 0..rounds {
        let end = work.used + work.left() / u64::from(rounds - round);
        let alive: Vec<usize> = std::iter::once(first).chain(challengers.iter().copied()).collect();
        loop {
            let rolls: u64 = values.iter().map(|v| v.len() as u64).sum();
            let row = (work.used - probe) / rolls.max(1) * alive.len() as u64;
            if work.used + row > end && alive.iter().all(|k| !values[*k].is_empty()) {
                break;
            }
            for &k in &alive {
                let i = values[k].len() as u64;
                let v = rollout(b, side, &legal[candidates[k]], roll_seed(seed, i), memo, &mut work);
                values[k].push(v);
            }
        }
        challengers.sort_by(|x, y| mean(&values[*y]).total_cmp(&mean(&values[*x])).then(x.cmp(y)));
        challengers.truncate(challengers.len().div_ceil(2));
    }
    let best = challengers[0];
    if clearly_better(&values[best], &values[first]) { candidates[best] } else { incumbent }
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// Whether the challenger beat the incumbent over the rolls both played, by more than twice the
/// standard error of their paired differences.
fn clearly_better(challenger: &[f64], incumbent: &[f64]) -> bool {
    let n = challenger.len().min(incumbent.len());
    if n < PAIRED_ROLLS {
        return false;
    }
    let d: Vec<f64> = (0..n).map(|j| challenger[j] - incumbent[j]).collect();
    let m = mean(&d);
    let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1) as f64;
    m > 1e-9 && m > 2.0 * (var / n as f64).sqrt()
}

/// Rollout `i`'s dice, the same for every candidate.
fn roll_seed(seed: u64, i: u64) -> u64 {
    let mut z = (seed ^ 0x5be0_cd19_137e_2179).wrapping_add(i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The best-ranked command that ends the side's play in this phase.
fn phase_end<R: Judge>(b: &Battle<R>, legal: &[R::Command], gains: &[Option<f64>], work: &mut Work) -> Option<usize> {
    let mut ranked: Vec<(usize, f64)> = gains.iter().enumerate().filter_map(|(i, g)| g.map(|g| (i, g))).collect();
    ranked.sort_by(|(i, a), (j, c)| c.total_cmp(a).then(i.cmp(j)));
    let (turn, phase) = (b.turn, R::phase(b));
    ranked.into_iter().map(|(i, _)| i).find(|i| {
        work.used += 1;
        let next = after(b, &legal[*i], &mut Dice::new(0));
        next.turn != turn || R::phase(&next) != phase
    })
}

/// The position after `first`, both sides played on by `policy` until the side decides again
/// after the opponent has played on its own (not only answered), judged for the side.
fn rollout<R: Judge>(b: &Battle<R>, side: Side, first: &R::Command, seed: u64, memo: &mut R::Memo, work: &mut Work) -> f64 {
    // What the memo keeps within one decision is kept for one position's neighbours.
    R::new_decision(memo);
    let mut dice = Dice::new(seed);
    let mut now = after(b, first, &mut dice);
    work.used += 1;
    let mut own = (b.turn, R::phase(b));
    let mut answered = false;
    for step in 0..ROLLOUT_COMMANDS as u64 {
        if R::outcome(&now).is_some() || R::blind(&now) {
            break;
        }
        let Some(decider) = R::deciding_side(&now) else { break };
        let here = (now.turn, R::phase(&now));
        if decider == side {
            if answered {
                break;
            }
            own = here;
        }
        let legal = R::legal_commands(&now);
        work.used += 1;
        // The policy weighs its commands on dice of its own: on the rollout's, it would see the
        // roll it is about to play and pick the lucky attack. The opponent decides on what it may
        // know, never on the side's sealed decisions.
        let policy_dice = Dice::new(roll_seed(seed ^ POLICY_DICE, step));
        let pick = if decider == side { policy(&now, decider, &legal, &policy_dice, memo, work) } else { policy(&now.seen_by(decider), decider, &legal, &policy_dice, memo, work) };
        let Some(pick) = pick else { break };
        let next = after(&now, &pick, &mut dice);
        work.used += 1;
        if decider != side && (here != own || R::exchange_over(&now, &next)) {
            answered = true;
        }
        now = next;
    }
    work.used += 1;
    R::evaluate(&now, side, memo) + R::exchange(&now, side, memo)
}

/// The quick level's choice on one roll of the policy's own dice: the command whose position the
/// decider's own evaluation likes best.
fn policy<R: Judge>(now: &Battle<R>, decider: Side, legal: &[R::Command], dice: &Dice, memo: &mut R::Memo, work: &mut Work) -> Option<R::Command> {
    if legal.len() <= 1 {
        return legal.first().cloned();
    }
    let mut best: Option<(f64, &R::Command)> = None;
    for c in legal {
        let next = after(now, c, &mut dice.clone());
        let v = R::evaluate(&next, decider, memo);
        work.used += 2;
        if best.is_none_or(|(g, _)| v > g + 1e-9) {
            best = Some((v, c));
        }
    }
    best.map(|(_, c)| c.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenger_overrules_only_by_twice_the_standard_error_over_enough_paired_rolls() {
        let incumbent = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
        let ahead: Vec<f64> = incumbent.iter().map(|v| v + 0.5).collect();
        assert!(clearly_better(&ahead, &incumbent), "the same rolls, always ahead: no spread at all");
        assert!(!clearly_better(&ahead[..7], &incumbent), "seven rolls are too few");
        let noisy = [2.0, 1.5, 4.0, 3.5, 6.0, 5.5, 8.0, 7.5];
        assert!(!clearly_better(&noisy, &incumbent), "ahead by 0.25 on average, give or take 0.75 a roll");
        assert!(!clearly_better(&incumbent, &incumbent), "a tie keeps the incumbent");
    }

    #[test]
    fn every_rollout_has_its_own_dice_and_every_candidate_the_same() {
        let seeds: Vec<u64> = (0..100).map(|i| roll_seed(7, i)).collect();
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len());
        assert_eq!(seeds, (0..100).map(|i| roll_seed(7, i)).collect::<Vec<_>>());
        assert_ne!(roll_seed(7, 0), roll_seed(8, 0));
    }
}
