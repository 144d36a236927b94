//! The stronger computer's envelope (house heuristics, not rules): it guesses the other side's
//! orders, each enemy unit's best by the quick level's measure, and also each one standing where
//! it is (it never reads them: it is given the battle `redact`ed); it plays the sequence through
//! the rules against the guesses on its own rolls of the dice, and changes one unit's order at a
//! time among its best few and the best of every other kind while the sequence's outcome improves.
//! In a siege the besieger first names the section the fewest defenders can reach, and each side
//! guesses the besieged's defenders as the nearest units that can reach its walls.

use super::command::Command;
use super::data::Kind;
use super::event::AttackKind;
use super::judge::{CAUTION, WON, duel_blows, exposure, loss_worth, officer_risk, standing, value};
use super::legal;
use super::odds;
use super::state::{Order, Phase};
use super::{MassBattle, sequence};
use crate::battle::{Battle, Dice, Ruleset, Side, Unit, UnitId};

type B = Battle<MassBattle>;
type U = Unit<super::state::UnitState>;

/// Orders weighed per unit, best first by the quick level's measure.
const CHOICES: usize = 6;
/// Rolls each envelope is played with: the same ones for every envelope, so that two envelopes
/// differ by their orders and not by their luck. 4 left too much to luck; 16 played no better
/// than 8 and took four times as long.
const ROLLS: u64 = 8;
/// One roll in this many is played against the other side standing still, the others against its
/// best orders by the quick measure: a unit that waits for a charge that never comes draws the
/// battle on time (H-M9). Hedged in the battle's second half only, the Ost with heroes won 71 of
/// 100 against random; over the whole battle 82, and 63% against the quick level on the field
/// (docs/rules/mass-battle.md).
const PASSIVE: u64 = 2;
/// Rounds of changing one unit's order at a time.
const ROUNDS: usize = 2;

/// What one order is worth to its unit's side on its own: the damage it deals (never more than
/// the target has), the ground it gains, a third of what it should suffer; a besieger, who must
/// take the town before the last sequence, a ninth (36 wins of 50 against random with a third, 40
/// with a ninth, 31 with a thirtieth).
fn alone(b: &B, u: &U, order: &Order) -> f64 {
    let v = value(b, u, order);
    let dealt = v.target.and_then(|t| b.unit(t)).map_or(0.0, |t| loss_worth(b, t, v.damage));
    let caution = if b.global.siege.as_ref().is_some_and(|s| s.besieger == u.side) { CAUTION / 3.0 } else { CAUTION };
    dealt + v.offence + caution * v.defence
}

/// Each unit's orders, best first by `alone`: at most `CHOICES`, and then the best of each kind
/// of order not among them, so that the rehearsal weighs what the measure alone misjudges (a
/// hero's duel that keeps a huge creature off the line, l. 106).
fn choices(b: &B, side: Side) -> Vec<(UnitId, Vec<Order>)> {
    b.on_board()
        .filter(|u| u.side == side && !u.state.leaving)
        .map(|u| {
            let mut orders: Vec<(f64, Order)> = legal::legal_orders(b, u).into_iter().filter(|o| !reckless(b, u, o)).map(|o| (alone(b, u, &o), o)).collect();
            orders.sort_by(|x, y| y.0.total_cmp(&x.0));
            let mut kept: Vec<Order> = Vec::new();
            for (i, (_, o)) in orders.into_iter().enumerate() {
                if i < CHOICES || !kept.iter().any(|k| std::mem::discriminant(k) == std::mem::discriminant(&o)) {
                    kept.push(o);
                }
            }
            (u.id, kept)
        })
        .filter(|(_, orders)| !orders.is_empty())
        .collect()
}

/// An order a hero should not be given, as the rehearsal of one sequence cannot see its cost:
/// - a duel the commander-in-chief should not fight: over its rounds the foe should deal him half
///   his hit points or more. His fall tests his whole army (l. 135-139), and the rehearsal's guess
///   of the other side may keep the foe away (Grushak serving as an officer); without this the
///   Baron fell in 8 games of 40 against random, 7 of those the Ost did not win;
/// - an engagement of a unit of the line by any hero that should cost him a quarter of his life
///   or more a sequence, and a greater share of it than he takes of the unit's: he falls before
///   it does. In one sequence his blows are all gain and his wounds only hit points; the next, he
///   dies (a 30-hit-point shaman went out of his walls onto 20 knights, soaking their lances for
///   the orcs, and fell);
/// - the commander-in-chief serving as the officer of a unit that should lose half its hit points
///   and his where it stands: he falls with it if it is destroyed at once (l. 133), and a sequence
///   rehearsed on the luckier rolls shows only the hit points he lends it.
fn reckless(b: &B, u: &U, order: &Order) -> bool {
    match order {
        Order::Officer(unit) => b.global.commands(u) && officer_risk(b, u, *unit) >= 0.5,
        Order::Duel(foe) => b.global.commands(u) && b.unit(*foe).is_some_and(|foe| 2.0 * duel_blows(foe, u) >= u.state.pvt as f64),
        Order::Engage(t) if u.state.kind() == Kind::Hero => {
            let Some(target) = b.unit(*t).filter(|t| t.state.kind() == Kind::Standard) else { return false };
            let life = u.state.pvt.max(1) as f64;
            let suffered = exposure(b, u, order).unwrap_or(0.0);
            let dealt = odds::attack(b, u, target, AttackKind::Melee).map_or(0.0, |x| x.damage);
            suffered >= life / 4.0 && suffered / life > dealt / target.state.pvt.max(1) as f64
        }
        _ => false,
    }
}

/// The sequence played with both envelopes sealed, on each of the same rolls: the side's worth
/// against the other's after it, on average, plus what the orders gain that the sequence does not
/// show yet (ground closed, a rally ordered).
fn outcome(b: &B, side: Side, mine: &[(UnitId, Order)], theirs: &[Vec<(UnitId, Order)>; 2], seed: u64) -> f64 {
    let mut board = b.clone();
    if let Some(s) = board.global.siege.as_mut().filter(|s| s.declared.is_some()) {
        if side == s.besieger {
            s.assigned = defenders(b);
        }
    }
    board.global.drafts[side.index()] = mine.to_vec();
    board.global.slices[side.other().index()].clear();
    board.global.sealed[side.other().index()] = true;
    let boards = theirs.clone().map(|guess| {
        let mut with = board.clone();
        with.global.drafts[side.other().index()] = guess;
        with
    });
    let mut total = 0.0;
    for k in 0..ROLLS {
        let mut dice = Dice::new(seed.wrapping_add(k));
        let board = &boards[usize::from(k % PASSIVE == PASSIVE - 1)];
        let mut after = board.clone();
        let mut events = sequence::resolve_legal(board, side, &Command::Seal, &mut dice);
        loop {
            for e in &events {
                MassBattle::apply(&mut after, e);
            }
            // A pursuer's choice (l. 90) is rehearsed as the pursuit, the first legal command.
            let Some(chooser) = legal::deciding_side(&after).filter(|_| after.global.phase == Phase::Movement) else { break };
            let Some(c) = legal::legal_commands(&after).into_iter().next() else { break };
            events = sequence::resolve_legal(&after, chooser, &c, &mut dice);
        }
        total += match &after.global.outcome {
            Some(o) if o.winner == Some(side) => WON,
            Some(o) if o.winner.is_some() => -WON,
            _ => standing(&after, side),
        };
    }
    // A duel's offence is its blows, which the sequence has already dealt.
    let later: f64 = mine.iter().filter(|(_, o)| !matches!(o, Order::Duel(_))).filter_map(|(id, o)| Some(value(b, b.unit(*id)?, o).offence)).sum();
    total / ROLLS as f64 + later
}

/// The section the fewest besieged units can reach, then the nearest to the besiegers (l. 185):
/// an undefended one is breached at once (l. 187).
fn section(b: &B) -> Option<usize> {
    let s = b.global.siege.as_ref()?;
    let besiegers: Vec<crate::hex::Hex> = b.on_board().filter(|u| u.side == s.besieger).filter_map(|u| u.hex).collect();
    (0..s.sections.len()).filter(|i| super::siege::has_standing_wall(b, *i)).min_by_key(|i| {
        let reach = b.on_board().filter(|u| u.side != s.besieger && u.state.demoralised.is_none() && !super::siege::posts(b, u.id, *i).is_empty()).count();
        let near = s.sections[*i].walls.iter().map(|w| besiegers.iter().map(|h| h.unsigned_distance_to(*w)).min().unwrap_or(u32::MAX)).min().unwrap_or(u32::MAX);
        (reach, near, *i)
    })
}

/// The besieged's defenders of the declared section: the two free units nearest its walls that can
/// reach them, so that it is never left open (l. 187).
fn defenders(b: &B) -> Vec<UnitId> {
    let Some(s) = b.global.siege.as_ref() else { return Vec::new() };
    let Some(i) = s.declared else { return Vec::new() };
    let mut able: Vec<(usize, UnitId)> = b
        .on_board()
        .filter(|u| u.side != s.besieger && u.state.demoralised.is_none() && !u.state.leaving && b.global.is_free(u.id))
        .filter_map(|u| {
            let posts = super::siege::posts(b, u.id, i);
            let first = *posts.first()?;
            let at = u.hex?;
            Some((first.unsigned_distance_to(at) as usize, u.id))
        })
        .collect();
    able.sort();
    able.into_iter().take(2).map(|(_, id)| id).collect()
}

/// The envelope: in a siege the section or the defenders first, then every unit's order, the INT
/// slices on the unit whose attack gains most from them, and the seal.
pub fn envelope(b: &B, side: Side, seed: u64) -> Option<Vec<Command>> {
    if b.global.phase != Phase::Orders || legal::deciding_side(b) != Some(side) {
        return None;
    }
    let mut first = Vec::new();
    let mut board = b.clone();
    if let Some(s) = b.global.siege.as_ref() {
        if s.breach_pending.is_some() {
            return None;
        }
        if side == s.besieger {
            if let Some(i) = section(b).filter(|i| s.declared != Some(*i)) {
                first.push(Command::Besiege { section: i });
                if let Some(x) = board.global.siege.as_mut() {
                    x.declared = Some(i);
                }
            }
        } else {
            let new: Vec<UnitId> = defenders(b).into_iter().filter(|id| !s.assigned.contains(id)).collect();
            first.extend(new.iter().map(|id| Command::Assign { unit: *id }));
            if let Some(x) = board.global.siege.as_mut() {
                x.assigned.extend(new);
            }
        }
    }
    let b = &board;
    // Two guesses at the other side's orders: its best by the quick measure, and standing where it
    // is, so that waiting for a charge that may not come is weighed.
    let guess: Vec<(UnitId, Order)> = choices(b, side.other()).into_iter().map(|(id, o)| (id, o[0].clone())).collect();
    let passive: Vec<(UnitId, Order)> = b.on_board().filter(|u| u.side != side && !u.state.leaving).map(|u| (u.id, legal::default_order(b, u))).collect();
    let theirs = [guess, passive];
    let options = choices(b, side);
    let mut mine: Vec<(UnitId, Order)> = options.iter().map(|(id, o)| (*id, o[0].clone())).collect();
    let mut best = outcome(b, side, &mine, &theirs, seed);
    for _ in 0..ROUNDS {
        let mut better = false;
        for (i, (_, orders)) in options.iter().enumerate() {
            for order in orders {
                if *order == mine[i].1 {
                    continue;
                }
                let kept = std::mem::replace(&mut mine[i].1, order.clone());
                let score = outcome(b, side, &mine, &theirs, seed);
                if score > best + 1e-9 {
                    best = score;
                    better = true;
                } else {
                    mine[i].1 = kept;
                }
            }
        }
        if !better {
            break;
        }
    }
    let given = &b.global.drafts[side.index()];
    let mut commands = first;
    commands.extend(mine
        .iter()
        .filter(|(id, o)| !given.iter().any(|(g, x)| g == id && x == o))
        .map(|(id, o)| Command::Give { unit: *id, order: o.clone() }));
    commands.extend(slices(b, side, &mine));
    commands.push(Command::Seal);
    Some(commands)
}

/// The INT slices the commander may give, all on the unit whose order strikes hardest.
fn slices(b: &B, side: Side, mine: &[(UnitId, Order)]) -> Vec<Command> {
    let striker = mine
        .iter()
        .filter_map(|(id, o)| Some((*id, odds::of_order(b, b.unit(*id)?, o)?.1.damage)))
        .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.cmp(&x.0)));
    let Some((striker, _)) = striker else { return Vec::new() };
    vec![Command::Slice { unit: striker }; legal::slices_left(b, side)]
}
