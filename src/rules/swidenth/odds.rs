//! The odds shown before a fight, a shot or a spell, and before a move that meets a terrifying
//! creature: every face of the d20s the command rolls first (400 pairs, or 20 faces for a lone
//! die) forced in turn through the rules' own resolution, so the percentages are exact and cannot
//! drift from the rules. Decisions the command raises take the rules' default answer (the first
//! split offered, the push back); a multiple-shot weapon's odds are its first shot's.

use super::Swidenth;
use super::command::Command;
use super::data::{SpellEffect, SpellRoll, tables};
use super::duel::Harm;
use super::event::{Duel, Event};
use super::figure::B;
use super::words::{name, spell_label};
use crate::battle::agenda::{self, Agenda};
use crate::battle::look::{Line, Preview};
use crate::battle::{Dice, UnitId};

/// The dice after the forced faces (a fumble's hand, a test after a horrible wound): fixed, so a
/// position always shows the same odds; they never change the first roll's outcome counted here.
const SEED: u64 = 0x5_1de7_0dd5;

/// The events of `command` with its first d20s forced to `faces`, carried on through the
/// decisions it raises with the rules' default answers.
fn resolved(b: &B, command: &Command, faces: &[u8]) -> Vec<Event> {
    let mut dice = Dice::with_forced(SEED, faces);
    let depth = b.global.agenda.len();
    agenda::run(b, &mut dice, |ctx| {
        <Swidenth as Agenda>::execute(ctx, command);
        agenda::play_out(ctx, depth);
    })
}

/// Every face of `n` d20s, the first die slowest.
fn all_faces(n: usize) -> Vec<Vec<u8>> {
    (0..n).fold(vec![Vec::new()], |rolls: Vec<Vec<u8>>, _| {
        rolls
            .into_iter()
            .flat_map(|r| {
                (1..=20).map(move |f| {
                    let mut next = r.clone();
                    next.push(f);
                    next
                })
            })
            .collect()
    })
}

/// What the loser of a blow or a shot suffers (l. 105-114): a push back stands for the band
/// whatever the winner then chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lot {
    PushBack,
    Stun,
    Wound,
    Horrible,
    Out,
    OutHorrible,
}

const LOTS: [(Lot, &str); 6] =
    [(Lot::PushBack, "push back"), (Lot::Stun, "stun"), (Lot::Wound, "wound"), (Lot::Horrible, "horrible wound"), (Lot::Out, "out of action"), (Lot::OutHorrible, "out, horribly wounded")];

/// The loser's lot after the duel at `events[at]`: its wound or fall as the events that follow
/// record it, else its band.
fn lot(events: &[Event], at: usize, d: &Duel) -> Option<Lot> {
    let (loser, harm) = (d.loser()?, d.harm?);
    let after = &events[at + 1..];
    let end = after.iter().position(|e| matches!(e, Event::Duel(_))).unwrap_or(after.len());
    let fell = after[..end].iter().find_map(|e| match e {
        Event::OutOfAction { figure, horrible, .. } if *figure == loser => Some(if *horrible { Lot::OutHorrible } else { Lot::Out }),
        Event::Wounded { figure, horrible, .. } if *figure == loser => Some(if *horrible { Lot::Horrible } else { Lot::Wound }),
        _ => None,
    });
    Some(fell.unwrap_or(match harm {
        Harm::PushBack => Lot::PushBack,
        Harm::Stun => Lot::Stun,
        Harm::Wound => Lot::Wound,
        Harm::Horrible => Lot::Horrible,
    }))
}

/// How the rolls of a fight or a shot came out, counted by the first duel.
#[derive(Debug, Default)]
struct Tally {
    rolls: u32,
    /// By lot, when the acting figure won and when it lost (melee only).
    won: [u32; 6],
    lost: [u32; 6],
    /// A tie in melee, a miss in a shot.
    nothing: u32,
    /// The shooter or caster stunned by its own roll (a natural 1 on a spell, H-S3).
    backfired: u32,
    ranged: bool,
    target: Option<UnitId>,
    /// The group had to be split first (l. 128): the odds assume the first split offered.
    split: bool,
}

fn slot(l: Lot) -> usize {
    LOTS.iter().position(|(x, _)| *x == l).unwrap_or(0)
}

fn tally(b: &B, command: &Command) -> Option<Tally> {
    let actor = command.figure()?;
    let mut t = Tally::default();
    for faces in all_faces(2) {
        let events = resolved(b, command, &faces);
        let Some(at) = events.iter().position(|e| matches!(e, Event::Duel(_))) else { continue };
        let Event::Duel(d) = &events[at] else { continue };
        t.rolls += 1;
        t.ranged = d.kind.ranged();
        t.target = Some(d.opposing.figure);
        t.split |= events[..at].iter().any(|e| matches!(e, Event::Split(_)));
        t.backfired += u32::from(t.ranged && events.iter().any(|e| matches!(e, Event::Stunned { figure, .. } if *figure == actor)));
        match (d.winner, lot(&events, at, d)) {
            (Some(w), Some(l)) if w == actor => t.won[slot(l)] += 1,
            (Some(_), Some(l)) => t.lost[slot(l)] += 1,
            _ => t.nothing += 1,
        }
    }
    (t.rolls > 0).then_some(t)
}

fn percent(n: u32, of: u32) -> String {
    format!("{:.1}%", f64::from(n) * 100.0 / f64::from(of.max(1)))
}

/// "Win 55.0%: push back 20.0% · stun 25.0%", the lots that can happen.
fn outcome_line(head: &str, counts: &[u32; 6], of: u32) -> Line {
    let total: u32 = counts.iter().sum();
    let parts: Vec<String> = LOTS.iter().zip(counts).filter(|(_, n)| **n > 0).map(|((_, what), n)| format!("{what} {}", percent(*n, of))).collect();
    let tail = if parts.is_empty() { String::new() } else { format!(": {}", parts.join(" · ")) };
    Line::plain(format!("{head} {}{tail}", percent(total, of)))
}

fn duel_odds(b: &B, command: &Command) -> Option<Preview> {
    let t = tally(b, command)?;
    let actor = command.figure()?;
    let target = t.target.map_or_else(String::new, |id| name(b, id));
    let mut lines = vec![Line::heading(format!("{} against {target}: the {} rolls of two d20", name(b, actor), t.rolls))];
    if t.ranged {
        lines.push(outcome_line("Hit", &t.won, t.rolls));
        lines.push(Line::plain(format!("Miss {}", percent(t.nothing, t.rolls))));
        if t.backfired > 0 {
            lines.push(Line::small(format!("A natural 1 ({}): the spell fails and {} is stunned (H-S3)", percent(t.backfired, t.rolls), name(b, actor))));
        }
    } else {
        lines.push(outcome_line("Win", &t.won, t.rolls));
        lines.push(outcome_line("Lose", &t.lost, t.rolls));
        lines.push(Line::plain(format!("Tie {}: nothing happens (l. 99)", percent(t.nothing, t.rolls))));
    }
    if t.split {
        lines.push(Line::small("The group must be split first (l. 128): these odds take the first split offered"));
    }
    Some(Preview { lines })
}

/// A spell that is not a shot: d20 + Psychisme against a score or the target's roll (H-S3).
fn spell_odds(b: &B, command: &Command, dice: usize) -> Option<Preview> {
    let Command::Cast { figure, spell, target, restore } = command else { return None };
    let (mut rolls, mut works, mut backfired) = (0u32, 0u32, 0u32);
    for faces in all_faces(dice) {
        let events = resolved(b, command, &faces);
        let Some(worked) = events.iter().find_map(|e| match e {
            Event::Spell { works, .. } => Some(*works),
            _ => None,
        }) else {
            continue;
        };
        rolls += 1;
        works += u32::from(worked);
        backfired += u32::from(events.iter().any(|e| matches!(e, Event::Stunned { figure: f, .. } if f == figure)));
    }
    if rolls == 0 {
        return None;
    }
    let effect = match tables().spells.spells.iter().find(|s| s.name == *spell)?.effect {
        SpellEffect::Stun => format!("a stun token on {}", name(b, *target)),
        SpellEffect::Heal if *restore => format!("a Vitalité back for {}", name(b, *target)),
        SpellEffect::Heal => format!("{}'s stun tokens lifted", name(b, *target)),
        SpellEffect::Defence(n) => format!("Défense {n:+} for {}", name(b, *target)),
        SpellEffect::Damage(d) => format!("damage {d}"),
    };
    let mut lines = vec![
        Line::heading(format!("{}: the {rolls} rolls", spell_label(spell))),
        Line::plain(format!("Works {}: {effect}", percent(works, rolls))),
        Line::plain(format!("Fails {}", percent(rolls - works, rolls))),
    ];
    if backfired > 0 {
        lines.push(Line::small(format!("A natural 1 ({}): it fails and {} is stunned (H-S3)", percent(backfired, rolls), name(b, *figure))));
    }
    Some(Preview { lines })
}

/// A move that first comes next to a terrifying enemy: the chance of its Bravoure test (H-S4c).
fn terror_odds(b: &B, command: &Command) -> Option<Preview> {
    let tested = |events: &[Event]| {
        events.iter().find_map(|e| match e {
            Event::TerrorTest { of, test } => Some((*of, test.passed)),
            _ => None,
        })
    };
    let (of, _) = tested(&resolved(b, command, &[]))?;
    let passes = all_faces(1).iter().filter(|f| tested(&resolved(b, command, f.as_slice())).is_some_and(|(_, passed)| passed)).count();
    let passes = u32::try_from(passes).unwrap_or(0);
    Some(Preview {
        lines: vec![
            Line::heading(format!("To pass by {} (Terrifying)", name(b, of))),
            Line::plain(format!("The Bravoure test passes {}; on a failure the move stops in the hex before (H-S4c)", percent(passes, 20))),
        ],
    })
}

pub fn preview(b: &B, c: &Command) -> Option<Preview> {
    match c {
        Command::Fight { .. } | Command::Shoot { .. } => duel_odds(b, c),
        Command::Cast { spell, .. } => match tables().spells.spells.iter().find(|s| s.name == *spell)?.roll {
            SpellRoll::Shot => duel_odds(b, c),
            SpellRoll::Opposed => spell_odds(b, c, 2),
            SpellRoll::Fixed(_) => spell_odds(b, c, 1),
        },
        Command::Move { .. } | Command::Run { .. } => terror_odds(b, c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::legal::is_legal;
    use super::super::state::{Activation, First, Phase};
    use super::*;
    use crate::battle::{Ruleset, Side};
    use crate::hex::Offset;

    /// Capitaine Aldo, who did nothing first, next to Grushak in his side's rest phase.
    fn face_off() -> B {
        let scenario = crate::scenario::find_bundled("swidenth-border-patrol").expect("a bundled scenario");
        let mut b = Swidenth::setup(&scenario).expect("the scenario sets up");
        b.turn = 1;
        b.global.phase = Phase::Rest;
        b.active = Side(0);
        b.unit_mut(UnitId(1)).expect("Aldo").state.activation = Activation::Started(First::Nothing);
        b.unit_mut(UnitId(11)).expect("Grushak").hex = Some(Offset(7, 9).to_hex());
        b
    }

    #[test]
    fn a_fights_odds_count_each_pair_of_faces_once_and_ties_where_the_totals_meet() {
        let b = face_off();
        let fight = Command::Fight { figure: UnitId(1), target: UnitId(11) };
        assert!(is_legal(&b, &fight), "the fight is legal");
        let t = tally(&b, &fight).expect("a duel");
        let won: u32 = t.won.iter().sum();
        let lost: u32 = t.lost.iter().sum();
        assert_eq!((t.rolls, won + lost + t.nothing), (400, 400));
        let events = resolved(&b, &fight, &[10, 10]);
        let d = events.iter().find_map(|e| if let Event::Duel(d) = e { Some(d.clone()) } else { None }).expect("a duel");
        let without_die = |r: &super::super::event::Roll| r.total() - i32::from(r.die);
        let gap = without_die(&d.opposing) - without_die(&d.acting);
        let ties = (1..=20).flat_map(|x: i32| (1..=20).map(move |y: i32| x - y)).filter(|diff| *diff == gap).count();
        assert_eq!(t.nothing, u32::try_from(ties).expect("a count"));
        assert!(preview(&b, &fight).is_some_and(|p| p.lines.len() >= 4));
    }
}
