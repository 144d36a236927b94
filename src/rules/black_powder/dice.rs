//! How many dice a Black Powder unit rolls (B.3.5): at one target when it shoots, and against each
//! enemy in contact when it fights, from its profile, size, formation, building, First fire and
//! enfilade (BP:L120–138, BP:L330), every count read from `assets/rules/black-powder/dice.ron`.

use super::data::{DiceRule, Formation, Situation, Size, Trait, TraitEffect, tables};
use crate::battle::UnitId;

/// What the shooting count depends on, for one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// The profile's dice, or the artillery's for the range band (RB-6).
    pub base: u8,
    pub size: Size,
    pub formation: Formation,
    pub in_building: bool,
    /// It has the First fire trait and has not fired yet (BP:L330).
    pub first_fire: bool,
    /// The target is infantry or deployed artillery, not in square or in a building, and the shooter
    /// stands in its flank or rear sector (B.3.3): the row of BP:L136 or BP:L137.
    pub enfilade: Option<Situation>,
}

/// B.3.5 shooting: a reduced unit rolls 1; else a building's count, or the count its formation
/// fixes (attack column, mixed order, a square's 1 a target, none in march column or limbered);
/// else the profile's dice with its size; then +1 for First fire, then doubled in enfilade.
pub fn shooting_dice(s: &Shot) -> u8 {
    let t = tables();
    let size = t.dice.size_rules(s.size).shooting;
    let formation = t.dice.formation_rules(s.formation).shooting;
    let mut dice = if let DiceRule::Fixed(n) = size {
        n
    } else if s.in_building {
        t.dice.situation_rules(Situation::InBuilding).shooting.apply(s.base)
    } else if formation != DiceRule::Unchanged {
        formation.apply(s.base)
    } else {
        size.apply(s.base)
    };
    if s.first_fire && dice > 0 {
        if let TraitEffect::FirstShootingDice(more) = t.traits.effect(Trait::FirstFire) {
            dice = dice.saturating_add(*more);
        }
    }
    match s.enfilade {
        Some(situation) => t.dice.situation_rules(situation).shooting.apply(dice),
        None => dice,
    }
}

/// The seed's line that set `shooting_dice`'s count before First fire and enfilade, for the log:
/// the size, a building or the formation, in the same order; none where the profile's dice stand.
pub fn shooting_count_rule(s: &Shot) -> Option<&'static str> {
    let t = tables();
    if let DiceRule::Fixed(_) = t.dice.size_rules(s.size).shooting {
        return Some("BP:L124 (a reduced unit: 1 die)");
    }
    if s.in_building {
        return Some("BP:L138 (in a building)");
    }
    if t.dice.formation_rules(s.formation).shooting != DiceRule::Unchanged {
        return Some("BP:L127–132 (its formation)");
    }
    match s.size {
        Size::Large => Some("BP:L122 (a large unit: +1 die)"),
        Size::Small => Some("BP:L123 (a small unit: −1 die)"),
        _ => None,
    }
}

/// B.3.5 melee, HB-12: a reduced unit rolls 1; else a march column 1, a square or a building 2
/// against each enemy, a limbered battery none; else its hand-to-hand dice with its size. A count
/// for the whole unit is split evenly among `enemies` (ascending id), the extra dice to the lowest
/// ids; a count per side goes whole to each. Returns each enemy with its dice.
pub fn melee_dice(hth: u8, size: Size, formation: Formation, in_building: bool, enemies: &[UnitId]) -> Vec<(UnitId, u8)> {
    let t = tables();
    let size_rule = t.dice.size_rules(size).melee;
    let rule = if let DiceRule::Fixed(_) = size_rule {
        size_rule
    } else if in_building {
        t.dice.situation_rules(Situation::InBuilding).melee
    } else {
        match t.dice.formation_rules(formation).melee {
            DiceRule::Unchanged => size_rule,
            fixed => fixed,
        }
    };
    if let DiceRule::PerSide(n) = rule {
        return enemies.iter().map(|e| (*e, n)).collect();
    }
    let total = rule.apply(hth);
    let n = u8::try_from(enemies.len()).unwrap_or(u8::MAX).max(1);
    let (each, extra) = (total / n, total % n);
    enemies.iter().enumerate().map(|(i, e)| (*e, each + u8::from(i < usize::from(extra)))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shot(base: u8, size: Size, formation: Formation) -> Shot {
        Shot { base, size, formation, in_building: false, first_fire: false, enfilade: None }
    }

    #[test]
    fn shooting_dice_follow_the_order_of_b_3_5() {
        assert_eq!(shooting_dice(&shot(3, Size::Standard, Formation::Line)), 3, "the profile's 3");
        assert_eq!(shooting_dice(&shot(3, Size::Large, Formation::Line)), 4, "BP:L122: +1");
        assert_eq!(shooting_dice(&shot(3, Size::Small, Formation::Line)), 2, "BP:L123: -1");
        assert_eq!(shooting_dice(&shot(3, Size::Reduced, Formation::Line)), 1, "BP:L124: 1 only");
        assert_eq!(shooting_dice(&shot(3, Size::Large, Formation::AttackColumn)), 1, "BP:L128: the column's 1, size aside");
        assert_eq!(shooting_dice(&shot(3, Size::Standard, Formation::MixedOrder)), 1, "BP:L129");
        assert_eq!(shooting_dice(&shot(3, Size::Standard, Formation::Square)), 1, "BP:L130: 1 a target");
        assert_eq!(shooting_dice(&shot(3, Size::Standard, Formation::MarchColumn)), 0, "BP:L131: no shooting");
        assert_eq!(shooting_dice(&shot(3, Size::Standard, Formation::Limbered)), 0, "BP:L132");
        let in_building = Shot { in_building: true, ..shot(3, Size::Large, Formation::Line) };
        assert_eq!(shooting_dice(&in_building), 2, "BP:L138: 2 a target");
        let first = Shot { first_fire: true, ..shot(3, Size::Standard, Formation::Line) };
        assert_eq!(shooting_dice(&first), 4, "BP:L330: +1 at its first fire");
        let enfilading = Shot { first_fire: true, enfilade: Some(Situation::EnfiladedInfantry), ..shot(3, Size::Small, Formation::Line) };
        assert_eq!(shooting_dice(&enfilading), 6, "B.3.5: (3 - 1 + 1) x 2, the doubling last (BP:L136)");
        let column = Shot { enfilade: Some(Situation::EnfiladedArtillery), ..shot(3, Size::Standard, Formation::AttackColumn) };
        assert_eq!(shooting_dice(&column), 2, "BP:L137: the column's 1, doubled");
    }

    #[test]
    fn the_log_names_the_line_that_set_the_count() {
        let rule = |s: Shot| shooting_count_rule(&s).map(|r| &r[..7]);
        assert_eq!(rule(shot(3, Size::Standard, Formation::Line)), None, "the profile's dice stand");
        assert_eq!(rule(shot(3, Size::Large, Formation::Line)), Some("BP:L122"));
        assert_eq!(rule(shot(3, Size::Small, Formation::Line)), Some("BP:L123"));
        assert_eq!(rule(shot(3, Size::Reduced, Formation::Square)), Some("BP:L124"), "size fixes it before the formation");
        assert_eq!(rule(Shot { in_building: true, ..shot(3, Size::Large, Formation::Line) }), Some("BP:L138"));
        assert_eq!(rule(shot(3, Size::Large, Formation::AttackColumn)), Some("BP:L127"));
    }

    #[test]
    fn melee_dice_split_among_enemies_unless_counted_per_side() {
        let (a, b, c) = (UnitId(4), UnitId(7), UnitId(9));
        assert_eq!(melee_dice(6, Size::Standard, Formation::Line, false, &[a]), [(a, 6)]);
        assert_eq!(melee_dice(6, Size::Large, Formation::Line, false, &[a]), [(a, 8)], "BP:L122: +2");
        assert_eq!(melee_dice(6, Size::Small, Formation::AttackColumn, false, &[a]), [(a, 4)], "BP:L123: -2");
        assert_eq!(melee_dice(6, Size::Reduced, Formation::Square, false, &[a, b]), [(a, 1), (b, 0)], "BP:L124: 1 only");
        assert_eq!(melee_dice(7, Size::Standard, Formation::Line, false, &[a, b]), [(a, 4), (b, 3)], "HB-12: the extra die to the lower id");
        assert_eq!(melee_dice(6, Size::Large, Formation::MarchColumn, false, &[a]), [(a, 1)], "BP:L131");
        assert_eq!(melee_dice(6, Size::Standard, Formation::Square, false, &[a, b, c]), [(a, 2), (b, 2), (c, 2)], "BP:L130: 2 a side");
        assert_eq!(melee_dice(6, Size::Standard, Formation::Line, true, &[a, b]), [(a, 2), (b, 2)], "BP:L138");
        assert_eq!(melee_dice(1, Size::Standard, Formation::Limbered, false, &[a]), [(a, 0)], "BP:L132: no combat");
    }
}
