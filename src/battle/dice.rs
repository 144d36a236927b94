//! The battle's one source of chance: a seeded ChaCha generator, optionally preceded by forced faces.
//!
//! Forced faces let a replay reproduce a tabletop situation exactly: each roll takes the next forced
//! face first and only then draws from the generator.

use rand::RngExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    forced: VecDeque<u8>,
    rolled: u64,
}

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: VecDeque::new(),
            rolled: 0,
        }
    }

    /// A generator whose first rolls are `faces`, in order.
    pub fn with_forced(seed: u64, faces: &[u8]) -> Dice {
        let mut dice = Dice::new(seed);
        dice.forced = faces.iter().copied().collect();
        dice
    }

    /// One die of `sides` faces, numbered from 1. A forced face larger than `sides` is folded back
    /// into range so a hand-written replay cannot produce an impossible face.
    pub fn roll(&mut self, sides: u8) -> u8 {
        self.rolled += 1;
        match self.forced.pop_front() {
            Some(face) => (face.max(1) - 1) % sides + 1,
            None => self.rng.random_range(1..=sides),
        }
    }

    /// How many dice have been rolled so far.
    pub fn rolled(&self) -> u64 {
        self.rolled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_faces() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let fa: Vec<u8> = (0..50).map(|_| a.roll(6)).collect();
        let fb: Vec<u8> = (0..50).map(|_| b.roll(6)).collect();
        assert_eq!(fa, fb);
        assert!(fa.iter().all(|f| (1..=6).contains(f)));
    }

    #[test]
    fn forced_faces_come_first() {
        let mut d = Dice::with_forced(1, &[6, 6, 2]);
        assert_eq!([d.roll(6), d.roll(6), d.roll(6)], [6, 6, 2]);
        assert_eq!(d.rolled(), 3);
    }
}
