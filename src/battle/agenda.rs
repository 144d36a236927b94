//! The pending-decision stack every ruleset shares. Resolving a command leaves consequences on a
//! stack (a roll, a retreat, a follow-up, a riposte...): the rules carry out the automatic ones at
//! once, a decision with a single option is taken by itself, and the battle waits when a player
//! must choose. While one waits, `legal_commands` lists its options, so decisions are ordinary
//! commands in the log.

use super::dice::Dice;
use super::model::Battle;
use super::ruleset::Ruleset;

/// A scratch copy of the battle that records every event it applies.
pub struct Ctx<'d, R: Ruleset> {
    pub b: Battle<R>,
    pub events: Vec<R::Event>,
    pub dice: &'d mut Dice,
}

impl<R: Agenda> Ctx<'_, R> {
    pub fn emit(&mut self, event: R::Event) {
        R::apply(&mut self.b, &event);
        self.events.push(event);
    }

    pub fn push(&mut self, step: R::Step) {
        R::steps_mut(&mut self.b).push(step);
    }

    /// Pushes steps so that they run in the order given.
    pub fn push_in_order(&mut self, steps: Vec<R::Step>) {
        for s in steps.into_iter().rev() {
            self.push(s);
        }
    }
}

/// What a ruleset supplies to run its consequences through the stack.
pub trait Agenda: Ruleset {
    /// A consequence still to carry out or decide; the top of the stack goes first.
    type Step: Clone + PartialEq;
    fn steps(battle: &Battle<Self>) -> &Vec<Self::Step>;
    fn steps_mut(battle: &mut Battle<Self>) -> &mut Vec<Self::Step>;
    /// The options of a step a player decides, or `None` for one the rules carry out by themselves.
    fn decision(battle: &Battle<Self>, step: &Self::Step) -> Option<Vec<Self::Command>>;
    /// Carries out a step the rules decide (already taken off the stack).
    fn automatic(ctx: &mut Ctx<'_, Self>, step: Self::Step);
    /// Carries out a command: a player's own, or the one option of a decision.
    fn execute(ctx: &mut Ctx<'_, Self>, command: &Self::Command);
    /// With the stack empty, before the battle waits: what the rules check then (a break point).
    fn when_settled(_ctx: &mut Ctx<'_, Self>) {}
    /// The event that records the stack as a command left it, if the ruleset logs it.
    fn stack_changed(steps: &[Self::Step]) -> Option<Self::Event>;
}

/// Runs `body` on a scratch copy of `b`, then every consequence it leaves until a player must
/// decide or nothing is left; returns the events, with the stack's change last.
pub fn run<R: Agenda>(b: &Battle<R>, dice: &mut Dice, body: impl FnOnce(&mut Ctx<'_, R>)) -> Vec<R::Event> {
    let mut ctx = settled(b, dice, body);
    if R::steps(&ctx.b) != R::steps(b) {
        if let Some(e) = R::stack_changed(R::steps(&ctx.b)) {
            ctx.events.push(e);
        }
    }
    ctx.events
}

/// The battle `run` leaves after `command`: its scratch copy with every event already applied, for
/// the computer, which weighs the position and not the events.
pub fn played<R: Agenda>(b: &Battle<R>, command: &R::Command, dice: &mut Dice) -> Battle<R> {
    settled(b, dice, |ctx| R::execute(ctx, command)).b
}

/// `body` on a scratch copy of `b`, then every consequence it leaves until a player must decide.
fn settled<'d, R: Agenda>(b: &Battle<R>, dice: &'d mut Dice, body: impl FnOnce(&mut Ctx<'_, R>)) -> Ctx<'d, R> {
    let mut ctx = Ctx { b: b.clone(), events: Vec::new(), dice };
    body(&mut ctx);
    settle(&mut ctx);
    ctx
}

/// Carries out the stack down to `depth` steps, taking the first option of every decision (the
/// rules' default): the look-ahead of the computer and of the odds, which must see a combat through
/// to its end without waiting on a player.
pub fn play_out<R: Agenda>(ctx: &mut Ctx<'_, R>, depth: usize) {
    while R::steps(&ctx.b).len() > depth && R::outcome(&ctx.b).is_none() {
        let Some(step) = R::steps(&ctx.b).last().cloned() else { return };
        match R::decision(&ctx.b, &step) {
            None => {
                R::steps_mut(&mut ctx.b).pop();
                R::automatic(ctx, step);
            }
            Some(options) => match options.first() {
                Some(first) => R::execute(ctx, first),
                None => {
                    R::steps_mut(&mut ctx.b).pop();
                }
            },
        }
    }
}

/// Carries out steps until a real decision is needed, the stack is empty or the battle is over.
fn settle<R: Agenda>(ctx: &mut Ctx<'_, R>) {
    loop {
        if R::outcome(&ctx.b).is_some() {
            R::steps_mut(&mut ctx.b).clear();
            return;
        }
        let Some(step) = R::steps(&ctx.b).last().cloned() else {
            R::when_settled(ctx);
            if R::outcome(&ctx.b).is_some() {
                continue;
            }
            return;
        };
        match R::decision(&ctx.b, &step) {
            None => {
                R::steps_mut(&mut ctx.b).pop();
                R::automatic(ctx, step);
            }
            Some(options) if options.len() == 1 => R::execute(ctx, &options[0]),
            Some(options) if options.is_empty() => {
                R::steps_mut(&mut ctx.b).pop();
            }
            Some(_) => return,
        }
    }
}
