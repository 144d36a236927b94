//! Swidenth's opposed d20 rolls and what they do (l. 87-138, l. 142-198), as pure functions over
//! numbers: the modifiers of a combat or a shot, the margin, the damage added to it, and the result
//! read against the loser's Défense; range bands, cover and the command bubble by the gap rule.

use super::data::{Rank, WeaponClass, tables};
use serde::Serialize;
use crate::battle::Factor;

/// Which of the two figures of an opposed roll won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// The figure that performs the combat phase, or the shooter.
    Acting,
    /// The figure it fights, or the target.
    Opposing,
}

/// The winner and the margin (l. 99), `None` for a tie. In a shot the target wins ties (l. 174).
pub fn margin(acting: i32, opposing: i32, shot: bool) -> Option<(Winner, i32)> {
    match acting - opposing {
        0 if shot => Some((Winner::Opposing, 0)),
        0 => None,
        m if m > 0 => Some((Winner::Acting, m)),
        m => Some((Winner::Opposing, -m)),
    }
}

/// What a result (margin + damage) does to the loser (l. 105-114, R-S3): each band includes the ones
/// below it, so a wound or a horrible wound also stuns a figure it leaves standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Harm {
    /// At most its Défense: the winner may push it back a pace (l. 105).
    PushBack,
    /// Above its Défense: stunned until the end of the next turn (l. 107).
    Stun,
    /// Above twice its Défense: a Vitalité, or Hors de combat (l. 111).
    Wound,
    /// Above three times its Défense: a horrible wound, a Vitalité or Hors de combat (l. 114).
    Horrible,
}

pub fn harm(result: i32, defence: i32) -> Harm {
    let d = &tables().duel;
    if result > i32::from(d.horrible_above) * defence {
        Harm::Horrible
    } else if result > i32::from(d.wound_above) * defence {
        Harm::Wound
    } else if result > defence {
        Harm::Stun
    } else {
        Harm::PushBack
    }
}

/// What a figure brings to a blow: its primary weapon's damage (`None`: unarmed) and its second
/// weapon's class, if it carries one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arms {
    pub damage: Option<i8>,
    pub second: Option<WeaponClass>,
}

/// The modifiers of a figure's Combat in a combat phase (l. 109, 122, 126, 134-138).
pub fn combat_factors(arms: Arms, stuns: u8, concentrated: bool, allies_on_lone_enemy: u8) -> Vec<Factor> {
    let d = &tables().duel;
    let w = &tables().weapons;
    let mut out = Vec::new();
    if concentrated {
        out.push(Factor { rule: "l. 122", what: "concentrated", value: d.concentrate_combat });
    }
    if allies_on_lone_enemy > 0 {
        let value = d.outnumber_combat.saturating_mul(i8::try_from(allies_on_lone_enemy).unwrap_or(i8::MAX));
        out.push(Factor { rule: "l. 126", what: "outnumbering", value });
    }
    if let Some(second) = arms.second.and_then(|c| w.second(c)).filter(|s| s.combat != 0) {
        out.push(Factor { rule: second_rule(second.class), what: "second weapon", value: second.combat });
    }
    if arms.damage.is_none() {
        out.push(Factor { rule: "l. 138", what: "unarmed", value: w.unarmed.combat });
    }
    out.extend(stun_factors(stuns));
    out
}

/// -4 a stun token to Combat, Tir, Bravoure and Psychisme (l. 109).
pub fn stun_factors(stuns: u8) -> Vec<Factor> {
    let value = tables().duel.stun_penalty.saturating_mul(i8::try_from(stuns).unwrap_or(i8::MAX));
    (stuns > 0).then_some(Factor { rule: "l. 109", what: "stunned", value }).into_iter().collect()
}

fn second_rule(class: WeaponClass) -> &'static str {
    match class {
        WeaponClass::Light => "l. 134",
        WeaponClass::Medium | WeaponClass::Heavy => "l. 136",
    }
}

/// The damage a winner adds to its margin (l. 103, 118, 124, 136, 138): its primary weapon's, or
/// unarmed's; +3 on its natural 20; +2 for a charge it wins; a medium second weapon's +1.
pub fn damage(arms: Arms, natural_20: bool, charged: bool) -> Vec<Factor> {
    let d = &tables().duel;
    let w = &tables().weapons;
    let mut out = vec![match arms.damage {
        Some(value) => Factor { rule: "l. 103", what: "weapon", value },
        None => Factor { rule: "l. 138", what: "unarmed", value: w.unarmed.damage },
    }];
    if let Some(second) = arms.second.and_then(|c| w.second(c)).filter(|s| s.damage != 0) {
        out.push(Factor { rule: second_rule(second.class), what: "second weapon", value: second.damage });
    }
    if natural_20 {
        out.push(Factor { rule: "l. 118", what: "critical", value: d.critical_damage });
    }
    if charged {
        out.push(Factor { rule: "l. 124", what: "charge", value: d.charge_damage });
    }
    out
}

/// A missile weapon's range band at hex distance `d`, its long range `range` paces (l. 144-152):
/// the paces between the figures are `d - 1` (A4), short up to p, medium up to 2p, long up to 3p.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    Short,
    Medium,
    Long,
}

pub fn band(d: u32, range: u8) -> Option<Band> {
    let scale = tables().scale;
    let p = u32::from(range / 3);
    [(Band::Short, p), (Band::Medium, 2 * p), (Band::Long, 3 * p)].into_iter().find(|(_, reach)| scale.within(d, *reach)).map(|(b, _)| b)
}

/// The shooter's bonus for a band (l. 152).
pub fn range_bonus(band: Band) -> Factor {
    let r = tables().duel.range_bonus;
    let value = match band {
        Band::Short => r.short,
        Band::Medium => r.medium,
        Band::Long => r.long,
    };
    Factor { rule: "l. 152", what: "range", value }
}

/// The target's cover bonus from its cover points (l. 164, A4): none at 0, "more than a third" at
/// 1, "more than two thirds" at 2 or more.
pub fn cover(points: u8) -> Option<Factor> {
    let c = tables().duel.cover_bonus;
    match points {
        0 => None,
        1 => Some(Factor { rule: "l. 164", what: "cover over a third", value: c.over_a_third }),
        _ => Some(Factor { rule: "l. 164", what: "cover over two thirds", value: c.over_two_thirds }),
    }
}

/// How far a leader of `rank` commands: his bubble is "less than" this many paces (l. 38, 58).
pub fn bubble_below(rank: Rank) -> u8 {
    let d = &tables().duel;
    if rank == Rank::Chief { d.chief_bubble_below } else { d.champion_bubble_below }
}

/// Whether a figure `d` hexes from its leader is in the bubble "less than `below` paces" (l. 58,
/// A4): fewer than `below` hexes between them.
pub fn in_bubble(d: u32, below: u8) -> bool {
    d < u32::from(below) + 1
}

/// A Bravoure test (R-S4): d20 + Bravoure with its modifiers at least the difficulty.
pub fn bravoure_passes(die: u8, bravoure: i8, factors: &[Factor], difficulty: i8) -> bool {
    i32::from(die) + i32::from(bravoure) + Factor::total(factors) >= i32::from(difficulty)
}
