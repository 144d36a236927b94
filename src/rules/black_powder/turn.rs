//! The player-turn as a state machine (B.4): the start of the Command phase (Elite and Brave
//! rolls), initiative moves, orders, shooting, hand-to-hand, the end of the player-turn (disorder
//! ends, brigades and armies break, HB-21), and the next side's turn.

use super::breaking::Ctx;
use super::data::{Trait, TraitEffect, tables};
use super::event::Event;
use super::melee;
use super::state::{Phase, Step};
use super::unit::{self, nearest_enemy};
use crate::battle::{Outcome, Side, UnitId};

/// Opens `side`'s player-turn of game turn `turn`, through its automatic start.
pub fn start_player_turn(ctx: &mut Ctx, turn: u32, side: Side) {
    ctx.emit(Event::TurnStarted { turn, side });
    command_start(ctx, side);
    initiative(ctx, side);
}

/// B.4 row 1: Elite sheds disorder on 4+ (BP18.6), then a shaken Brave unit with no enemy within
/// 6" rallies on 4+ (BP18.1, HB-15); each in ascending id (B.0 2).
fn command_start(ctx: &mut Ctx, side: Side) {
    let t = &tables().traits;
    let ids: Vec<UnitId> = ctx.b.on_board().filter(|u| u.side == side).map(|u| u.id).collect();
    for id in &ids {
        let Some(u) = ctx.b.unit(*id) else { continue };
        if u.state.disordered && u.state.has(Trait::Elite) {
            let TraitEffect::ShedDisorder { score } = t.effect(Trait::Elite) else { continue };
            let face = ctx.dice.roll(6);
            let recovered = face >= *score;
            ctx.emit(Event::EliteRolled { unit: *id, face, recovered });
        }
    }
    for id in &ids {
        let Some(u) = ctx.b.unit(*id) else { continue };
        let Some(hex) = u.hex else { continue };
        if !(u.state.shaken() && u.state.has(Trait::Brave)) {
            continue;
        }
        let TraitEffect::Rally { score, no_enemy_within, .. } = t.effect(Trait::Brave) else { continue };
        let near = nearest_enemy(&ctx.b, side, hex).is_some_and(|d| tables().scale.within(d, u32::from(*no_enemy_within)));
        if !near {
            let face = ctx.dice.roll(6);
            ctx.emit(Event::BraveRolled { unit: *id, face, rallied: face >= *score });
        }
    }
}

/// HB-5: the units with an enemy within 12", not disordered and not engaged, may make one move
/// without orders; with none, the orders start at once.
fn initiative(ctx: &mut Ctx, side: Side) {
    let within = u32::from(tables().command.initiative_enemy_within);
    let units: Vec<UnitId> = ctx
        .b
        .on_board()
        .filter(|u| u.side == side && !u.state.disordered && !unit::engaged(&ctx.b, u))
        .filter(|u| u.hex.and_then(|h| nearest_enemy(&ctx.b, side, h)).is_some_and(|d| tables().scale.within(d, within)))
        .map(|u| u.id)
        .collect();
    if units.is_empty() {
        ctx.emit(Event::PhaseStarted { phase: Phase::Orders });
        return;
    }
    ctx.emit(Event::PhaseStarted { phase: Phase::Initiative });
    ctx.emit(Event::MovesGranted { units, moves: 1, rule: "HB-5 (initiative move: an enemy within 12\")" });
}

/// The active side ends its phase (`EndPhase`).
pub fn end_phase(ctx: &mut Ctx) {
    match ctx.b.global.phase {
        Phase::Initiative => ctx.emit(Event::PhaseStarted { phase: Phase::Orders }),
        Phase::Orders => ctx.emit(Event::PhaseStarted { phase: Phase::Shooting }),
        Phase::Shooting => hand_to_hand(ctx),
        Phase::Opening | Phase::HandToHand => {}
    }
}

/// BP1.4: every melee is fought, both sides' units, each with its tests; then the player-turn
/// ends. As steps, so that a decision within a melee (Valiant) waits for its player.
fn hand_to_hand(ctx: &mut Ctx) {
    ctx.emit(Event::PhaseStarted { phase: Phase::HandToHand });
    let mut steps: Vec<Step> = melee::melees(&ctx.b).into_iter().map(|group| Step::Melee { group }).collect();
    steps.push(Step::EndPlayerTurn);
    ctx.push_in_order(steps);
}

/// B.4 row 6: the active side's disorder ends (HB-14), brigades and the army break (HB-21), and
/// the other side's player-turn opens; after both, the next game turn, or the end at its limit.
pub fn end_player_turn(ctx: &mut Ctx) {
    let side = ctx.b.active;
    let disordered: Vec<UnitId> = ctx.b.on_board().filter(|u| u.side == side && u.state.disordered).map(|u| u.id).collect();
    for unit in disordered {
        ctx.emit(Event::Disorder { unit, on: false, rule: "HB-14 (disorder ends with its side's turn)" });
    }
    check_brigades(ctx);
    for s in [side, side.other()] {
        let (broken, all) = ctx.b.global.broken_brigades(s);
        if broken * 2 > all {
            let outcome = Outcome { winner: Some(s.other()), reason: format!("{}'s army is broken: {broken} of its {all} brigades (HB-21)", ctx.b.sides[s.index()].name) };
            ctx.emit(Event::BattleEnded { outcome });
            return;
        }
    }
    let first = ctx.b.global.first;
    let next = side.other();
    let turn = if next == first { ctx.b.turn + 1 } else { ctx.b.turn };
    if turn > ctx.b.last_turn {
        time_up(ctx);
        return;
    }
    start_player_turn(ctx, turn, next);
}

/// HB-21 at the turn limit: fewer broken brigades wins; else a draw.
fn time_up(ctx: &mut Ctx) {
    let broken = [Side(0), Side(1)].map(|s| ctx.b.global.broken_brigades(s).0);
    let winner = match broken[0].cmp(&broken[1]) {
        std::cmp::Ordering::Less => Some(Side(0)),
        std::cmp::Ordering::Greater => Some(Side(1)),
        std::cmp::Ordering::Equal => None,
    };
    let reason = format!("the last turn is over with {} and {} brigades broken (HB-21)", broken[0], broken[1]);
    ctx.emit(Event::BattleEnded { outcome: Outcome { winner, reason } });
}

/// HB-21: a brigade breaks when more than half its starting units are destroyed or shaken; a side
/// with no unit left loses at once.
pub fn check_brigades(ctx: &mut Ctx) {
    for (i, brigade) in ctx.b.global.brigades.clone().iter().enumerate() {
        if brigade.broken {
            continue;
        }
        let lost = ctx.b.units.iter().filter(|u| usize::from(u.state.brigade) == i && (u.hex.is_none() || u.state.shaken())).count();
        if lost * 2 > usize::from(brigade.start_units) {
            ctx.emit(Event::BrigadeBroken { brigade: brigade.id });
        }
    }
    for s in [Side(0), Side(1)] {
        if ctx.b.global.outcome.is_none() && !ctx.b.on_board().any(|u| u.side == s) {
            let outcome = Outcome { winner: Some(s.other()), reason: format!("{} has no unit left on the field", ctx.b.sides[s.index()].name) };
            ctx.emit(Event::BattleEnded { outcome });
        }
    }
}

/// HB-2: a commander with no friend in his hex and an enemy next to him rides at once to the
/// nearest friendly unit.
pub fn commanders_escape(ctx: &mut Ctx) {
    for c in ctx.b.global.commanders.clone() {
        let alone = !ctx.b.units_at(c.hex).any(|u| u.side == c.side);
        if !alone || !ctx.b.enemy_next_to(c.side, c.hex) {
            continue;
        }
        let refuge = ctx.b.on_board().filter(|u| u.side == c.side).filter_map(|u| u.hex).min_by_key(|h| (h.unsigned_distance_to(c.hex), crate::hex::hex_key(*h)));
        if let Some(to) = refuge {
            ctx.emit(Event::CommanderRode { commander: c.id, to, rule: "HB-2 (an enemy next to a lone commander: he rides to the nearest friend)" });
        }
    }
}
