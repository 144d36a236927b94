//! Turning a command into events: orders and their rolls (HB-3, HB-4, BP9), moves, charges with the
//! target's answer (HB-7, HB-8, HB-9), shots, and every automatic phase the rules call for, until
//! the battle waits on a player again.

use super::BlackPowder;
use super::breaking::{self, Ctx};
use super::command::Command;
use super::data::{ArtilleryKind, BlunderCharge, BlunderDirection, BlunderMoves, Formation, TestLetter, Trait, Troop, tables};
use super::event::{Event, MoveKind, VolleyKind};
use super::legal::{blunder_way, charges_within, decision_options, is_legal, may_charge};
use super::movement::{self, Way};
use super::order::{CommandResult, Ordered, command_factors, command_result};
use super::shooting;
use super::state::{PathEnd, Response, Step, UnitState};
use super::turn;
use super::unit::{self, B, rate};
use crate::battle::agenda::{self, Agenda};
use crate::battle::{Dice, Factor, RuleError, UnitId};
use crate::hex::{Direction, Hex};

impl Agenda for BlackPowder {
    type Step = Step;

    fn steps(b: &B) -> &Vec<Step> {
        &b.global.agenda
    }

    fn steps_mut(b: &mut B) -> &mut Vec<Step> {
        &mut b.global.agenda
    }

    fn decision(b: &B, step: &Step) -> Option<Vec<Command>> {
        step.is_decision().then(|| decision_options(b, step))
    }

    fn automatic(ctx: &mut Ctx, step: Step) {
        automatic(ctx, step);
    }

    fn execute(ctx: &mut Ctx, command: &Command) {
        execute(ctx, command);
    }

    /// With nothing pending: lone commanders escape, brigades break, a side with nothing left loses.
    fn when_settled(ctx: &mut Ctx) {
        turn::commanders_escape(ctx);
        turn::check_brigades(ctx);
    }

    fn stack_changed(steps: &[Step]) -> Option<Event> {
        Some(Event::AgendaChanged { agenda: steps.to_vec() })
    }
}

pub fn resolve(b: &B, command: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
    if b.global.outcome.is_some() {
        return Err(RuleError("the battle is over".into()));
    }
    if !is_legal(b, command) {
        return Err(RuleError(crate::battle::refusal::why_refused(b, command)));
    }
    Ok(preview(b, command, dice))
}

/// The steps the rules carry out by themselves (every one but the decisions).
fn automatic(ctx: &mut Ctx, step: Step) {
    match step {
        Step::Test { unit, letter, artillery } => breaking::test(ctx, unit, letter, artillery),
        Step::SupportTests { of } => super::melee::support_tests(ctx, &of),
        Step::AfterTerror { charger, target, to, budget, at } => {
            if ctx.b.unit(target).and_then(|u| u.hex) == Some(at) {
                ctx.push(Step::Respond { charger, target, to, budget });
            } else {
                ctx.emit(Event::ChargeStopped { unit: charger, reason: "BP:L316 (the target gave way before the terrifying charge)" });
            }
        }
        Step::GoIn { charger, target, to, budget, from, loses_bonus } => {
            if ctx.b.unit(charger).and_then(|u| u.hex) != Some(from) {
                ctx.emit(Event::ChargeStopped { unit: charger, reason: "HB-8 (the charger was driven off by closing fire)" });
                return;
            }
            go_in(ctx, charger, target, to, budget);
            if loses_bonus && ctx.b.unit(charger).is_some_and(|u| u.state.charged) {
                ctx.emit(Event::ChargeBonusLost { unit: charger, rule: "BP:L232 (infantry counter-charged by cavalry loses its charge bonus)" });
            }
        }
        Step::Melee { group } => super::melee::fight(ctx, &group),
        Step::Advance { unit, from, hexes } => super::melee::advance(ctx, unit, from, &hexes),
        Step::EndPlayerTurn => turn::end_player_turn(ctx),
        Step::Blunder { unit, way, budget, charge } => {
            if !(charge == BlunderCharge::Attempt && blunder_charge(ctx, unit, budget)) {
                blunder_move(ctx, unit, way, budget);
            }
        }
        Step::Respond { .. } | Step::Path { .. } | Step::Valiant { .. } => {}
    }
}

/// The events of a command already known legal, without checking it again.
pub fn preview(b: &B, command: &Command, dice: &mut Dice) -> Vec<Event> {
    agenda::run(b, dice, |ctx| execute(ctx, command))
}

/// The opening: the first side's first player-turn.
pub fn open(b: &B, dice: &mut Dice) -> Vec<Event> {
    let first = b.global.first;
    agenda::run(b, dice, |ctx| turn::start_player_turn(ctx, 1, first))
}

pub(super) fn execute(ctx: &mut Ctx, command: &Command) {
    match command {
        Command::Order { commander, units } => order(ctx, *commander, units),
        Command::Move { unit, to, facing } => {
            let Some(u) = ctx.b.unit(*unit) else { return };
            let path = movement::move_path(&ctx.b, u, *to).unwrap_or_else(|| vec![*to]);
            ctx.emit(Event::Moved { unit: *unit, path, facing: *facing, kind: MoveKind::Move, moves: 1 });
        }
        Command::Charge { unit, target, to } => {
            // A blunder's charge (BP9.3–9.5) covers the blunder's move; any other, one move.
            let budget = match ctx.b.global.agenda.last() {
                Some(Step::Blunder { budget, .. }) => {
                    let budget = *budget;
                    ctx.b.global.agenda.pop();
                    budget
                }
                _ => ctx.b.unit(*unit).map_or(0, |u| u32::from(rate(&u.state))),
            };
            ctx.emit(Event::ChargeDeclared { unit: *unit, target: *target, to: *to });
            terrifying_charge(ctx, *unit, *target, *to, budget);
        }
        Command::Path { unit, to } => {
            let ends = match ctx.b.global.agenda.pop() {
                Some(Step::Path { kind, ends, .. }) => ends.into_iter().map(|e| (kind, e)).collect(),
                Some(Step::Blunder { way, budget, .. }) => blunder_ends(&ctx.b, *unit, way, budget).into_iter().map(|e| (MoveKind::Blunder, e)).collect(),
                _ => Vec::new(),
            };
            // Staying put (HB-13's other choice) is an end with no path, and moves nothing.
            if let Some((kind, end)) = ends.into_iter().find(|(_, e)| e.to == *to && !e.path.is_empty()) {
                ctx.emit(Event::Moved { unit: *unit, path: end.path, facing: end.facing, kind, moves: 0 });
            }
        }
        Command::Form { unit, formation } => {
            let (moves, rule) = ctx.b.unit(*unit).map_or((1, FORMING), |u| formation_cost(&u.state, *formation));
            ctx.emit(Event::Formed { unit: *unit, formation: *formation, moves, rule });
        }
        Command::Face { unit, facing } => ctx.emit(Event::Faced { unit: *unit, facing: *facing, moves: 1, rule: "HB-6 (a change of facing uses a move)" }),
        Command::Rally { unit } => ctx.emit(Event::Rallied { unit: *unit }),
        Command::Halt { unit } => ctx.emit(Event::Halted { unit: *unit }),
        Command::Ride { commander, to } => ctx.emit(Event::CommanderRode { commander: *commander, to: *to, rule: "HB-2 (his own move)" }),
        Command::Shoot { unit, target } => shooting::shoot(ctx, *unit, *target, VolleyKind::Shooting),
        Command::EndPhase => turn::end_phase(ctx),
        Command::Respond { response } => respond(ctx, *response),
        Command::Valiant { reroll } => {
            if let Some(Step::Valiant { unit, letter, artillery, first }) = ctx.b.global.agenda.pop() {
                breaking::valiant(ctx, unit, letter, artillery, first, *reroll);
            }
        }
    }
}

/// HB-3, HB-4: the roll for an order to `units`, with the worst unit's modifiers; moves, a failure
/// (free moves for columns, limbered guns, squares and the Superbly drilled), a blunder, or an
/// Unreliable unit standing still on a double.
fn order(ctx: &mut Ctx, commander: u32, units: &[UnitId]) {
    let Some(c) = ctx.b.global.commander(commander).cloned() else { return };
    let factors = units.iter().filter_map(|id| ctx.b.unit(*id)).map(|u| unit_factors(&ctx.b, c.hex, u)).min_by_key(|f| Factor::total(f)).unwrap_or_default();
    let (a, b) = ctx.dice.two_d6();
    let roll = command_result(c.staff, &factors, [a, b], &[]);
    // HB-3: on any double but a blunder the Unreliable stand still, which fails nobody's order.
    let stalled: Vec<UnitId> = units.iter().copied().filter(|id| roll != CommandResult::Blunder && a == b && ctx.b.unit(*id).is_some_and(|u| u.state.has(Trait::Unreliable))).collect();
    let rest: Vec<UnitId> = units.iter().copied().filter(|id| !stalled.contains(id)).collect();
    let result = if rest.is_empty() { CommandResult::Stalled } else { roll };
    ctx.emit(Event::OrderRolled { commander, units: units.to_vec(), faces: [a, b], staff: c.staff, factors, result });
    if !stalled.is_empty() {
        ctx.emit(Event::MovesGranted { units: stalled, moves: 0, rule: "BP:L327 (Unreliable: a double, it does not move)" });
    }
    if rest.is_empty() {
        return;
    }
    match result {
        CommandResult::Moves(moves) => ctx.emit(Event::MovesGranted { units: rest, moves, rule: "HB-3 (the order's moves)" }),
        CommandResult::Stalled => {}
        CommandResult::Failed => failed_order(ctx, &rest),
        CommandResult::Blunder => blunder(ctx, commander, &rest),
    }
}

pub(super) fn unit_factors(b: &B, commander: Hex, u: &unit::U) -> Vec<Factor> {
    unit_factors_from(b, &[commander], u).pop().unwrap_or_default()
}

/// `unit_factors` for a commander at each of `commanders`, what the unit brings itself reckoned
/// once.
pub(super) fn unit_factors_from(b: &B, commanders: &[Hex], u: &unit::U) -> Vec<Vec<Factor>> {
    let Some(hex) = u.hex else { return vec![Vec::new(); commanders.len()] };
    let traits: Vec<Trait> = Trait::ALL.into_iter().filter(|t| u.state.has(*t)).collect();
    let nearest_enemy = unit::nearest_enemy(b, u.side, hex);
    commanders
        .iter()
        .map(|c| {
            command_factors(&Ordered { from_commander: hex.unsigned_distance_to(*c), nearest_enemy, formation: u.state.formation, on_road: b.map.at(hex).road, traits: &traits })
        })
        .collect()
}

/// BP3.11–3.13, BP18.21: the units that still move when the order fails.
fn failed_order(ctx: &mut Ctx, units: &[UnitId]) {
    let mut free: Vec<UnitId> = Vec::new();
    let mut none: Vec<UnitId> = Vec::new();
    for id in units {
        let Some(u) = ctx.b.unit(*id) else { continue };
        let by_formation = tables().movement.failed_order_moves(u.state.formation) > 0;
        let drilled = u.state.has(Trait::SuperblyDrilled);
        if by_formation || drilled { free.push(*id) } else { none.push(*id) }
    }
    if !free.is_empty() {
        ctx.emit(Event::MovesGranted { units: free, moves: 1, rule: "BP:L40–42, L333 (a free move when the order fails)" });
    }
    if !none.is_empty() {
        ctx.emit(Event::MovesGranted { units: none, moves: 0, rule: "HB-3 (the order failed)" });
    }
}

/// BP9: the blunder's d6 and its move, the same for every unit of the order; a "Charge!" goes
/// into the nearest enemy it can reach; where a charge is only possible, each unit's owner decides
/// in turn, in the order's order (BP9.3–9.5).
fn blunder(ctx: &mut Ctx, commander: u32, units: &[UnitId]) {
    let face = ctx.dice.roll(6);
    let row = tables().blunder.blunder(face).clone();
    let (moves, d3_face) = match row.moves {
        BlunderMoves::Moves(n) => (n, None),
        BlunderMoves::D3 => {
            let d = ctx.dice.roll(6);
            (d.div_ceil(2), Some(d))
        }
    };
    ctx.emit(Event::Blundered { commander, units: units.to_vec(), face, result: row.result, d3_face, moves });
    let steps = units
        .iter()
        .filter_map(|id| ctx.b.unit(*id))
        .map(|u| Step::Blunder { unit: u.id, way: row.direction, budget: u32::from(rate(&u.state)) * u32::from(moves), charge: row.charge })
        .collect();
    ctx.push_in_order(steps);
}

/// A blunder's move of `budget` inches `direction` (BP9, B.3.3), its end the owner's pick; none
/// for a unit in a melee or with nowhere to go.
fn blunder_move(ctx: &mut Ctx, unit: UnitId, direction: BlunderDirection, budget: u32) {
    let ends = blunder_ends(&ctx.b, unit, direction, budget);
    if !ends.is_empty() {
        ctx.push(Step::Path { unit, kind: MoveKind::Blunder, ends });
    }
}

/// The ends a blunder's move may take (B.3.3): as far as it goes that way, out of contact, through
/// friends only for skirmishers; a move left or right ends facing the way of its last step.
pub fn blunder_ends(b: &B, unit: UnitId, direction: BlunderDirection, budget: u32) -> Vec<PathEnd> {
    let Some(u) = b.unit(unit).filter(|u| u.hex.is_some() && !unit::engaged(b, u)) else { return Vec::new() };
    let way = blunder_way(b, u, direction);
    let (_, ends) = movement::farthest_ends(b, u, way, budget, u.state.skirmishing());
    ends.into_iter()
        .map(|(to, path)| {
            let before = if path.len() >= 2 { path[path.len() - 2] } else { u.hex.unwrap_or(to) };
            let facing = match way {
                Way::Left | Way::Right => Direction::between(before, to).unwrap_or(u.facing),
                _ => u.facing,
            };
            PathEnd { to, path, facing }
        })
        .collect()
}

/// A blunder's "Charge!" (BP9.6): the nearest enemy the unit can charge within its D3 moves
/// (distance, then id), skirmishers kept to BP15.2–15.3.
fn blunder_charge(ctx: &mut Ctx, unit: UnitId, budget: u32) -> bool {
    let Some(u) = ctx.b.unit(unit).cloned() else { return false };
    let Some(at) = u.hex else { return false };
    if !may_charge(&u) || unit::engaged(&ctx.b, &u) {
        return false;
    }
    let b = &ctx.b;
    let distance = |id: UnitId| b.unit(id).and_then(|e| e.hex).map_or(u32::MAX, |h| h.unsigned_distance_to(at));
    let nearest = charges_within(b, &u, budget, |t| movement::charges(b, &u, t, budget)).into_iter().min_by_key(|(target, _)| (distance(*target), *target));
    let Some((target, to)) = nearest else { return false };
    ctx.emit(Event::ChargeDeclared { unit, target, to });
    terrifying_charge(ctx, unit, target, to, budget);
    true
}

const FORMING: &str = "HB-6 (a change of formation uses a move)";

/// The moves a change of formation costs, and its rule: one (HB-6), artillery's limbering as
/// `artillery.ron` says (BP14.1–14.2); horse artillery's free limbering at most twice a turn
/// (limber, then unlimber), so that it cannot limber and unlimber for ever.
fn formation_cost(s: &UnitState, to: Formation) -> (u8, &'static str) {
    let limbering = s.is_artillery() && (to == Formation::Limbered || s.formation == Formation::Limbered);
    if !limbering {
        return (1, FORMING);
    }
    let horse = s.profile().horse_artillery;
    let moves = tables().artillery.moves_to_limber(if horse { ArtilleryKind::Horse } else { ArtilleryKind::Foot });
    match (horse, moves) {
        (true, 0) if s.free_limbers >= 2 => (1, "BP:L238 (horse artillery limbers and unlimbers for free twice a turn)"),
        (true, _) => (moves, "BP:L238 (horse artillery limbers, moves, unlimbers and shoots)"),
        (false, _) => (moves, "BP:L240 (artillery spends a move to limber or unlimber)"),
    }
}

/// HB-9: a charge of `budget` inches (one move, or a blunder's D3 moves); a Terrifying charge makes the target test on the melee row before it answers; then the
/// answer waits on the agenda (HB-8).
fn terrifying_charge(ctx: &mut Ctx, charger: UnitId, target: UnitId, to: Hex, budget: u32) {
    let terrifying = ctx.b.unit(charger).is_some_and(|u| u.state.has(Trait::TerrifyingCharge));
    let at = ctx.b.unit(target).and_then(|u| u.hex);
    match at {
        Some(at) if terrifying => {
            ctx.push(Step::AfterTerror { charger, target, to, budget, at });
            breaking::test(ctx, target, TestLetter::C, false);
        }
        _ => ctx.push(Step::Respond { charger, target, to, budget }),
    }
}

/// The target's answer (HB-8); the charger then goes in if it still can (HB-7, `Step::GoIn`).
fn respond(ctx: &mut Ctx, response: Response) {
    let Some(Step::Respond { charger, target, to, budget }) = ctx.b.global.agenda.pop() else { return };
    ctx.emit(Event::Responded { unit: target, response });
    let Some(from) = ctx.b.unit(charger).and_then(|u| u.hex) else { return };
    // The charger goes in once the answer is carried out, its tests and their decisions included.
    let infantry = ctx.b.unit(charger).is_some_and(|u| u.state.troop() == Troop::Infantry);
    let loses_bonus = response == Response::CounterCharge && infantry;
    ctx.push(Step::GoIn { charger, target, to, budget, from, loses_bonus });
    match response {
        Response::Stand => {}
        Response::ClosingFire => shooting::shoot(ctx, target, charger, VolleyKind::ClosingFire),
        Response::FormSquare => ctx.emit(Event::Formed { unit: target, formation: Formation::Square, moves: 0, rule: "HB-8 (forms square against cavalry)" }),
        Response::ChangeFacing => {
            if let Some(facing) = ctx.b.unit(target).and_then(|t| t.hex).and_then(|th| Direction::between(th, to)) {
                ctx.emit(Event::Faced { unit: target, facing, moves: 0, rule: "BP:L230 (cavalry turns to face a charge)" });
            }
        }
        Response::CounterCharge => {
            if infantry && ctx.b.unit(charger).is_some_and(|u| !u.state.disordered) {
                ctx.emit(Event::Disorder { unit: charger, on: true, rule: "BP:L232 (counter-charged by cavalry)" });
            }
        }
        Response::Evade => evade(ctx, target, charger),
    }
}

/// BP12: a full move directly away, ending facing the charger; its end the owner's pick.
fn evade(ctx: &mut Ctx, unit: UnitId, charger: UnitId) {
    let (Some(u), Some(from)) = (ctx.b.unit(unit).cloned(), ctx.b.unit(charger).and_then(|c| c.hex)) else { return };
    let (_, ends) = movement::farthest_ends(&ctx.b, &u, Way::AwayFrom(from), u32::from(rate(&u.state)), true);
    let facing = |end: Hex| Direction::ALL.into_iter().min_by_key(|d| d.step(end).unsigned_distance_to(from)).unwrap_or(u.facing);
    let ends: Vec<PathEnd> = ends.into_iter().map(|(to, path)| PathEnd { to, path, facing: facing(to) }).collect();
    if !ends.is_empty() {
        ctx.push(Step::Path { unit, kind: MoveKind::Evade, ends });
    }
}

/// The charger's move into contact (HB-7): along the path to `to`; after an evade, to a hex next to
/// the target's new place if one is within its move, else as far as `to` when that is out of
/// contact, else it stays.
fn go_in(ctx: &mut Ctx, charger: UnitId, target: UnitId, to: Hex, budget: u32) {
    let (Some(c), Some(t)) = (ctx.b.unit(charger).cloned(), ctx.b.unit(target).cloned()) else { return };
    let Some(th) = t.hex else {
        ctx.emit(Event::ChargeStopped { unit: charger, reason: "HB-7 (the target is gone)" });
        return;
    };
    let options = movement::charges(&ctx.b, &c, &t, budget);
    let chosen = options.iter().find(|(h, _)| *h == to).or(options.first()).cloned();
    match chosen {
        Some((end, path)) => {
            let facing = Direction::between(end, th).unwrap_or(c.facing);
            ctx.emit(Event::Moved { unit: charger, path, facing, kind: MoveKind::Charge, moves: 0 });
        }
        None => match movement::move_path(&ctx.b, &c, to) {
            Some(path) => {
                ctx.emit(Event::Moved { unit: charger, path, facing: c.facing, kind: MoveKind::Move, moves: 0 });
                ctx.emit(Event::ChargeStopped { unit: charger, reason: "BP12 (the target evaded out of reach)" });
            }
            None => ctx.emit(Event::ChargeStopped { unit: charger, reason: "BP12 (the target evaded out of reach)" }),
        },
    }
}
