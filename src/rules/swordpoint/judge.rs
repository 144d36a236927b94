//! What the computer opponent weighs in a Swordpoint position (house heuristics, not rules): the
//! battle's result; each side's standing strength points against its start, the nearer to H-25's
//! break point the dearer; momentum, counting what its sealed sheet commits, and the initiative;
//! Demoralised and exhausted units; units in command; the army general alive and kept out of
//! contact; melee troops closing on the enemy and shooters at their short range.

use super::Swordpoint;
use super::data::tables;
use super::legal::sealed_phase;
use super::resolve::preview;
use super::state::{Phase, UnitState};
use super::unit::{SpUnit, distance, enemies, friends, in_command, standing_strength};
use crate::ai::Judge;
use crate::battle::{Battle, Dice, Ruleset, Side};
use crate::hex::Hex;

type B = Battle<Swordpoint>;

/// A won battle, far above anything else.
const WON: f64 = 10_000.0;
/// The whole army standing: a side's standing strength counts as this share of it, so that a
/// strength point is worth the same fraction of either army (H-25 judges by fractions).
const ARMY: f64 = 100.0;
/// Losses past `BREAKING_FROM` of the start cost this much more per unit of fraction: H-25 breaks
/// an army at half.
const BREAKING: f64 = 150.0;
const BREAKING_FROM: f64 = 0.3;
/// Per point in the pool (initiative bids, up to 3 per combat).
const MOMENTUM: f64 = 0.4;
/// Per point written into a combat on the sealed sheet: +1 to that combat's score (SP:L195), worth
/// more there than in the pool, so the computer spends what it holds when it fights.
const MOMENTUM_IN_COMBAT: f64 = 0.7;
/// Holding the initiative (declaring and moving first, H-9); while bidding, its chance of it.
const INITIATIVE: f64 = 1.0;
/// A living army general: his death makes the units beyond 12" test (SP1.4) and takes his
/// Cohesion and re-rolls away.
const GENERAL: f64 = 6.0;
/// The army general's unit in contact with an enemy: his death test comes with every combat.
const GENERAL_IN_CONTACT: f64 = 1.5;
/// Demoralised (+1 to its tests, SP:L28): a flat cost and a share of the unit's worth.
const DEMORALISED: (f64, f64) = (0.6, 0.12);
/// Exhausted (+2 to its tests, SP:L29).
const EXHAUSTED: (f64, f64) = (0.6, 0.15);
/// Within a commander's radius (SP5.25): it can be rallied.
const IN_COMMAND: f64 = 0.2;
/// Shooters or skirmishers in contact fight badly and cannot shoot.
const SHOOTER_IN_CONTACT: f64 = 0.5;
/// Per hex away from where the unit wants to be (next to the enemy, or at its short range).
const CLOSING: f64 = 0.25;
/// Per hill level (SP5.16).
const HILL: f64 = 0.05;

/// The hex distance a unit wants to its nearest enemy: contact for melee troops, the edge of its
/// short range (at least the hex past contact) for shooters.
fn wanted_distance(s: &UnitState) -> u32 {
    let t = tables();
    match s.profile().missile {
        Some(m) => t.scale.reach(u32::from(t.shooting.range(m).0)).max(2),
        None => 1,
    }
}

/// One side's value: what it keeps, and, for the judging side (`planning`), how its units stand
/// toward the enemy. Counting the opponent's closing too would cancel every step toward it.
fn side_value(b: &B, side: Side, planning: bool) -> f64 {
    let start = f64::from(b.global.start_strength[side.index()].max(1));
    let standing = f64::from(standing_strength(b, side)).min(start);
    let lost = 1.0 - standing / start;
    let mut value = ARMY * standing / start - BREAKING * (lost - BREAKING_FROM).max(0.0);
    value += momentum_value(b, side);
    let general = b.global.general(side).and_then(|g| g.unit);
    if general.is_some() {
        value += GENERAL;
    }
    let foes: Vec<Hex> = enemies(b, side).filter(|e| !e.state.fleeing).filter_map(|e| e.hex).collect();
    for u in friends(b, side).filter(|u| !u.state.fleeing) {
        value += unit_value(b, u, start, &foes, general == Some(u.id), planning);
    }
    value
}

/// The pool, less what the side's own sheet already commits (a bid is spent whatever the dice
/// say; momentum written into combats is worth its +1s), and the initiative or the chance of it.
/// Counting an entry as spent when it is written is what keeps the computer from raising a bid for
/// nothing: the sheet is resolved only once both sides have sealed.
fn momentum_value(b: &B, side: Side) -> f64 {
    let g = &b.global;
    let sheet = &g.sheets[side.index()];
    let pool = f64::from(g.momentum[side.index()]);
    match g.phase {
        Phase::Initiative => MOMENTUM * (pool - f64::from(sheet.bid)) + INITIATIVE * initiative_chance(sheet.bid),
        Phase::CombatMomentum => {
            let committed = f64::from(sheet.momentum.iter().map(|(_, p)| *p).sum::<u8>());
            MOMENTUM * (pool - committed) + MOMENTUM_IN_COMBAT * committed
        }
        Phase::DeclareMounted | Phase::DeclareFoot | Phase::ChargeMoves | Phase::RemainingMoves if g.initiative == side => MOMENTUM * pool + INITIATIVE,
        _ => MOMENTUM * pool,
    }
}

/// The chance that d6 + `bid` beats the other side's d6 with no bid (H-9, ties rolled again): the
/// other sheet is sealed, so the computer reckons with nothing on it.
fn initiative_chance(bid: u8) -> f64 {
    let faces = 1..=6u8;
    let (mut wins, mut ties) = (0u32, 0u32);
    for mine in faces.clone() {
        for theirs in faces.clone() {
            match (mine + bid).cmp(&theirs) {
                std::cmp::Ordering::Greater => wins += 1,
                std::cmp::Ordering::Equal => ties += 1,
                std::cmp::Ordering::Less => {}
            }
        }
    }
    f64::from(wins) / f64::from(36 - ties)
}

fn unit_value(b: &B, u: &SpUnit, start: f64, foes: &[Hex], has_general: bool, planning: bool) -> f64 {
    let Some(at) = u.hex else { return 0.0 };
    let s = &u.state;
    let worth = ARMY * f64::from(s.strength()) / start;
    let mut value = HILL * f64::from(b.map.level(at));
    if s.demoralised {
        value -= DEMORALISED.0 + DEMORALISED.1 * worth;
    }
    if s.exhausted() {
        value -= EXHAUSTED.0 + EXHAUSTED.1 * worth;
    }
    if in_command(b, u) {
        value += IN_COMMAND;
    }
    let Some(nearest) = foes.iter().map(|h| distance(at, *h)).min() else { return value };
    let shooter = s.profile().missile.is_some();
    if nearest <= 1 {
        if has_general {
            value -= GENERAL_IN_CONTACT;
        }
        if shooter {
            value -= SHOOTER_IN_CONTACT;
        }
    }
    if planning {
        value -= CLOSING * f64::from(nearest.abs_diff(wanted_distance(s)));
    }
    value
}

pub fn evaluate(b: &B, side: Side) -> f64 {
    if let Some(o) = &b.global.outcome {
        return match o.winner {
            Some(w) if w == side => WON,
            Some(_) => -WON,
            None => 0.0,
        };
    }
    side_value(b, side, true) - side_value(b, side.other(), false)
}

impl Judge for Swordpoint {
    type Memo = ();

    fn evaluate(battle: &B, side: Side, _memo: &mut ()) -> f64 {
        evaluate(battle, side)
    }

    fn preview(battle: &B, command: &<Swordpoint as Ruleset>::Command, dice: &mut Dice) -> Vec<<Swordpoint as Ruleset>::Event> {
        preview(battle, command, dice)
    }

    /// Both sides declare and move within one phase: the opponent answers a pending step (a
    /// charge's response, a follow-up, a pursuit) or fills its sealed sheet; its own declarations
    /// and moves are its turn, not an answer (counting them would make ending one's moves look
    /// good whenever the enemy then comes closer).
    fn exchange_over(before: &B, after: &B) -> bool {
        before.global.phase != after.global.phase || (before.global.agenda.is_empty() && !sealed_phase(before.global.phase))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::{Outcome, UnitId};

    fn hastings() -> B {
        let s = crate::scenario::find_bundled("swordpoint-hastings-skirmish").expect("the bundled skirmish");
        super::super::setup::setup(&s).expect("it sets up")
    }

    fn changed(b: &B, unit: u32, change: impl FnOnce(&mut UnitState)) -> B {
        let mut b = b.clone();
        if let Some(u) = b.unit_mut(UnitId(unit)) {
            change(&mut u.state);
        }
        b
    }

    #[test]
    fn losses_markers_and_the_result_move_the_score() {
        let b = hastings();
        let even = evaluate(&b, Side(0));
        let routed = changed(&b, 3, |s| s.fleeing = true);
        assert!(evaluate(&routed, Side(0)) < even - 10.0, "a fleeing unit counts as lost (H-25)");
        assert!(evaluate(&routed, Side(1)) > evaluate(&b, Side(1)));
        let shaken = changed(&b, 12, |s| s.demoralised = true);
        assert!(evaluate(&shaken, Side(0)) > even, "an enemy Demoralised");
        let mut won = b.clone();
        won.global.outcome = Some(Outcome { winner: Some(Side(0)), reason: String::new() });
        assert_eq!((evaluate(&won, Side(0)), evaluate(&won, Side(1))), (WON, -WON));
    }

    #[test]
    fn melee_troops_close_and_shooters_keep_their_range() {
        let b = hastings();
        let warriors = b.unit(UnitId(3)).map(|u| &u.state).expect("the Norman warriors");
        let archers = b.unit(UnitId(4)).map(|u| &u.state).expect("the Norman archers");
        let javelins = b.unit(UnitId(15)).map(|u| &u.state).expect("the English javelinmen");
        assert_eq!([wanted_distance(warriors), wanted_distance(archers), wanted_distance(javelins)], [1, 4, 2], "contact; bows 12\"; javelins 6\"");
    }

    #[test]
    fn a_bid_costs_its_points_at_once_and_buys_only_a_better_chance() {
        assert_eq!(initiative_chance(0), 0.5);
        assert!((initiative_chance(1) - 21.0 / 31.0).abs() < 1e-12, "d6 + 1 against d6: 21 wins, 5 ties of 36");
        assert_eq!(initiative_chance(6), 1.0);
        let mut b = hastings();
        b.global.phase = Phase::Initiative;
        let none = evaluate(&b, Side(0));
        b.global.sheets[0].bid = 1;
        assert!(evaluate(&b, Side(0)) < none, "a point of momentum is worth more than 18% of the initiative");
        b.global.phase = Phase::CombatMomentum;
        b.global.sheets[0].bid = 0;
        let kept = evaluate(&b, Side(0));
        b.global.sheets[0].momentum = vec![(1, 2)];
        assert!(evaluate(&b, Side(0)) > kept, "momentum written into a combat is worth its +1s");
    }
}
