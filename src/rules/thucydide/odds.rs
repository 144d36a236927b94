//! The odds of an attack before it is made, from the rules' own resolution: the same command
//! resolved with many independent dice and carried through the decisions it raises, the defender
//! declining a defence order and riposting when it can, retreats taking their first way, no
//! follow-up and no pursuit. What the player sees before attacking.

use super::Thucydide;
use super::apply::apply;
use super::command::Command;
use super::event::Event;
use super::resolve::preview;
use super::legal::legal_commands;
use super::state::Step;
use crate::battle::{Battle, Dice, UnitId};

/// What an attack is expected to do to its target.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Odds {
    pub samples: u32,
    /// Elements the target is expected to lose.
    pub expected_losses: f64,
    /// Chance the target has to fall back (a validated morale hit that is not cancelled).
    pub retreat: f64,
    /// Chance the target is destroyed or leaves the board.
    pub destroyed: f64,
    /// Elements the attacker is expected to lose to the target's riposte.
    pub riposte_losses: f64,
}

/// Seeds for the sampled rolls: fixed, so the same position always shows the same odds, and apart
/// from the battle's own dice, which a preview never touches.
const ODDS_SEED: u64 = 0x0dd5_0dd5;

/// The answer the odds assume to a decision the attack raises.
fn assumed(b: &Battle<Thucydide>, step: &Step) -> Option<Command> {
    let preferred = match step {
        Step::Defence(_) => Some(Command::Defend { defence_order: false }),
        Step::Riposte(_) => Some(Command::Riposte { strike: true }),
        Step::FollowUp(_) => Some(Command::FollowUp { advance: false }),
        Step::Pursuit { .. } => Some(Command::Pursue { to: None, target: None, attack_order: false }),
        _ => None,
    };
    // The preferred answer where the rules offer it, else the first option.
    let legal = legal_commands(b);
    preferred.filter(|c| legal.contains(c)).or_else(|| legal.into_iter().next())
}

/// Resolves `Attack { attacker, target, attack_order }` `samples` times. The caller knows the
/// command is legal (it comes from `legal_commands`).
pub fn attack_odds(b: &Battle<Thucydide>, attacker: UnitId, target: UnitId, attack_order: bool, samples: u32) -> Odds {
    let command = Command::Attack { attacker, target, attack_order };
    let (mut losses, mut retreats, mut destroyed, mut suffered) = (0u32, 0u32, 0u32, 0u32);
    for i in 0..samples {
        let mut dice = Dice::new(ODDS_SEED ^ u64::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut after = b.clone();
        let mut events = Vec::new();
        let mut next = Some(command.clone());
        // The attack, then each decision it raises, a bounded number of times.
        for _ in 0..16 {
            let Some(c) = next.take() else { break };
            let new = preview(&after, &c, &mut dice);
            for e in &new {
                apply(&mut after, e);
            }
            events.extend(new);
            next = after.global.agenda.last().cloned().and_then(|step| assumed(&after, &step));
        }
        let mut gone = false;
        for e in &events {
            match e {
                Event::ElementsLost { unit, lost, .. } if *unit == target => losses += u32::from(*lost),
                Event::ElementsLost { unit, lost, .. } if *unit == attacker => suffered += u32::from(*lost),
                Event::UnitDestroyed { unit } | Event::UnitLeftBoard { unit, .. } if *unit == target => gone = true,
                _ => {}
            }
        }
        destroyed += u32::from(gone);
        let falls_back = events.iter().any(|e| matches!(e, Event::Retreated { unit, .. } if *unit == target));
        retreats += u32::from(falls_back && !gone);
    }
    let n = f64::from(samples.max(1));
    Odds {
        samples,
        expected_losses: f64::from(losses) / n,
        retreat: f64::from(retreats) / n,
        destroyed: f64::from(destroyed) / n,
        riposte_losses: f64::from(suffered) / n,
    }
}
