//! Computer opponents for any ruleset. They choose among `legal_commands` by the position each
//! command leads to, as the ruleset's own evaluation judges it; a command that rolls dice is
//! resolved several times with the AI's own dice (never the battle's) and its outcomes averaged.
//! The quick level looks at the command alone; the stronger one also lets the opponent answer the
//! decision the command hands it (a defence order, a riposte, a retreat), one exchange ahead; the
//! strong one plays the stronger one's best candidates on to the opponent's next turn (`search`).

mod search;

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
    /// The battle after a command already known legal: its preview's events applied to a copy,
    /// unless the ruleset has the battle its preview played them on (`agenda::played`).
    fn after(battle: &Battle<Self>, command: &Self::Command, dice: &mut Dice) -> Battle<Self> {
        let mut next = battle.clone();
        for e in Self::preview(battle, command, dice) {
            Self::apply(&mut next, &e);
        }
        next
    }
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
    /// Whether a legal command is one the side would never choose, another legal command being at
    /// least as good whatever the dice (a free step that betters its odds first): the computer
    /// leaves it out, unless nothing else is left.
    fn dominated(_battle: &Battle<Self>, _command: &Self::Command) -> bool {
        false
    }
    /// How much search work (`search::Work`: a position reached, a list of legal commands, a
    /// judgement) the strong level does per millisecond of its thinking time, measured for this
    /// ruleset on the build machine: the search counts work, never reads a clock, so its choices
    /// are the same on every machine.
    const SEARCH_WORK_PER_MS: u64;
    /// Why the menu does not offer the strong level for this ruleset, or `None` where it does:
    /// it is offered once it beats the stronger level in at least 60% of 200 games on every
    /// bundled scenario at its default think (issue 47), so that a player who picks it never gets
    /// a weaker opponent. A command line or page address that names a scenario and asks for it
    /// still gets it (the battle starts without the menu).
    const STRONG_WITHHELD: Option<&'static str> = None;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Greedy on the command alone, few rolls sampled.
    Easy,
    /// One exchange ahead, more rolls sampled.
    Normal,
    /// The stronger level's best candidates played on to the opponent's next turn, for about
    /// `think_ms` of this ruleset's measured work; at 0 it is the stronger level.
    Strong { think_ms: u32 },
}

/// The strong level's thinking time when a player names none.
pub const STRONG_THINK_MS: u32 = 200;

impl Level {
    /// The level a player names on the command line or in the page's address.
    pub fn from_name(name: &str) -> Result<Level, String> {
        let bare = name.strip_prefix("ai-").unwrap_or(name);
        let (level, think) = bare.split_once(':').map_or((bare, None), |(l, t)| (l, Some(t)));
        match (level, think) {
            ("easy", None) => Ok(Level::Easy),
            ("normal", None) => Ok(Level::Normal),
            ("strong", None) => Ok(Level::Strong { think_ms: STRONG_THINK_MS }),
            ("strong", Some(ms)) => match ms.parse::<u32>() {
                Ok(think_ms) => Ok(Level::Strong { think_ms }),
                Err(_) => Err(format!("level '{name}': the strong level's thinking time '{ms}' is not a whole number of milliseconds")),
            },
            _ => Err(format!("unknown level '{name}': easy, normal, strong or strong:MS (thinking time in milliseconds)")),
        }
    }

    /// The name `from_name` reads.
    pub fn name(self) -> String {
        match self {
            Level::Easy => "easy".into(),
            Level::Normal => "normal".into(),
            Level::Strong { think_ms } if think_ms == STRONG_THINK_MS => "strong".into(),
            Level::Strong { think_ms } => format!("strong:{think_ms}"),
        }
    }

    fn samples(self) -> u64 {
        match self {
            Level::Easy => 4,
            Level::Normal | Level::Strong { .. } => 12,
        }
    }

    /// Whether this level lets the opponent answer, one exchange ahead.
    fn looks_ahead(self) -> bool {
        self != Level::Easy
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
    R::after(b, command, dice)
}

impl Ai {
    /// How good the position is for `side`, as this level judges it.
    fn judge<R: Judge>(&self, b: &Battle<R>, side: Side, memo: &mut R::Memo) -> f64 {
        if self.level.looks_ahead() { R::evaluate(b, side, memo) + R::exchange(b, side, memo) } else { R::evaluate(b, side, memo) }
    }

    /// The average position `command` leads to, over this level's sampled rolls.
    fn weigh<R: Judge>(&self, b: &Battle<R>, side: Side, command: &R::Command, seed: u64, memo: &mut R::Memo) -> f64 {
        let mut total = 0.0;
        let mut n = 0u64;
        for k in 0..self.level.samples() {
            let mut dice = Dice::new(seed.wrapping_add(k));
            let mut next = after(b, command, &mut dice);
            if self.level.looks_ahead() {
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
        let undominated: Vec<R::Command> = legal.iter().filter(|c| !R::dominated(b, c)).cloned().collect();
        let legal = if undominated.is_empty() { legal } else { undominated };
        self.decisions += 1;
        let mut memo: Box<R::Memo> = self.memo.take().and_then(|m| m.downcast().ok()).unwrap_or_default();
        R::new_decision(&mut memo);
        let seed = self.seed ^ self.decisions.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let (turn, phase) = (b.turn, R::phase(b));
        if self.level.looks_ahead() {
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
        let think = self.think_budget::<R>(b);
        let keep = if think > 0 { search::CANDIDATES } else { 1 };
        let Ranked { gains, fresh, best } = self.rank(b, side, &legal, &stale, keep, seed, &mut memo);
        let chosen = match best {
            Some(incumbent) if think > 0 => {
                let candidates = best_first(&fresh, incumbent, keep);
                let pick = search::search(b, side, &legal, &gains, &candidates, search::Work::new(think), seed, &mut memo);
                Some(legal[pick].clone())
            }
            other => other.map(|i| legal[i].clone()),
        };
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

impl Ai {
    /// The strong level's work for this decision: none at the other levels, nor where the side
    /// decides blind (its sealed decisions are the stronger level's for now).
    fn think_budget<R: Judge>(&self, b: &Battle<R>) -> u64 {
        match self.level {
            Level::Strong { think_ms } if !R::blind(b) => u64::from(think_ms) * R::SEARCH_WORK_PER_MS,
            _ => 0,
        }
    }

    /// The legal commands weighed: the commands never weighed first, then by old gain, best first,
    /// until `keep` fresh gains beat every old gain left (lazy greedy: another unit's move changes
    /// most gains little).
    #[allow(clippy::too_many_arguments)]
    fn rank<R: Judge>(&self, b: &Battle<R>, side: Side, legal: &[R::Command], stale: &[Option<f64>], keep: usize, seed: u64, memo: &mut R::Memo) -> Ranked {
        // Ties keep the legal order.
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by(|a, b| match (stale[*a], stale[*b]) {
            (None, None) => a.cmp(b),
            (None, Some(_)) => std::cmp::Ordering::Less,
            (Some(_), None) => std::cmp::Ordering::Greater,
            (Some(x), Some(y)) => y.total_cmp(&x).then(a.cmp(b)),
        });
        let base = self.judge(b, side, memo);
        let mut gains = stale.to_vec();
        let mut fresh: Vec<(usize, f64)> = Vec::new();
        // The fresh gains best first, to know the `keep`-th.
        let mut sorted: Vec<f64> = Vec::new();
        let mut top: Option<(f64, usize)> = None;
        for i in order {
            if let (Some(old), Some((found, _))) = (stale[i], top)
                && sorted.len() >= keep
                && found.min(sorted[keep - 1]) >= old
            {
                break;
            }
            let gain = self.weigh(b, side, &legal[i], seed, memo) - base;
            gains[i] = Some(gain);
            fresh.push((i, gain));
            sorted.insert(sorted.partition_point(|g| *g >= gain), gain);
            if beats(gain, i, top) {
                top = Some((gain, i));
            }
        }
        Ranked { gains, fresh, best: top.map(|(_, i)| i) }
    }
}

/// What `rank` found.
struct Ranked {
    /// Each legal command's gain over the position, old or fresh.
    gains: Vec<Option<f64>>,
    /// The commands weighed afresh, with their gains, in the order they were weighed.
    fresh: Vec<(usize, f64)>,
    /// The best fresh command: the stronger level's choice.
    best: Option<usize>,
}

/// Whether command `i`'s `gain` beats the best so far: by more than a hair, or by a hair and
/// earlier in the legal order.
fn beats(gain: f64, i: usize, best: Option<(f64, usize)>) -> bool {
    best.is_none_or(|(g, j)| gain > g + 1e-9 || (gain > g - 1e-9 && i < j))
}

/// `best` and then the other fresh commands by gain, `keep` in all.
fn best_first(fresh: &[(usize, f64)], best: usize, keep: usize) -> Vec<usize> {
    let mut others: Vec<(usize, f64)> = fresh.iter().copied().filter(|(i, _)| *i != best).collect();
    others.sort_by(|(i, a), (j, b)| b.total_cmp(a).then(i.cmp(j)));
    std::iter::once(best).chain(others.into_iter().map(|(i, _)| i)).take(keep).collect()
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
