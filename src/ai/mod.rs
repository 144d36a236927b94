//! Computer opponents for any ruleset. They choose among `legal_commands` by the position each
//! command leads to, as the ruleset's own evaluation judges it; a command that rolls dice is
//! resolved several times with the AI's own dice (never the battle's) and its outcomes averaged.
//! The quick level looks at the command alone; the stronger one also lets the opponent answer the
//! decision the command hands it (a defence order, a riposte, a retreat), one exchange ahead.

use crate::battle::{Battle, Dice, Ruleset, Side};
use crate::sim::Player;
use std::any::Any;

/// What a ruleset supplies so the AI can play it.
pub trait Judge: Ruleset {
    /// What the evaluation keeps from one position to the next to go faster (searches, fields,
    /// blows): owned by one AI player, never shared between players or threads, and never the
    /// cause of a different result.
    type Memo: Default + Send + Sync + 'static;
    /// How good the position is for `side` (any scale; higher is better).
    fn evaluate(battle: &Battle<Self>, side: Side, memo: &mut Self::Memo) -> f64;
    /// The stronger level's look one exchange ahead, added to `evaluate`: what the side can expect
    /// to strike this turn against what the enemies in reach can strike back next turn.
    fn exchange(_battle: &Battle<Self>, _side: Side, _memo: &mut Self::Memo) -> f64 {
        0.0
    }
    /// A new decision starts: forget what the memo kept that is only good within one decision,
    /// so every decision depends only on its position and seed.
    fn new_decision(_memo: &mut Self::Memo) {}
    /// The events of a command already known legal, without checking it again.
    fn preview(battle: &Battle<Self>, command: &Self::Command, dice: &mut Dice) -> Vec<Self::Event>;
    /// Whether the opponent's command from `before` to `after` goes past the answers a command
    /// hands it: the stronger level stops its look ahead there. By default, a change of phase
    /// (the opponent's whole turn would follow); a ruleset whose phases hold both sides' moves
    /// stops where the opponent starts moving freely.
    fn exchange_over(before: &Battle<Self>, after: &Battle<Self>) -> bool {
        Self::phase(before) != Self::phase(after)
    }
    /// The stronger level's whole sealed decision at once (every order of an envelope, then the
    /// seal), for a ruleset whose decisions are given piece by piece before a seal and are worth
    /// weighing together; the AI then plays it out command by command. `None`: weigh each command
    /// on its own, as for any other decision.
    fn envelope(_battle: &Battle<Self>, _side: Side, _seed: u64, _memo: &mut Self::Memo) -> Option<Vec<Self::Command>> {
        None
    }
    /// Whether the side deciding in `battle` decides blind (a sealed round, where it never sees
    /// the other side's decision): the stronger level does not look for its answer there.
    fn blind(_battle: &Battle<Self>) -> bool {
        false
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Greedy on the command alone, few rolls sampled.
    Easy,
    /// One exchange ahead, more rolls sampled.
    Normal,
}

impl Level {
    /// The level a player names on the command line or in the page's address.
    pub fn from_name(name: &str) -> Result<Level, String> {
        match name {
            "easy" | "ai-easy" => Ok(Level::Easy),
            "normal" | "ai-normal" => Ok(Level::Normal),
            other => Err(format!("unknown level '{other}': easy or normal")),
        }
    }

    /// The name `from_name` reads.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
        }
    }

    fn samples(self) -> u64 {
        match self {
            Level::Easy => 4,
            Level::Normal => 12,
        }
    }
}

pub struct Ai {
    level: Level,
    seed: u64,
    decisions: u64,
    /// The rest of an envelope `Judge::envelope` gave (a `Plan<R>`), while it is still legal.
    plan: Option<Box<dyn Any + Send + Sync>>,
    /// The gains the previous decision weighed (a `Weighed<R>`), while they may serve again.
    weighed: Option<Box<dyn Any + Send + Sync>>,
    /// The ruleset's `Judge::Memo`, from one decision to the next.
    memo: Option<Box<dyn Any + Send + Sync>>,
}

impl Ai {
    pub fn new(level: Level, seed: u64) -> Ai {
        Ai { level, seed, decisions: 0, plan: None, weighed: None, memo: None }
    }
}

/// The commands left of a whole decision, and where it was made.
struct Plan<R: Ruleset> {
    side: Side,
    turn: u32,
    phase: R::Phase,
    commands: std::collections::VecDeque<R::Command>,
}

/// What each command gained over the position it was weighed in. While the same side goes on in
/// the same phase, another unit's move changes most gains little, so the next decision weighs
/// again only the commands whose old gain could still beat the best fresh one (lazy greedy).
struct Weighed<R: Ruleset> {
    side: Side,
    turn: u32,
    phase: R::Phase,
    gains: Vec<(R::Command, f64)>,
}

fn after<R: Judge>(b: &Battle<R>, command: &R::Command, dice: &mut Dice) -> Battle<R> {
    let mut next = b.clone();
    for e in R::preview(b, command, dice) {
        R::apply(&mut next, &e);
    }
    next
}

impl Ai {
    /// How good the position is for `side`, as this level judges it.
    fn judge<R: Judge>(&self, b: &Battle<R>, side: Side, memo: &mut R::Memo) -> f64 {
        match self.level {
            Level::Easy => R::evaluate(b, side, memo),
            Level::Normal => R::evaluate(b, side, memo) + R::exchange(b, side, memo),
        }
    }

    /// The average position `command` leads to, over this level's sampled rolls.
    fn weigh<R: Judge>(&self, b: &Battle<R>, side: Side, command: &R::Command, seed: u64, memo: &mut R::Memo) -> f64 {
        let mut total = 0.0;
        let mut n = 0u64;
        for k in 0..self.level.samples() {
            let mut dice = Dice::new(seed.wrapping_add(k));
            let mut next = after(b, command, &mut dice);
            if self.level == Level::Normal {
                next = answer(&next, side, &mut dice, memo);
            }
            total += self.judge(&next, side, memo);
            n += 1;
            if dice.rolled() == 0 {
                break;
            }
        }
        total / n as f64
    }
}

impl<R: Judge> Player<R> for Ai {
    fn choose(&mut self, b: &Battle<R>) -> Option<R::Command> {
        let side = R::deciding_side(b)?;
        let legal = R::legal_commands(b);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        // The computer weighs the battle as its side may know it, never the other side's sealed
        // decisions.
        let seen = b.seen_by(side);
        let b = &seen;
        self.decisions += 1;
        let mut memo: Box<R::Memo> = self.memo.take().and_then(|m| m.downcast().ok()).unwrap_or_default();
        R::new_decision(&mut memo);
        let seed = self.seed ^ self.decisions.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let (turn, phase) = (b.turn, R::phase(b));
        if self.level == Level::Normal {
            let mut plan = self
                .plan
                .take()
                .and_then(|p| p.downcast::<Plan<R>>().ok())
                .filter(|p| p.side == side && p.turn == turn && p.phase == phase)
                .or_else(|| {
                    let commands = R::envelope(b, side, seed, &mut memo)?;
                    Some(Box::new(Plan::<R> { side, turn, phase, commands: commands.into() }))
                });
            // A plan is made once a decision: what is left of it that is no longer legal is
            // skipped, and once it is spent the commands are weighed one by one.
            let next = plan.as_mut().and_then(|p| std::iter::from_fn(|| p.commands.pop_front()).find(|c| legal.contains(c)));
            self.plan = plan.map(|p| p as Box<dyn Any + Send + Sync>);
            if next.is_some() {
                self.memo = Some(memo);
                return next;
            }
        }
        let previous = self
            .weighed
            .take()
            .and_then(|w| w.downcast::<Weighed<R>>().ok())
            .filter(|w| w.side == side && w.turn == turn && w.phase == phase);
        let stale = previous.map_or_else(|| vec![None; legal.len()], |w| old_gains(&w.gains, &legal));
        // Never weighed first, then by old gain, best first; ties keep the legal order.
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by(|a, b| match (stale[*a], stale[*b]) {
            (None, None) => a.cmp(b),
            (None, Some(_)) => std::cmp::Ordering::Less,
            (Some(_), None) => std::cmp::Ordering::Greater,
            (Some(x), Some(y)) => y.total_cmp(&x).then(a.cmp(b)),
        });
        let base = self.judge(b, side, &mut memo);
        let mut gains = stale.clone();
        let mut best: Option<(f64, usize)> = None;
        for i in order {
            if let (Some(old), Some((found, _))) = (stale[i], best) {
                if found >= old {
                    break;
                }
            }
            let gain = self.weigh(b, side, &legal[i], seed, &mut memo) - base;
            gains[i] = Some(gain);
            if best.is_none_or(|(g, j)| gain > g + 1e-9 || (gain > g - 1e-9 && i < j)) {
                best = Some((gain, i));
            }
        }
        let chosen = best.map(|(_, i)| legal[i].clone());
        self.memo = Some(memo);
        self.weighed = Some(Box::new(Weighed::<R> {
            side,
            turn,
            phase,
            gains: legal.into_iter().zip(gains).filter_map(|(c, g)| Some((c, g?))).collect(),
        }));
        chosen
    }
}

/// Each command's gain in `gains`, if there; both lists keep the legal order, so the search goes
/// on from where the last one ended.
fn old_gains<C: PartialEq>(gains: &[(C, f64)], legal: &[C]) -> Vec<Option<f64>> {
    let mut from = 0;
    legal
        .iter()
        .map(|c| {
            let n = gains.len();
            let at = (0..n).map(|k| (from + k) % n).find(|i| gains[*i].0 == *c)?;
            from = at + 1;
            Some(gains[at].1)
        })
        .collect()
}

/// The opponent's answers to the decisions a command hands it, each chosen greedily by its own
/// evaluation on one roll, until the decision is back with `side` or the exchange is over.
fn answer<R: Judge>(b: &Battle<R>, side: Side, dice: &mut Dice, memo: &mut R::Memo) -> Battle<R> {
    let mut now = b.clone();
    for _ in 0..4 {
        let Some(other) = R::deciding_side(&now).filter(|s| *s != side && !R::blind(&now)) else { break };
        let options = R::legal_commands(&now);
        if options.is_empty() {
            break;
        }
        let pick = options
            .iter()
            .map(|c| {
                let mut d = dice.clone();
                (R::evaluate(&after(&now, c, &mut d), other, memo), c)
            })
            .fold(None::<(f64, &R::Command)>, |acc, (s, c)| if acc.is_none_or(|(a, _)| s > a + 1e-9) { Some((s, c)) } else { acc });
        let Some((_, c)) = pick else { break };
        // Answers past the exchange would play the opponent's whole turn: the look stops there.
        let next = after(&now, c, dice);
        if R::exchange_over(&now, &next) {
            break;
        }
        now = next;
    }
    now
}
