//! What an order is expected to do before it is sealed: the battle table's percentage with its
//! additions and multipliers (R-M4), and the mean damage against the target's hit points, for a
//! shot, an engagement, a blast or a duel. The window shows it; the computer weighs it.

use super::combat;
use super::data::{HeroSpell, Kind, Roll, tables};
use super::event::{AttackKind, Term};
use super::state::{Order, UnitState};
use super::words::name;
use crate::battle::look::{Line, Preview};
use crate::battle::{Battle, Unit, UnitId};

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

/// An attack's expected outcome, before the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    pub kind: AttackKind,
    /// The battle table's percentage (l. 157), 100 where the damage is flat.
    pub table: u32,
    pub terms: Vec<Term>,
    pub troops: u32,
    pub mean_roll: f64,
    /// The mean damage, and the share of the target's hit points it is.
    pub damage: f64,
    pub share: f64,
}

pub fn mean(r: &Roll) -> f64 {
    (f64::from(r.count) * (f64::from(r.sides) + 1.0) / 2.0 + f64::from(r.plus)).max(0.0)
}

/// The fraction the multipliers make, and the percentage after its additions.
fn scale(table: u32, terms: &[Term]) -> f64 {
    let times: f64 = terms.iter().map(|t| f64::from(t.times.0) / f64::from(t.times.1)).product();
    super::damage::percent(table, terms) as f64 / 100.0 * times
}

fn outcome(kind: AttackKind, target: &U, table: u32, terms: Vec<Term>, troops: u32, mean_roll: f64) -> Expectation {
    let damage = mean_roll * f64::from(troops) * scale(table, &terms);
    let share = damage / target.state.pvt.max(1) as f64;
    Expectation { kind, table, terms, troops, mean_roll, damage, share }
}

/// `attacker`'s attack on `target` as `combat::attack` makes it, with the dice at their mean.
pub fn attack(b: &B, attacker: &U, target: &U, kind: AttackKind) -> Option<Expectation> {
    if attacker.state.kind() == Kind::Huge && target.state.kind() == Kind::Standard && kind != AttackKind::Shot {
        let a = combat::crushing(b, attacker, target, kind);
        return Some(outcome(kind, target, a.table, a.terms, 1, a.damage as f64));
    }
    if let Some(e) = super::engines::engine(&attacker.state).filter(|_| kind == AttackKind::Shot) {
        let terms = super::engines::shot_terms(b, attacker, target);
        let roll = if combat::immune_to(&target.state, &attacker.state, kind) { 0.0 } else { mean(&e.damage) };
        return Some(outcome(kind, target, 100, terms, 1, roll));
    }
    let w = combat::weapon(&attacker.state, kind)?;
    let troops = attacker.state.hero().map_or_else(|| attacker.state.troops(), |h| u32::from(h.attacks));
    let table = tables().battle.percent(attacker.state.row().hd, target.state.row().ac);
    let terms = combat::terms(b, attacker, target, kind);
    let roll = if combat::immune_to(&target.state, &attacker.state, kind) { 0.0 } else { mean(&w.damage) };
    Some(outcome(kind, target, table, terms, troops, roll))
}

/// `attacker`'s attack as it will be once the orders play out, before the flags the movement
/// phase sets: an engagement from afar is a charge (lances, l. 149); a unit with polearms that
/// stands meets its charger at double (l. 153).
pub fn attack_when(b: &B, attacker: &U, target: &U, kind: AttackKind, charging: bool, braced: bool) -> Option<Expectation> {
    if !charging && !braced {
        return attack(b, attacker, target, kind);
    }
    let (mut a, mut t) = (attacker.clone(), target.clone());
    if charging {
        a.state.charged.push(target.id);
    }
    if braced {
        a.state.moved = false;
        t.state.charged.push(attacker.id);
    }
    attack(b, &a, &t, kind)
}

/// Whether `unit` engaging `target` charges it: it is not fighting it already (R-M11).
pub fn charges(b: &B, unit: UnitId, target: UnitId) -> bool {
    !b.global.is_engaged(unit, target)
}

/// A hero's blast (H-M7): its roll, flat, under the walls' shelter.
pub fn blast(b: &B, hero: &U, target: &U) -> Option<Expectation> {
    let roll = hero.state.hero()?.spells.iter().find_map(|s| match s {
        HeroSpell::Blast { damage, .. } => Some(*damage),
        HeroSpell::Breach { .. } => None,
    })?;
    let terms: Vec<Term> = super::siege::shelter(b, hero, target).into_iter().collect();
    Some(outcome(AttackKind::Spell, target, 100, terms, 1, mean(&roll)))
}

/// The mean damage a duellist deals in one round of a duel (H-M6): its attacks × the chance that
/// d20 + to-hit reaches the other's AC × its mean damage.
pub fn duel_round(attacker: &U, target: &U) -> f64 {
    let Some((to_hit, attacks, damage)) = super::heroes::duellist(attacker) else { return 0.0 };
    let needed = i32::from(target.state.row().ac) - to_hit;
    let hits = f64::from((21 - needed.clamp(1, 21)).clamp(0, 20)) / 20.0;
    f64::from(attacks) * hits * mean(&damage)
}

/// The attack an order makes on its target, if it names one.
pub fn of_order(b: &B, unit: &U, order: &Order) -> Option<(UnitId, Expectation)> {
    let (target, kind) = match order {
        Order::Shoot(t) => (*t, AttackKind::Shot),
        Order::Engage(t) => (*t, AttackKind::Melee),
        Order::Cast(t) => {
            let t = b.unit(*t)?;
            return blast(b, unit, t).map(|e| (t.id, e));
        }
        _ => return None,
    };
    let t = b.unit(target)?;
    let charging = kind == AttackKind::Melee && charges(b, unit.id, target);
    attack_when(b, unit, t, kind, charging, false).map(|e| (target, e))
}

fn term_text(t: &Term) -> String {
    if t.percent != 0 {
        format!("{:+}% {} ({})", t.percent, t.what, t.rule)
    } else if t.times.1 == 1 {
        format!("×{} {} ({})", t.times.0, t.what, t.rule)
    } else {
        format!("×{}/{} {} ({})", t.times.0, t.times.1, t.what, t.rule)
    }
}

/// The preview of an order: the percentage and its terms, the mean damage and what it would leave
/// the target, and the answer an engaged target gives back; a duel's rounds side by side.
pub fn preview(b: &B, command: &super::Command) -> Option<Preview> {
    let super::Command::Give { unit, order } = command else { return None };
    let u = b.unit(*unit)?;
    if let Order::Duel(other) = order {
        let o = b.unit(*other)?;
        let (mine, theirs) = (duel_round(u, o), duel_round(o, u));
        return Some(Preview {
            lines: vec![
                Line::heading(format!("Duel with {} (H-M6)", name(b, o.id))),
                Line::plain(format!("A round: about {mine:.1} to his {} hit points, {theirs:.1} back to {}", o.state.pvt, u.state.pvt)),
                Line::small(format!("Up to {} rounds, until one falls", tables().house.duel_rounds)),
            ],
        });
    }
    let (target, e) = of_order(b, u, order)?;
    let t = b.unit(target)?;
    let mut lines = vec![Line::heading(format!("{} on {}", kind_word(e.kind), name(b, target)))];
    if e.table != 100 || e.kind == AttackKind::Shot || e.kind == AttackKind::Melee {
        lines.push(Line::plain(format!(
            "Battle table {}% (hit dice against AC {}, l. 157){}",
            e.table,
            t.state.row().ac,
            if e.troops > 1 { format!(" × {} troops", e.troops) } else { String::new() }
        )));
    }
    lines.extend(e.terms.iter().map(|x| Line::small(term_text(x))));
    let left = (t.state.pvt as f64 - e.damage).max(0.0);
    lines.push(Line::plain(format!(
        "About {:.0} damage ({:.0}% of its {} hit points), {:.0} left",
        e.damage,
        e.share * 100.0,
        t.state.pvt,
        left
    )));
    if e.kind == AttackKind::Melee {
        if let Some(back) = attack(b, t, u, AttackKind::Melee) {
            lines.push(Line::small(format!("It strikes back for about {:.0} of {}'s {}", back.damage, name(b, u.id), u.state.pvt)));
        }
        let braced = attack_when(b, t, u, AttackKind::Melee, false, charges(b, u.id, t.id));
        if let Some(braced) = braced.filter(|x| x.terms.iter().any(|term| term.rule == "l. 153")) {
            lines.push(Line::small(format!("About {:.0} if it stands to meet the charge with its polearms (l. 153)", braced.damage)));
        }
    }
    Some(Preview { lines })
}

fn kind_word(k: AttackKind) -> &'static str {
    match k {
        AttackKind::Shot => "Shot",
        AttackKind::Pursuit => "Pursuit",
        AttackKind::Melee => "Melee",
        AttackKind::Spell => "Blast",
    }
}
