//! Computer opponents for any ruleset. They choose among `legal_commands` by the position each
//! command leads to, as the ruleset's own evaluation judges it; a command that rolls dice is
//! resolved several times with the AI's own dice (never the battle's) and its outcomes averaged.
//! The quick level looks at the command alone; the stronger one also lets the opponent answer the
//! decision the command hands it (a defence order, a riposte, a retreat), one exchange ahead.

use crate::battle::{Battle, Dice, Ruleset, Side};
use crate::sim::Player;

/// What a ruleset supplies so the AI can play it.
pub trait Judge: Ruleset {
    /// How good the position is for `side` (any scale; higher is better).
    fn evaluate(battle: &Battle<Self>, side: Side) -> f64;
    /// The events of a command already known legal, without checking it again.
    fn preview(battle: &Battle<Self>, command: &Self::Command, dice: &mut Dice) -> Vec<Self::Event>;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Greedy on the command alone, few rolls sampled.
    Easy,
    /// One exchange ahead, more rolls sampled.
    Normal,
}

impl Level {
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
}

impl Ai {
    pub fn new(level: Level, seed: u64) -> Ai {
        Ai { level, seed, decisions: 0 }
    }
}

fn after<R: Judge>(b: &Battle<R>, command: &R::Command, dice: &mut Dice) -> Battle<R> {
    let mut next = b.clone();
    for e in R::preview(b, command, dice) {
        R::apply(&mut next, &e);
    }
    next
}

impl<R: Judge> Player<R> for Ai {
    fn choose(&mut self, b: &Battle<R>) -> Option<R::Command> {
        let side = R::deciding_side(b)?;
        let legal = R::legal_commands(b);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        self.decisions += 1;
        let base = self.seed ^ self.decisions.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut best: Option<(f64, usize)> = None;
        for (i, c) in legal.iter().enumerate() {
            let mut total = 0.0;
            let mut n = 0u64;
            for k in 0..self.level.samples() {
                let mut dice = Dice::new(base.wrapping_add(k));
                let mut next = after(b, c, &mut dice);
                if self.level == Level::Normal {
                    next = answer(&next, side, &mut dice);
                }
                total += R::evaluate(&next, side);
                n += 1;
                if dice.rolled() == 0 {
                    break;
                }
            }
            let score = total / n as f64;
            if best.is_none_or(|(s, _)| score > s + 1e-9) {
                best = Some((score, i));
            }
        }
        best.map(|(_, i)| legal[i].clone())
    }
}

/// The opponent's answers to the decisions a command hands it, each chosen greedily by its own
/// evaluation on one roll, until the decision is back with `side` or the exchange is over.
fn answer<R: Judge>(b: &Battle<R>, side: Side, dice: &mut Dice) -> Battle<R> {
    let mut now = b.clone();
    for _ in 0..4 {
        let Some(other) = R::deciding_side(&now).filter(|s| *s != side) else { break };
        let options = R::legal_commands(&now);
        if options.is_empty() {
            break;
        }
        let pick = options
            .iter()
            .map(|c| {
                let mut d = dice.clone();
                (R::evaluate(&after(&now, c, &mut d), other), c)
            })
            .fold(None::<(f64, &R::Command)>, |acc, (s, c)| if acc.is_none_or(|(a, _)| s > a + 1e-9) { Some((s, c)) } else { acc });
        let Some((_, c)) = pick else { break };
        // End-of-phase answers would play the opponent's whole turn: the exchange stops there.
        let next = after(&now, c, dice);
        if R::phase(&next) != R::phase(&now) {
            break;
        }
        now = next;
    }
    now
}
