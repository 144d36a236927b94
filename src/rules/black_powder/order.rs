//! The command roll (BP:L13–21, HB-2, HB-3): the commander's Staff rating with the modifiers that
//! apply to the unit ordered, 2d6 against it, and what the roll gives: moves, a failure, a blunder,
//! or an Unreliable unit standing still.

use super::data::{CommandFactor, Formation, Trait, TraitEffect, tables};
use crate::battle::Factor;

/// What the modifiers of an order to one unit depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordered<'a> {
    /// Hexes between the commander and the unit (0: the same hex).
    pub from_commander: u32,
    /// Hexes to the nearest enemy, if any is on the table.
    pub nearest_enemy: Option<u32>,
    pub formation: Formation,
    /// The unit stands on a road hex.
    pub on_road: bool,
    pub traits: &'a [Trait],
}

/// The modifiers to the Staff rating that apply, each with its rule (BP:L17–21, BP:L320).
pub fn command_factors(o: &Ordered) -> Vec<Factor> {
    let t = tables();
    let c = &t.command;
    let mut out = Vec::new();
    let marauders = o.traits.iter().any(|x| matches!(t.traits.effect(*x), TraitEffect::IgnoresCommandDistance));
    let distance = if marauders { 0 } else { c.distance_modifier(t.scale, o.from_commander) };
    if distance != 0 {
        out.push(Factor { rule: "BP:L17", what: "per 12\" from the commander", value: distance });
    }
    if o.nearest_enemy.is_some_and(|d| t.scale.within(d, u32::from(c.enemy_within))) {
        out.push(Factor { rule: "BP:L18", what: "an enemy within 12\"", value: c.command_modifier(CommandFactor::EnemyNear) });
    }
    match (o.formation, o.on_road) {
        (Formation::AttackColumn, _) => out.push(Factor { rule: "BP:L19", what: "attack column", value: c.command_modifier(CommandFactor::AttackColumn) }),
        (Formation::MarchColumn | Formation::Limbered, false) => {
            out.push(Factor { rule: "BP:L20", what: "march column or limbered, off roads", value: c.command_modifier(CommandFactor::MarchColumnOffRoad) });
        }
        (Formation::MarchColumn | Formation::Limbered, true) => {
            out.push(Factor { rule: "BP:L21", what: "march column or limbered, on a road", value: c.command_modifier(CommandFactor::MarchColumnOnRoad) });
        }
        _ => {}
    }
    for trait_ in o.traits {
        if let TraitEffect::CommandModifier(value) = t.traits.effect(*trait_) {
            out.push(Factor { rule: "BP:L320", what: "reliable", value: *value });
        }
    }
    out
}

/// What a command roll gives (HB-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum CommandResult {
    /// The order succeeds: this many moves (1 to 3).
    Moves(u8),
    /// The roll is over the rating: the commander gives no more orders this turn.
    Failed,
    /// A double 6, whatever the rating (BP:L156–182 then say what the unit does).
    Blunder,
    /// An Unreliable unit rolled a double (not a blunder): it does not move, and the order is not a
    /// failed one, so the commander goes on, even if the roll was over the rating (BP:L327, HB-3).
    Stalled,
}

/// The roll of `faces` against `staff` + `factors` (HB-3: succeeds iff 2d6 is at most the rating).
pub fn command_result(staff: u8, factors: &[Factor], faces: [u8; 2], traits: &[Trait]) -> CommandResult {
    let c = &tables().command;
    if c.is_blunder(faces[0], faces[1]) {
        return CommandResult::Blunder;
    }
    let stalls = faces[0] == faces[1] && traits.iter().any(|t| matches!(tables().traits.effect(*t), TraitEffect::NoMoveOnDouble));
    if stalls {
        return CommandResult::Stalled;
    }
    let rating = i32::from(staff) + Factor::total(factors);
    match c.moves_granted(faces[0] + faces[1], rating) {
        0 => CommandResult::Failed,
        n => CommandResult::Moves(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ordered(from_commander: u32, nearest_enemy: Option<u32>, formation: Formation) -> Ordered<'static> {
        Ordered { from_commander, nearest_enemy, formation, on_road: false, traits: &[] }
    }

    fn rules(factors: &[Factor]) -> Vec<(&'static str, i8)> {
        factors.iter().map(|f| (f.rule, f.value)).collect()
    }

    #[test]
    fn the_modifiers_of_an_order() {
        assert!(command_factors(&ordered(0, None, Formation::Line)).is_empty());
        assert!(command_factors(&ordered(2, Some(4), Formation::Line)).is_empty(), "a gap of 6\" and an enemy 18\" away cost nothing");
        assert_eq!(rules(&command_factors(&ordered(3, Some(3), Formation::Line))), [("BP:L17", -1), ("BP:L18", -1)], "12\" of gap; an enemy within 12\" (B.3.1: d <= 3)");
        assert_eq!(rules(&command_factors(&ordered(5, None, Formation::AttackColumn))), [("BP:L17", -2), ("BP:L19", 1)]);
        assert_eq!(rules(&command_factors(&ordered(1, None, Formation::MarchColumn))), [("BP:L20", 1)]);
        let on_road = Ordered { on_road: true, ..ordered(1, None, Formation::Limbered) };
        assert_eq!(rules(&command_factors(&on_road)), [("BP:L21", 2)]);
        let marauders = Ordered { traits: &[Trait::Marauders], ..ordered(9, None, Formation::Line) };
        assert!(command_factors(&marauders).is_empty(), "BP:L326: Marauders ignore the distance");
        let reliable = Ordered { traits: &[Trait::Reliable], ..ordered(1, None, Formation::Line) };
        assert_eq!(rules(&command_factors(&reliable)), [("BP:L320", 1)]);
    }

    #[test]
    fn the_roll_against_the_rating() {
        let none: &[Trait] = &[];
        assert_eq!(command_result(8, &[], [4, 4], none), CommandResult::Moves(1), "HB-3: equal to the rating, 1 move");
        assert_eq!(command_result(8, &[], [3, 4], none), CommandResult::Moves(2), "one under, 2");
        assert_eq!(command_result(8, &[], [1, 2], none), CommandResult::Moves(3), "two or more under, 3");
        assert_eq!(command_result(8, &[], [5, 4], none), CommandResult::Failed);
        let minus_two = [Factor { rule: "BP:L17", what: "", value: -2 }];
        assert_eq!(command_result(8, &minus_two, [3, 4], none), CommandResult::Failed, "7 over 6");
        assert_eq!(command_result(12, &[], [6, 6], none), CommandResult::Blunder, "a double 6 whatever the rating");
        assert_eq!(command_result(8, &[], [2, 2], &[Trait::Unreliable]), CommandResult::Stalled, "BP:L327: a double, the order not failed");
        assert_eq!(command_result(8, &[], [6, 6], &[Trait::Unreliable]), CommandResult::Blunder, "a double 6 is a blunder first");
        assert_eq!(command_result(8, &[], [5, 5], &[Trait::Unreliable]), CommandResult::Stalled, "HB-3: any double, over the rating too");
    }
}
