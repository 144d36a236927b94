//! What a hex is made of: its ground, whether a road crosses it, and its hill level.
//!
//! Scenarios write a hex as a short token: a ground letter, then `=` when a road crosses it, then a
//! digit for the hill level. `.` open, `f` forest, `m` marsh, `r` rocky, `b` buildings,
//! `x` fortification, `w` river, `s` stream. So `f=` is a road through a forest, `.2` open ground on a
//! level-2 hill and `w=` a bridge.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ground {
    Open,
    Forest,
    Marsh,
    Rocky,
    Buildings,
    Fortification,
    River,
    Stream,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Terrain {
    pub ground: Ground,
    /// A road crosses the hex; the ground it crosses stays what it is.
    pub road: bool,
    /// Hill level: 0 is the plain.
    pub level: u8,
}

impl Default for Terrain {
    fn default() -> Self {
        Terrain {
            ground: Ground::Open,
            road: false,
            level: 0,
        }
    }
}

impl Ground {
    const LETTERS: [(char, Ground); 8] = [
        ('.', Ground::Open),
        ('f', Ground::Forest),
        ('m', Ground::Marsh),
        ('r', Ground::Rocky),
        ('b', Ground::Buildings),
        ('x', Ground::Fortification),
        ('w', Ground::River),
        ('s', Ground::Stream),
    ];

    pub fn letter(self) -> char {
        Self::LETTERS.iter().find(|(_, g)| *g == self).map(|(c, _)| *c).unwrap_or('.')
    }

    /// The ground's name in English.
    pub fn name(self) -> &'static str {
        match self {
            Ground::Open => "open ground",
            Ground::Forest => "forest",
            Ground::Marsh => "marsh",
            Ground::Rocky => "rocky ground",
            Ground::Buildings => "buildings",
            Ground::Fortification => "fortification",
            Ground::River => "river",
            Ground::Stream => "stream",
        }
    }

    fn from_letter(c: char) -> Option<Ground> {
        Self::LETTERS.iter().find(|(l, _)| *l == c).map(|(_, g)| *g)
    }
}

impl Terrain {
    /// Parses a map token such as `.`, `f=`, `.2` or `w=1`.
    pub fn parse(token: &str) -> Result<Terrain, String> {
        let mut chars = token.chars();
        let letter = chars.next().ok_or_else(|| "empty terrain token".to_string())?;
        let ground = Ground::from_letter(letter).ok_or_else(|| {
            format!("unknown ground letter '{letter}' in '{token}' (expected one of . f m r b x w s)")
        })?;
        let mut rest: &str = chars.as_str();
        let road = rest.starts_with('=');
        if road {
            rest = &rest[1..];
        }
        let level = if rest.is_empty() {
            0
        } else {
            rest.parse::<u8>()
                .ok()
                .filter(|l| *l <= 9)
                .ok_or_else(|| format!("bad hill level '{rest}' in '{token}' (expected a digit 0-9)"))?
        };
        Ok(Terrain { ground, road, level })
    }

    /// The hex's ground in words: "forest on a level 1 hill, with a road".
    pub fn describe(&self) -> String {
        let mut s = self.ground.name().to_string();
        if self.level > 0 {
            s.push_str(&format!(" on a level {} hill", self.level));
        }
        if self.road {
            s.push_str(", with a road");
        }
        s
    }

    pub fn token(&self) -> String {
        let mut s = String::new();
        s.push(self.ground.letter());
        if self.road {
            s.push('=');
        }
        if self.level > 0 {
            s.push_str(&self.level.to_string());
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        for t in [".", "f", "f=", ".2", "w=", "s=1", "x3", "b", "m", "r"] {
            assert_eq!(Terrain::parse(t).unwrap().token(), t);
        }
    }

    #[test]
    fn bad_tokens_say_why() {
        assert!(Terrain::parse("q").unwrap_err().contains("unknown ground letter 'q'"));
        assert!(Terrain::parse(".x").unwrap_err().contains("bad hill level"));
    }
}
