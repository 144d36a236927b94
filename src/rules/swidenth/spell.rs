//! Casting (l. 77, house rule H-S3): Trait de feu as a shot with Psychisme, Paralysie against the
//! target's Psychisme, Soin and Bouclier mystique against a fixed score; a concentrated caster's
//! +2, and a natural 1 that fails the spell and stuns the caster.

use super::combat::{self, Missile};
use super::data::{SpellEffect, SpellRoll, tables};
use super::duel;
use super::event::{DuelKind, Event, Factor, Roll};
use super::figure::U;
use super::harm;
use super::resolve::Ctx;
use crate::battle::UnitId;

fn caster_roll(ctx: &mut Ctx, caster: &U) -> Roll {
    let die = ctx.dice.roll(20);
    let mut factors = Vec::new();
    if combat::concentrated(caster) {
        factors.push(Factor { rule: "H-S3", what: "concentrated", value: tables().spells.concentrate });
    }
    factors.extend(duel::stun_factors(caster.state.stunned()));
    Roll { figure: caster.id, die, base: caster.state.row().psychisme, factors }
}

pub fn cast(ctx: &mut Ctx, caster: UnitId, name: &str, target: UnitId, restore: bool) {
    let spell = tables().spells.spell(name);
    let Some(c) = ctx.b.unit(caster).cloned() else { return };
    if let (SpellRoll::Shot, SpellEffect::Damage(damage)) = (spell.roll, spell.effect) {
        let missile = Missile { kind: DuelKind::FireBolt, damage, range: spell.range, shots: 1, aim: tables().spells.concentrate };
        combat::shoot(ctx, caster, target, missile, true, 1);
        return;
    }
    let roll = caster_roll(ctx, &c);
    let (against, needed, mut works) = match spell.roll {
        SpellRoll::Opposed => {
            let Some(t) = ctx.b.unit(target).cloned() else { return };
            let die = ctx.dice.roll(20);
            let against = Roll { figure: target, die, base: t.state.row().psychisme, factors: duel::stun_factors(t.state.stunned()) };
            let works = roll.total() > against.total();
            (Some(against), None, works)
        }
        SpellRoll::Fixed(n) => (None, Some(n), roll.total() >= i32::from(n)),
        SpellRoll::Shot => (None, None, false),
    };
    let fizzled = roll.die == 1;
    works &= !fizzled;
    ctx.emit(Event::Spell { caster, spell: name.to_string(), target, roll, against, needed, works });
    if fizzled {
        harm::stun(ctx, caster, "H-S3 (a natural 1 on a spell)");
    }
    if !works {
        return;
    }
    match spell.effect {
        SpellEffect::Stun => harm::stun(ctx, target, "H-S3 (Paralysie)"),
        SpellEffect::Heal => {
            let Some(t) = ctx.b.unit(target) else { return };
            if restore {
                let vitalite = (t.state.vitalite + 1).min(t.state.row().vitalite);
                ctx.emit(Event::Healed { figure: target, stuns: 0, vitalite });
            } else {
                let stuns = t.state.stunned();
                ctx.emit(Event::Healed { figure: target, stuns, vitalite: t.state.vitalite });
            }
        }
        SpellEffect::Defence(_) => {
            let until = ctx.b.turn + 1;
            ctx.emit(Event::Shielded { figure: target, until });
        }
        SpellEffect::Damage(_) => {}
    }
}
