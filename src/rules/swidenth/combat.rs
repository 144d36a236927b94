//! A combat phase (l. 87-138) and a shot (l. 154-202) as opposed d20 rolls: each side's roll with
//! its modifiers, the margin, the winner's damage, the result read against the loser's Défense,
//! fumbles, the stray shot past a friend (l. 166), then the loser's lot (`harm`).

use super::aim;
use super::data::tables;
use super::duel::{self, Winner};
use super::event::{Duel, DuelKind, Event, Factor, Hand, Roll};
use super::figure::{self, U};
use super::groups;
use super::harm;
use super::resolve::Ctx;
use super::state::{Activation, First, Step};
use crate::battle::UnitId;

/// Whether the figure concentrated as its first action (l. 122, 168).
pub fn concentrated(u: &U) -> bool {
    u.state.activation == Activation::Started(First::Concentrated)
}

/// A figure's roll in a combat phase (l. 93-97): Combat and its modifiers.
pub fn melee_roll(ctx: &Ctx, u: &U, acting: bool, die: u8) -> Roll {
    let factors = duel::combat_factors(figure::arms(&u.state), u.state.stunned(), acting && concentrated(u), groups::outnumbering(&ctx.b, u));
    Roll { figure: u.id, die, base: u.state.row().combat, factors }
}

/// The Fight command: a split first where the group needs one (l. 128), then the combat.
pub fn fight(ctx: &mut Ctx, figure: UnitId, target: UnitId) {
    let group = groups::group_of(&ctx.b, figure);
    if let Some(side) = groups::splitter(&ctx.b, &group) {
        if ctx.b.global.split_of(&group).is_none() && !groups::splits(&ctx.b, side, &group, Some((figure, target))).is_empty() {
            ctx.push(Step::Fight { figure, target });
            ctx.push(Step::Split { side, group, pair: (figure, target) });
            return;
        }
    }
    strike(ctx, figure, target);
}

/// The combat phase itself (l. 87-124).
pub fn strike(ctx: &mut Ctx, figure: UnitId, target: UnitId) {
    let (Some(a), Some(o)) = (ctx.b.unit(figure).cloned(), ctx.b.unit(target).cloned()) else { return };
    // A split may have waited on the other side: the two must still be engaged.
    let (Some(from_a), Some(from_o)) = (a.hex, o.hex.filter(|h| a.hex.is_some_and(|x| x.unsigned_distance_to(*h) == 1))) else {
        ctx.emit(Event::ActivationEnded { figure });
        return;
    };
    let (da, dopp) = (ctx.dice.roll(20), ctx.dice.roll(20));
    let acting = melee_roll(ctx, &a, true, da);
    let opposing = melee_roll(ctx, &o, false, dopp);
    let mut duel = Duel { kind: DuelKind::Melee, acting, opposing, winner: None, margin: 0, damage: Vec::new(), defence: 0, harm: None };
    if let Some((w, margin)) = duel::margin(duel.acting.total(), duel.opposing.total(), false) {
        let (winner, loser, die) = match w {
            Winner::Acting => (&a, &o, da),
            Winner::Opposing => (&o, &a, dopp),
        };
        let charged = w == Winner::Acting && a.state.charging.contains(&target);
        duel.winner = Some(winner.id);
        duel.margin = margin;
        duel.damage = duel::damage(figure::arms(&winner.state), die == 20, charged);
        duel.defence = figure::defence(&loser.state, ctx.b.turn);
        duel.harm = Some(duel::harm(duel.result(), i32::from(duel.defence)));
    }
    let (winner, harm) = (duel.winner, duel.harm);
    ctx.emit(Event::Duel(duel));
    // l. 120, R-S6: a natural 1 drops a weapon or shield once the blow is struck.
    for (u, die) in [(&a, da), (&o, dopp)] {
        if die == 1 {
            let hand_die = ctx.dice.roll(20);
            let hand = if hand_die <= 10 { Hand::Main } else { Hand::Off };
            let fresh = ctx.b.unit(u.id).map_or(u.state.clone(), |f| f.state.clone());
            let dropped = figure::held(&fresh, hand == Hand::Main);
            ctx.emit(Event::Fumble { figure: u.id, die: hand_die, hand, dropped });
        }
    }
    if let (Some(w), Some(h)) = (winner, harm) {
        let (loser, from) = if w == figure { (target, from_a) } else { (figure, from_o) };
        harm::suffer(ctx, w, loser, h, from, false);
    }
    ctx.emit(Event::ActivationEnded { figure });
}

/// What is shot: a missile weapon's damage and shots, or a bolt's.
#[derive(Clone, Copy)]
pub struct Missile {
    pub kind: DuelKind,
    pub damage: i8,
    pub range: u8,
    pub shots: u8,
    /// Aiming's +2 (l. 168), or concentrating on the spell (H-S3).
    pub aim: i8,
}

/// The shooter's weapon as a missile.
pub fn weapon_missile(u: &U) -> Option<Missile> {
    let w = figure::missile(&u.state)?;
    Some(Missile { kind: DuelKind::Shot, damage: w.damage, range: w.range.unwrap_or(0), shots: w.shots, aim: tables().duel.aim })
}

/// A shot at `target` (l. 154-198), aimed if it is the first of the shooting phase (l. 168); a
/// multiple-shot weapon's next shot waits on the agenda under this one's push back.
pub fn shoot(ctx: &mut Ctx, shooter: UnitId, target: UnitId, missile: Missile, first: bool, left: u8) {
    let (Some(s), Some(t)) = (ctx.b.unit(shooter).cloned(), ctx.b.unit(target).cloned()) else { return };
    let Some(line) = aim::line(&ctx.b, &s, &t, missile.range) else { return };
    if left > 1 {
        ctx.push(Step::NextShot { shooter, target, left: left - 1 });
    }
    let hit = one_shot(ctx, &s, &t, &line, missile, first, DuelKind::Shot);
    if let (false, Some(ally)) = (hit, line.ally) {
        stray(ctx, shooter, ally, missile);
    }
}

/// One opposed roll of a shot (l. 158-162); returns whether it hit.
fn one_shot(ctx: &mut Ctx, s: &U, t: &U, line: &aim::Line, missile: Missile, first: bool, kind: DuelKind) -> bool {
    let d = &tables().duel;
    let kind = if kind == DuelKind::AllyStruck { kind } else { missile.kind };
    let (ds, dt) = (ctx.dice.roll(20), ctx.dice.roll(20));
    let bolt = missile.kind == DuelKind::FireBolt;
    let row = s.state.row();
    let mut factors = vec![duel::range_bonus(line.band)];
    if first && concentrated(s) && kind != DuelKind::AllyStruck {
        factors.push(Factor { rule: if bolt { "H-S3" } else { "l. 168" }, what: if bolt { "concentrated" } else { "aimed" }, value: missile.aim });
    }
    if s.state.camouflaged {
        factors.push(Factor { rule: "l. 170", what: "camouflaged", value: d.camouflage });
    }
    factors.extend(duel::stun_factors(s.state.stunned()));
    let acting = Roll { figure: s.id, die: ds, base: if bolt { row.psychisme } else { row.tir }, factors };
    let mut target_factors: Vec<Factor> = duel::cover(line.cover).into_iter().collect();
    target_factors.extend(duel::stun_factors(t.state.stunned()));
    let opposing = Roll { figure: t.id, die: dt, base: t.state.row().combat, factors: target_factors };
    let mut duel = Duel { kind, acting, opposing, winner: None, margin: 0, damage: Vec::new(), defence: 0, harm: None };
    // H-S3: a caster's natural 1 fails the spell and stuns him.
    let fizzled = bolt && ds == 1;
    if let Some((Winner::Acting, margin)) = duel::margin(duel.acting.total(), duel.opposing.total(), true).filter(|_| !fizzled) {
        duel.winner = Some(s.id);
        duel.margin = margin;
        duel.damage = vec![Factor { rule: if bolt { "H-S3" } else { "l. 180" }, what: "weapon", value: missile.damage }];
        if ds == 20 {
            duel.damage.push(Factor { rule: "l. 198", what: "critical", value: d.critical_damage });
        }
        duel.defence = figure::defence(&t.state, ctx.b.turn);
        duel.harm = Some(duel::harm(duel.result(), i32::from(duel.defence)));
    }
    let (winner, harm) = (duel.winner, duel.harm);
    ctx.emit(Event::Duel(duel));
    if fizzled {
        harm::stun(ctx, s.id, "H-S3 (a natural 1 on a spell)");
    }
    if let (Some(w), Some(h), Some(from)) = (winner, harm, s.hex) {
        harm::suffer(ctx, w, t.id, h, from, true);
    }
    winner.is_some()
}

/// A missed shot past the shooter's friend: on a d20 of 8+ the friend takes a shot of its own
/// (l. 166, R-S13), with the range and cover it stands at.
fn stray(ctx: &mut Ctx, shooter: UnitId, ally: UnitId, missile: Missile) {
    let die = ctx.dice.roll(20);
    let strikes = die >= tables().duel.ally_hit_from;
    ctx.emit(Event::StrayRoll { ally, die, strikes });
    // The shooter as the missed shot left it: its camouflage spent, a stun it took counted.
    let (Some(a), Some(s)) = (ctx.b.unit(ally).cloned(), ctx.b.unit(shooter).cloned()) else { return };
    if !strikes {
        return;
    }
    let (Some(from), Some(to)) = (s.hex, a.hex) else { return };
    let shut = aim::shut_doors(&ctx.b);
    let band = duel::band(from.unsigned_distance_to(to), missile.range).unwrap_or(duel::Band::Long);
    let cover = super::sight::cover_points(&ctx.b.map, &shut, from, to, |h| ctx.b.on_board().any(|u| u.hex == Some(h) && u.side != s.side)).unwrap_or(0);
    let line = aim::Line { band, cover, ally: None };
    one_shot(ctx, &s, &a, &line, missile, false, DuelKind::AllyStruck);
}
