//! Thucydide's six-faced combat die and what each face does against each armour colour
//! (seed, "Résultat des dés" and "Résumé des touches selon l'armure").

use super::data::Armour;
use crate::battle::Dice;
use serde::{Deserialize, Serialize};

/// The faces in the seed's order; a forced face `n` in a replay is the n-th of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Face {
    GreenHit,
    Flag,
    BlueHit,
    OrderLetter,
    RedHit,
    TacticalAdvantage,
}

impl Face {
    pub const ALL: [Face; 6] = [
        Face::GreenHit,
        Face::Flag,
        Face::BlueHit,
        Face::OrderLetter,
        Face::RedHit,
        Face::TacticalAdvantage,
    ];

    pub fn roll(dice: &mut Dice) -> Face {
        Face::ALL[usize::from(dice.roll(6) - 1)]
    }

    /// Whether this hit face hits troops of this armour, before any confirmation roll.
    pub fn hits(self, armour: Armour) -> bool {
        match self {
            Face::GreenHit => armour <= Armour::Green,
            Face::BlueHit => armour <= Armour::Blue,
            Face::RedHit => true,
            _ => false,
        }
    }

    /// A confirmation roll against very heavy troops succeeds on any hit face, green at least.
    pub fn confirms(self) -> bool {
        matches!(self, Face::GreenHit | Face::BlueHit | Face::RedHit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces_hitting(armour: Armour) -> usize {
        Face::ALL.iter().filter(|f| f.hits(armour)).count()
    }

    #[test]
    fn hit_faces_by_armour_match_the_seed() {
        // Yellow: 3 hit faces plus the tactical advantage (4 faces, handled by the advantage table).
        assert_eq!(faces_hitting(Armour::Yellow), 3);
        assert_eq!(faces_hitting(Armour::Green), 3);
        assert_eq!(faces_hitting(Armour::Blue), 2);
        assert_eq!(faces_hitting(Armour::Red), 1);
        // Black: the red face, then a confirmation succeeding on 3 faces of 6 (1/2 face).
        assert_eq!(faces_hitting(Armour::Black), 1);
        assert_eq!(Face::ALL.iter().filter(|f| f.confirms()).count(), 3);
    }

    #[test]
    fn reversed_armour_swaps_colours() {
        assert_eq!(Armour::Black.reversed(), Armour::Yellow);
        assert_eq!(Armour::Green.reversed(), Armour::Red);
        assert_eq!(Armour::Blue.reversed(), Armour::Blue);
    }

    #[test]
    fn forced_faces_follow_the_seed_order() {
        let mut d = Dice::with_forced(0, &[1, 2, 3, 4, 5, 6]);
        let faces: Vec<Face> = (0..6).map(|_| Face::roll(&mut d)).collect();
        assert_eq!(faces, Face::ALL);
    }
}
