//! The odds shown before a command, from the rules themselves: an order's chances of each number
//! of moves, of failing and of blundering, counted over the 36 rolls; a shot's and a charge's
//! outcomes, sampled through the real resolution with dice of their own.

use super::command::Command;
use super::data::{BreakResult, Trait};
use super::event::Event;
use super::melee;
use super::order::{CommandResult, command_result};
use super::resolve::{execute, unit_factors};
use super::state::Step;
use super::unit::B;
use crate::battle::agenda;
use crate::battle::look::{Line, Preview};
use crate::battle::{Dice, Factor, Side};

/// Rolls sampled for a shot or a charge.
pub const SAMPLES: u64 = 300;

fn percent(n: u32, of: u32) -> String {
    format!("{:.0}%", f64::from(n) * 100.0 / f64::from(of.max(1)))
}

/// What an order may give (HB-3): over the 36 rolls of 2d6 against the worst unit's rating.
pub fn order_odds(b: &B, commander: u32, units: &[crate::battle::UnitId]) -> Option<Preview> {
    let c = b.global.commander(commander)?;
    let factors = units.iter().filter_map(|id| b.unit(*id)).map(|u| unit_factors(b, c.hex, u)).min_by_key(|f| Factor::total(f)).unwrap_or_default();
    // HB-3: on a double that is not a blunder the Unreliable stand still; if the order is theirs
    // alone, the roll's moves go to nobody.
    let unreliable: Vec<&str> = units.iter().filter_map(|id| b.unit(*id)).filter(|u| u.state.has(Trait::Unreliable)).map(|u| &*u.state.name).collect();
    let all_unreliable = unreliable.len() == units.len();
    let (mut counts, mut stalls) = ([0u32; 5], 0u32);
    for a in 1..=6 {
        for d in 1..=6 {
            let result = command_result(c.staff, &factors, [a, d], &[]);
            let stalled = !unreliable.is_empty() && a == d && result != CommandResult::Blunder;
            stalls += u32::from(stalled);
            if stalled && all_unreliable {
                continue;
            }
            let slot = match result {
                CommandResult::Moves(n) => usize::from(n.min(3)),
                CommandResult::Failed | CommandResult::Stalled => 0,
                CommandResult::Blunder => 4,
            };
            counts[slot] += 1;
        }
    }
    let rating = i32::from(c.staff) + Factor::total(&factors);
    let mut lines = vec![Line::heading(format!("Order: 2d6 against {rating} (staff {}{})", c.staff, factors.iter().map(|f| format!(", {:+} {}", f.value, f.what)).collect::<String>()))];
    lines.push(Line::plain(format!("3 moves {} · 2 moves {} · 1 move {}", percent(counts[3], 36), percent(counts[2], 36), percent(counts[1], 36))));
    lines.push(Line::plain(format!("fails {} · blunders {}", percent(counts[0], 36), percent(counts[4], 36))));
    if stalls > 0 {
        lines.push(Line::plain(format!("Unreliable ({}): stands still on a double {}", unreliable.join(", "), percent(stalls, 36))));
    }
    Some(Preview { lines })
}

/// How a sampled resolution went for the two units.
#[derive(Default)]
struct Tally {
    casualties: u32,
    tested: u32,
    broke: u32,
    retired: u32,
    won: u32,
    drew: u32,
    own_broke: u32,
}

fn tally(t: &mut Tally, events: &[Event], by: crate::battle::UnitId, target: crate::battle::UnitId, side: Side) {
    for e in events {
        match e {
            Event::Volley(v) if v.target == target => t.casualties += u32::from(v.casualties),
            Event::BreakTest { unit, result, .. } if *unit == target => {
                t.tested += 1;
                match result {
                    BreakResult::Break => t.broke += 1,
                    BreakResult::Retire => t.retired += 1,
                    BreakResult::Hold => {}
                }
            }
            Event::Destroyed { unit, .. } if *unit == by => t.own_broke += 1,
            Event::MeleeResult { winner, .. } => match winner {
                Some(w) if *w == side => t.won += 1,
                Some(_) => {}
                None => t.drew += 1,
            },
            _ => {}
        }
    }
}

/// A shot's odds: the casualties to expect and the chances of a test and of each result.
pub fn shot_odds(b: &B, command: &Command) -> Option<Preview> {
    let Command::Shoot { unit, target } = command else { return None };
    let side = b.unit(*unit)?.side;
    let mut t = Tally::default();
    for seed in 0..SAMPLES {
        let mut dice = Dice::new(seed);
        let events = agenda::run(b, &mut dice, |ctx| {
            execute(ctx, command);
            agenda::play_out(ctx, 0);
        });
        tally(&mut t, &events, *unit, *target, side);
    }
    let n = u32::try_from(SAMPLES).unwrap_or(1);
    Some(Preview {
        lines: vec![
            Line::heading(format!("Odds over {SAMPLES} rolls")),
            Line::plain(format!("{:.1} casualties on average · a break test {}", f64::from(t.casualties) / f64::from(n), percent(t.tested, n))),
            Line::plain(format!("it breaks {} · it retires {}", percent(t.broke, n), percent(t.retired, n))),
        ],
    })
}

/// A charge's odds: the target standing, then the melee fought at once (its answer may change
/// them: closing fire, a square, an evade).
pub fn charge_odds(b: &B, command: &Command) -> Option<Preview> {
    let Command::Charge { unit, target, .. } = command else { return None };
    let depth = b.global.agenda.len() - usize::from(matches!(b.global.agenda.last(), Some(Step::Blunder { .. })));
    let side = b.unit(*unit)?.side;
    let mut t = Tally::default();
    for seed in 0..SAMPLES {
        let mut dice = Dice::new(seed);
        let events = agenda::run(b, &mut dice, |ctx| {
            // The answer is the rules' default (Stand, where the target may), then the melee;
            // a blunder's charge takes its decision off the agenda, the steps below it stay.
            execute(ctx, command);
            agenda::play_out(ctx, depth);
            if let Some(group) = melee::melees(&ctx.b).into_iter().find(|g| g.contains(unit)) {
                melee::fight(ctx, &group);
                agenda::play_out(ctx, depth);
            }
        });
        tally(&mut t, &events, *unit, *target, side);
    }
    let n = u32::try_from(SAMPLES).unwrap_or(1);
    let lost = n - t.won - t.drew;
    Some(Preview {
        lines: vec![
            Line::heading(format!("If it stands and fights this turn ({SAMPLES} rolls)")),
            Line::plain(format!("win {} · draw {} · lose {}", percent(t.won, n), percent(t.drew, n), percent(lost, n))),
            Line::plain(format!("the target breaks {} · retires {} · {:.1} casualties", percent(t.broke, n), percent(t.retired, n), f64::from(t.casualties) / f64::from(n))),
            Line::plain(format!("your unit breaks {}", percent(t.own_broke, n))),
        ],
    })
}

pub fn preview(b: &B, c: &Command) -> Option<Preview> {
    match c {
        Command::Order { commander, units } => order_odds(b, *commander, units),
        Command::Shoot { .. } => shot_odds(b, c),
        Command::Charge { .. } => charge_odds(b, c),
        _ => None,
    }
}
