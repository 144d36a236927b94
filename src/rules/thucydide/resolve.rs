//! Turning a command into events: the command's own effect, then every consequence the rules
//! call for, in the seed's order, until the battle waits on a player's decision again.

use super::Thucydide;
use super::apply::apply;
use super::combat::{dice_pool, movement_ban, roll, supported};
use super::data::{Class, Mobility, Profile, Trait, tables};
use super::event::{Activation, Effect, Event};
use super::leaders::{commander, redeploy_places};
use super::legal::{decision_options, is_legal};
use super::movement::{impassable, move_path};
use super::retreat::achieved;
use super::state::{Combat, CombatKind, Role, Step};
use super::turn::{check_break, end_phase, end_turn};
use super::command::Command;
use crate::battle::agenda::{self, Agenda};
use crate::battle::{Battle, Dice, RuleError, Side, UnitId};
use crate::hex::retreat::leaves_board;
use crate::hex::{Direction, Hex};

type B = Battle<Thucydide>;

/// A scratch copy of a Thucydide battle that records every event it applies.
pub type Ctx<'d> = agenda::Ctx<'d, Thucydide>;

/// Thucydide's consequences on the shared stack: the agenda of its global state.
impl Agenda for Thucydide {
    type Step = Step;

    fn steps(b: &B) -> &Vec<Step> {
        &b.global.agenda
    }

    fn steps_mut(b: &mut B) -> &mut Vec<Step> {
        &mut b.global.agenda
    }

    fn decision(b: &B, step: &Step) -> Option<Vec<Command>> {
        decision_options(b, step)
    }

    fn automatic(ctx: &mut Ctx, step: Step) {
        automatic(ctx, step);
    }

    fn execute(ctx: &mut Ctx, command: &Command) {
        execute(ctx, command);
    }

    /// The break points are checked whenever the consequences are over (seed, "Démoralisation").
    fn when_settled(ctx: &mut Ctx) {
        check_break(ctx);
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

/// The events of a command the caller already knows is legal, skipping the legality check: for
/// previews such as the odds of an attack, which resolve the same command many times.
pub fn preview(b: &B, command: &Command, dice: &mut Dice) -> Vec<Event> {
    agenda::run(b, dice, |ctx| execute(ctx, command))
}

fn execute(ctx: &mut Ctx, command: &Command) {
    match command {
        Command::Move { unit, to, mode } => {
            let path = move_path(&ctx.b, *unit, *mode, *to).unwrap_or_else(|| vec![*to]);
            ctx.emit(Event::UnitMoved { unit: *unit, path, mode: *mode });
        }
        Command::Activate { unit } => {
            spend_token(ctx, ctx.b.active, "order token spent to activate a unit out of command (house rule)");
            ctx.emit(Event::UnitActivated { unit: *unit, by: Activation::OrderToken });
        }
        Command::Attack { attacker, target, attack_order } => {
            let kind = kind_between(&ctx.b, *attacker, *target);
            start_combat(ctx, *attacker, *target, kind, Role::Attack, *attack_order);
        }
        Command::EndPhase => end_phase(ctx),
        Command::Redeploy { unit } => {
            let side = ctx.b.active;
            let replaces = redeploy_places(&ctx.b, side).into_iter().find(|(u, _)| u == unit).and_then(|(_, l)| l);
            if let Some(cinc) = commander(&ctx.b, side).map(|l| l.id) {
                ctx.emit(Event::CommanderRedeployed { leader: cinc, unit: *unit, replaces });
            }
            end_turn(ctx);
        }
        decision => decide(ctx, decision),
    }
}

fn kind_between(b: &B, attacker: UnitId, target: UnitId) -> CombatKind {
    let (a, t) = (b.unit(attacker).and_then(|u| u.hex), b.unit(target).and_then(|u| u.hex));
    match (a, t) {
        (Some(a), Some(t)) if a.unsigned_distance_to(t) > 1 => CombatKind::Fire,
        _ => CombatKind::Melee,
    }
}

fn spend_token(ctx: &mut Ctx, side: Side, rule: &'static str) {
    let tokens = ctx.b.global.order_tokens[side.index()].saturating_sub(1);
    ctx.emit(Event::OrderTokensChanged { side, tokens, rule });
}

fn start_combat(ctx: &mut Ctx, attacker: UnitId, defender: UnitId, kind: CombatKind, role: Role, attack_order: bool) {
    let (Some(a), Some(d)) = (ctx.b.unit(attacker), ctx.b.unit(defender)) else { return };
    let (Some(attacker_hex), Some(defender_hex)) = (a.hex, d.hex) else { return };
    let (att_side, def_side) = (a.side, d.side);
    ctx.emit(Event::CombatStarted { attacker, defender, kind, role, attack_order });
    if attack_order {
        spend_token(ctx, att_side, "attack order (step 4)");
    }
    let combat = Combat {
        attacker,
        defender,
        kind,
        role,
        attack_order,
        defence_order: false,
        attacker_hex,
        defender_hex,
    };
    if role != Role::Panic && ctx.b.global.order_tokens[def_side.index()] > 0 {
        ctx.push(Step::Defence(combat));
    } else {
        ctx.push(Step::Roll(combat));
    }
}

/// A player's answer to the decision on top of the agenda.
fn decide(ctx: &mut Ctx, command: &Command) {
    let Some(step) = ctx.b.global.agenda.pop() else { return };
    match (step, command) {
        (Step::Defence(mut c), Command::Defend { defence_order }) => {
            ctx.emit(Event::DefenceChosen { defender: c.defender, defence_order: *defence_order });
            if *defence_order {
                let side = ctx.b.unit(c.defender).map_or(Side(0), |u| u.side);
                spend_token(ctx, side, "defence order (step 5)");
                c.defence_order = true;
            }
            ctx.push(Step::Roll(c));
        }
        (Step::Retreat { unit, hexes }, Command::Retreat { path }) => retreat(ctx, unit, hexes, path),
        (Step::PanicFlight { unit, hexes, charged }, Command::Retreat { path }) => {
            if !charged && flee_to_the_barring_unit(ctx, unit, hexes, path) {
                return;
            }
            retreat(ctx, unit, hexes, path);
        }
        (Step::FollowUp(c), Command::FollowUp { advance }) => {
            if *advance {
                follow_up(ctx, &c, "optional follow-up taken (Suivi)");
            } else {
                ctx.emit(Event::FollowUpDeclined { unit: c.attacker });
            }
        }
        (Step::Pursuit { unit }, Command::Pursue { to, target, attack_order }) => {
            if to.is_none() && target.is_none() {
                ctx.emit(Event::PursuitDeclined { unit });
            }
            if let Some(to) = to {
                ctx.emit(Event::Pursued { unit, to: *to });
            }
            if let Some(target) = target {
                start_combat(ctx, unit, *target, CombatKind::Melee, Role::Pursuit, *attack_order);
            }
        }
        (Step::Riposte(c), Command::Riposte { strike }) => {
            if *strike {
                start_combat(ctx, c.defender, c.attacker, CombatKind::Melee, Role::Riposte, false);
            } else {
                ctx.emit(Event::RiposteDeclined { unit: c.defender });
            }
        }
        (Step::LeaderFlight { leader, .. }, Command::Refuge { unit }) => {
            ctx.emit(Event::LeaderFled { leader, to: *unit });
        }
        (Step::PanicFlight { unit, hexes, .. }, Command::Charge { target }) => {
            ctx.push(Step::PanicFlight { unit, hexes, charged: true });
            start_combat(ctx, unit, *target, CombatKind::Melee, Role::Panic, false);
        }
        (step, _) => ctx.push(step),
    }
}

fn automatic(ctx: &mut Ctx, step: Step) {
    match step {
        Step::Roll(c) => resolve_roll(ctx, c),
        Step::Aftermath(c) => aftermath(ctx, c),
        Step::PanicRoll { unit } => panic_roll(ctx, unit),
        Step::LeaderFlight { leader, .. } => {
            ctx.emit(Event::LeaderRemoved { leader, rule: "no friendly unit within reach: the leader leaves the field (Personnage en fuite)" });
            lose_commander_check(ctx, leader);
        }
        _ => {}
    }
}

fn lose_commander_check(ctx: &mut Ctx, leader: u32) {
    let Some(l) = ctx.b.global.leaders.iter().find(|l| l.id == leader) else { return };
    if l.rank == super::data::Rank::CommanderInChief {
        let side = l.side;
        ctx.emit(Event::CommanderLost { side });
    }
}

/// Step 6 and the losses and retreats that follow it.
fn resolve_roll(ctx: &mut Ctx, c: Combat) {
    let on_board = |b: &B, id: UnitId| b.unit(id).is_some_and(|u| u.hex.is_some());
    if !on_board(&ctx.b, c.attacker) || !on_board(&ctx.b, c.defender) {
        return;
    }
    let (dice, steps) = dice_pool(&ctx.b, &c);
    ctx.emit(Event::DiceCounted { attacker: c.attacker, steps, dice });
    let results = roll(&ctx.b, &c, dice, ctx.dice);
    let count = |e: Effect| results.iter().filter(|r| r.effect == e).count() as u8;
    let (hits, morale_hits, tokens) = (count(Effect::Hit), count(Effect::MoraleHit), count(Effect::OrderToken));
    ctx.emit(Event::DiceRolled { attacker: c.attacker, defender: c.defender, results, hits, morale_hits });
    if tokens > 0 {
        let side = ctx.b.unit(c.attacker).map_or(Side(0), |u| u.side);
        let now = ctx.b.global.order_tokens[side.index()];
        let max = tables().terrain.max_order_tokens;
        ctx.emit(Event::OrderTokensChanged {
            side,
            tokens: (now + tokens).min(max),
            rule: "order letters rolled: one order token each (Résultat des dés)",
        });
    }
    let mut after = Vec::new();
    if hits > 0 {
        after.extend(inflict(ctx, c.defender, hits, "validated hits: one element each (Retrait des pertes)"));
    }
    let (flights, panics): (Vec<Step>, Vec<Step>) = after.into_iter().partition(|s| matches!(s, Step::LeaderFlight { .. }));
    let mut order = flights;
    if morale_hits > 0 {
        if let Some(step) = morale(ctx, c.defender, morale_hits) {
            order.push(step);
        }
    }
    order.push(Step::Aftermath(c));
    order.extend(panics);
    ctx.push_in_order(order);
}

/// Validated morale hits become a retreat, less those a leader or support cancels.
fn morale(ctx: &mut Ctx, unit: UnitId, hits: u8) -> Option<Step> {
    let u = ctx.b.unit(unit).filter(|u| u.hex.is_some())?;
    if u.state.panicked {
        return None;
    }
    let per_flag = u.state.profile().retreat_hexes();
    let mut left = hits;
    let led = ctx.b.global.leaders.iter().any(|l| l.unit == Some(unit));
    let backed = supported(&ctx.b, u, true);
    if led && left > 0 {
        left -= 1;
        ctx.emit(Event::MoraleHitIgnored { unit, rule: "a leader with the unit cancels one morale hit (Repli, rappel)" });
    }
    if backed && left > 0 {
        left -= 1;
        ctx.emit(Event::MoraleHitIgnored { unit, rule: "a supported unit cancels one morale hit (Repli, worked example; house rule)" });
    }
    (left > 0).then_some(Step::Retreat { unit, hexes: left * per_flag })
}

/// Removes `n` elements from a unit, with every consequence: destruction, fleeing leaders,
/// panicking elephants. Returns the steps that must follow (leader flights, panic rolls).
fn inflict(ctx: &mut Ctx, unit: UnitId, n: u8, rule: &'static str) -> Vec<Step> {
    let Some(u) = ctx.b.unit(unit).filter(|u| u.hex.is_some()) else { return Vec::new() };
    let (hex, side, strength) = (u.hex.unwrap_or_default(), u.side, u.state.strength);
    // Kept while the events change the battle it is read from.
    let p: std::sync::Arc<Profile> = u.state.kind.clone();
    if u.state.panicked {
        ctx.emit(Event::UnitLeftBoard { unit, rule: "a panicking elephant that takes a new loss disappears (Eléphant en panique)" });
        return Vec::new();
    }
    let lost = n.min(strength);
    let left = strength - lost;
    ctx.emit(Event::ElementsLost { unit, lost, strength: left, rule });
    let mut steps = Vec::new();
    if left == 0 {
        ctx.emit(Event::UnitDestroyed { unit });
        let leaders: Vec<u32> = ctx.b.global.leaders.iter().filter(|l| l.unit == Some(unit)).map(|l| l.id).collect();
        for leader in leaders {
            steps.push(Step::LeaderFlight { leader, from: hex });
        }
    }
    let panicking = if p.class == Class::Elephants {
        lost
    } else if p.has(Trait::ElephantBorne) && lost > 0 {
        1
    } else {
        0
    };
    for i in 0..panicking {
        let rule = if p.class == Class::Elephants {
            "an elephant does not die, it panics: one per element lost (Cas particulier des éléphants)"
        } else {
            "the transport or traction elephant panics at the first loss (Cas particulier des éléphants)"
        };
        let place = if left == 0 && i == 0 { Some(hex) } else { free_hex_near(&ctx.b, side, hex) };
        if let Some(at) = place {
            let elephant = ctx.b.next_unit_id();
            ctx.emit(Event::ElephantPanicked { elephant, from: unit, side, at, rule });
            steps.push(Step::PanicRoll { unit: elephant });
        }
    }
    if p.has(Trait::ElephantBorne) && lost > 0 && left > 0 {
        if let Some(profile) = p.dismounted.clone() {
            ctx.emit(Event::ProfileChanged { unit, profile, rule: "without its elephant the unit fights on foot or becomes static (Cas particulier des éléphants)" });
        }
    }
    steps
}

/// Where a newly panicking elephant stands: a free neighbour, toward its own edge first.
fn free_hex_near(b: &B, side: Side, hex: Hex) -> Option<Hex> {
    let toward = b.edge(side).directions();
    let others = Direction::ALL.iter().filter(|d| !toward.contains(d));
    toward
        .iter()
        .chain(others)
        .map(|d| d.step(hex))
        .find(|h| b.map.contains(*h) && b.unit_at(*h).is_none() && !impassable(b, Mobility::Elephant, *h))
}

fn retreat(ctx: &mut Ctx, unit: UnitId, asked: u8, path: &[Hex]) {
    let done = achieved(&ctx.b, path, asked);
    ctx.emit(Event::Retreated { unit, path: path.to_vec(), asked });
    if leaves_board(&ctx.b.map, path) {
        ctx.emit(Event::UnitLeftBoard { unit, rule: "a panicking elephant that reaches the board edge disappears (Eléphant en panique)" });
        return;
    }
    if done < asked {
        let steps = inflict(ctx, unit, asked - done, "one element lost per retreat hex not made (Repli)");
        ctx.push_in_order(steps);
    }
}

/// A panicking elephant whose flight stops short against a unit further along its way: it flees as
/// far as that unit and the rest of the flight starts there, where the forced combat is offered
/// ("s'il est bloqué par une unité, il doit la combattre"). Returns false when the flight is not
/// barred that way, leaving the shortfall to `retreat`.
fn flee_to_the_barring_unit(ctx: &mut Ctx, unit: UnitId, hexes: u8, path: &[Hex]) -> bool {
    let done = achieved(&ctx.b, path, hexes);
    if done == 0 || done >= hexes || leaves_board(&ctx.b.map, path) {
        return false;
    }
    let moved = Event::Retreated { unit, path: path.to_vec(), asked: done };
    let mut after = ctx.b.clone();
    apply(&mut after, &moved);
    let rest = Step::PanicFlight { unit, hexes: hexes - done, charged: false };
    let can_charge = decision_options(&after, &rest).is_some_and(|o| o.iter().any(|c| matches!(c, Command::Charge { .. })));
    if can_charge {
        ctx.emit(moved);
        ctx.push(rest);
    }
    can_charge
}

/// Follow-up, or the riposte, after a combat (step 7).
fn aftermath(ctx: &mut Ctx, c: Combat) {
    if c.role == Role::Riposte || c.kind != CombatKind::Melee {
        return;
    }
    let Some(att) = ctx.b.unit(c.attacker).filter(|a| a.hex == Some(c.attacker_hex)) else { return };
    let def = ctx.b.unit(c.defender);
    let vacated = ctx.b.unit_at(c.defender_hex).is_none();
    if vacated {
        // A panicking elephant's charge is only fought "avec une riposte éventuelle": it flees on.
        let p = att.state.profile();
        if c.role == Role::Panic || impassable(&ctx.b, p.mobility(), c.defender_hex) {
            return;
        }
        let down = ctx.b.map.level(c.attacker_hex) > ctx.b.map.level(c.defender_hex);
        match follow_up_rule(p, down) {
            FollowUpRule::Compulsory(rule) => follow_up(ctx, &c, rule),
            FollowUpRule::Optional(_) if !att.state.panicked => ctx.push(Step::FollowUp(c)),
            _ => {}
        }
        return;
    }
    let may_riposte = def.is_some_and(|d| {
        d.hex == Some(c.defender_hex) && !d.state.panicked && d.state.profile().melee > 0 && movement_ban(&ctx.b, d).is_none()
    });
    if may_riposte && c.attacker_hex.unsigned_distance_to(c.defender_hex) == 1 {
        ctx.push(Step::Riposte(c));
    }
}

fn follow_up(ctx: &mut Ctx, c: &Combat, rule: &'static str) {
    ctx.emit(Event::FollowedUp { unit: c.attacker, to: c.defender_hex, rule });
    let Some(p) = ctx.b.unit(c.attacker).map(|u| u.state.profile()) else { return };
    if c.role == Role::Attack && (p.is_mounted() || p.class == Class::Elephants) {
        ctx.push(Step::Pursuit { unit: c.attacker });
    }
}

/// The seed's follow-up table ("Suivi").
#[derive(Debug, PartialEq, Eq)]
pub enum FollowUpRule {
    Compulsory(&'static str),
    Optional(&'static str),
    Never(&'static str),
}

pub fn follow_up_rule(p: &Profile, attacking_down: bool) -> FollowUpRule {
    let climbing_foe = attacking_down && !p.has(Trait::Elite);
    if p.class == Class::Artillery {
        FollowUpRule::Never("artillery never follows up")
    } else if p.has(Trait::Fanatic) || p.has(Trait::Fickle) {
        FollowUpRule::Compulsory("fanatic or fickle troops must follow up")
    } else if p.class == Class::Elephants {
        FollowUpRule::Compulsory("elephants, even elite, must follow up")
    } else if climbing_foe && (p.class == Class::Infantry || p.is_mounted()) {
        FollowUpRule::Compulsory("non-elite troops attacking a unit below them must follow up")
    } else if p.class == Class::Infantry && p.has(Trait::Elite) {
        FollowUpRule::Optional("elite infantry may follow up")
    } else if p.is_mounted() {
        FollowUpRule::Optional("mounted troops may follow up")
    } else {
        FollowUpRule::Never("infantry other than elite does not follow up")
    }
}

fn panic_roll(ctx: &mut Ctx, unit: UnitId) {
    if ctx.b.unit(unit).is_none_or(|u| u.hex.is_none()) {
        return;
    }
    let faces: Vec<_> = (0..tables().terrain.panic_dice).map(|_| super::die::Face::roll(ctx.dice)).collect();
    let hexes = faces
        .iter()
        .filter(|f| matches!(f, super::die::Face::Flag | super::die::Face::TacticalAdvantage))
        .count() as u8;
    ctx.emit(Event::PanicRolled { unit, faces, hexes });
    if hexes > 0 {
        ctx.push(Step::PanicFlight { unit, hexes, charged: false });
    }
}

/// The opening events of a battle.
pub fn open(b: &B, dice: &mut Dice) -> Vec<Event> {
    agenda::run(b, dice, |ctx| {
        let first = ctx.b.global.first_side;
        super::turn::start_turn(ctx, 1, first);
    })
}

