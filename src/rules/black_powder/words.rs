//! Black Powder in words: the log line of each event and the rule it applied, a command's label
//! and its short terminal code, and the status line.

use super::command::Command;
use super::data::{BlunderDirection, BlunderResult, BreakResult, Formation, TestLetter, Trait};
use super::event::{Event, Factor, MoveKind, VolleyKind};
use super::order::CommandResult;
use super::state::{Phase, Response};
use super::unit::B;
use crate::battle::look::capitalised;
use crate::battle::{Side, UnitId};
use crate::hex::{Direction, Hex, Offset, coords};

pub fn name(b: &B, id: UnitId) -> String {
    b.unit(id).map_or_else(|| format!("unit {}", id.0), |u| u.state.name.to_string())
}

pub fn side_name(b: &B, side: Side) -> String {
    b.sides[side.index()].name.clone()
}

pub fn commander_name(b: &B, id: u32) -> String {
    b.global.commander(id).map_or_else(|| format!("commander {id}"), |c| c.name.to_string())
}

pub fn at(h: Hex) -> String {
    let Offset(c, r) = Offset::from_hex(h);
    format!("({c}, {r})")
}

pub fn formation(f: Formation) -> &'static str {
    match f {
        Formation::Line => "line",
        Formation::AttackColumn => "attack column",
        Formation::MarchColumn => "march column",
        Formation::MixedOrder => "mixed order",
        Formation::Square => "square",
        Formation::Skirmish => "skirmish order",
        Formation::Band => "bands",
        Formation::Limbered => "limbered",
        Formation::Unlimbered => "unlimbered",
    }
}

pub fn direction(d: Direction) -> &'static str {
    match d {
        Direction::N => "north",
        Direction::NE => "north-east",
        Direction::SE => "south-east",
        Direction::S => "south",
        Direction::SW => "south-west",
        Direction::NW => "north-west",
    }
}

pub fn response(r: Response) -> &'static str {
    match r {
        Response::Stand => "stand",
        Response::ClosingFire => "closing fire",
        Response::Evade => "evade",
        Response::CounterCharge => "counter-charge",
        Response::FormSquare => "form square",
        Response::ChangeFacing => "change facing",
    }
}

pub fn result(r: BreakResult) -> &'static str {
    match r {
        BreakResult::Break => "breaks",
        BreakResult::Retire => "retires",
        BreakResult::Hold => "holds",
    }
}

fn blunder(r: BlunderResult) -> &'static str {
    match r {
        BlunderResult::RapidRetreat => "rapid retreat",
        BlunderResult::Retreat => "retreat",
        BlunderResult::MoveLeft => "move to the left",
        BlunderResult::MoveRight => "move to the right",
        BlunderResult::MoveForward => "move forward",
        BlunderResult::Charge => "charge!",
    }
}

pub fn trait_name(t: Trait) -> &'static str {
    match t {
        Trait::Brave => "Brave",
        Trait::HeavyCavalry => "Heavy cavalry",
        Trait::FerociousCharge => "Ferocious charge",
        Trait::TerrifyingCharge => "Terrifying charge",
        Trait::ToughFighters => "Tough fighters",
        Trait::Elite => "Elite",
        Trait::Fanatics => "Fanatics",
        Trait::Reliable => "Reliable",
        Trait::FormSquare => "Form square",
        Trait::Wavering => "Wavering",
        Trait::DeterminedCharge => "Determined charge",
        Trait::Lancers => "Lancers",
        Trait::FreshlyRaised => "Freshly raised",
        Trait::Marauders => "Marauders",
        Trait::Unreliable => "Unreliable",
        Trait::Untested => "Untested",
        Trait::Stubborn => "Stubborn",
        Trait::FirstFire => "First fire",
        Trait::Bloodthirsty => "Bloodthirsty",
        Trait::Steady => "Steady",
        Trait::SuperblyDrilled => "Superbly drilled",
        Trait::SharpShooter => "Sharp shooter",
        Trait::Valiant => "Valiant",
        Trait::Crack => "Crack",
    }
}

pub fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Opening => "set-up",
        Phase::Initiative => "initiative moves",
        Phase::Orders => "orders",
        Phase::Shooting => "shooting",
        Phase::HandToHand => "hand-to-hand",
    }
}

fn faces(f: &[u8]) -> String {
    f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn signed(f: &[Factor]) -> String {
    if f.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = f.iter().map(|x| format!("{:+} {}", x.value, x.what)).collect();
    format!(" ({})", parts.join(", "))
}

fn units(b: &B, ids: &[UnitId]) -> String {
    ids.iter().map(|id| name(b, *id)).collect::<Vec<_>>().join(", ")
}

fn plural(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The log line of an event, read against the battle before it.
pub fn event_line(b: &B, e: &Event) -> Option<String> {
    Some(match e {
        Event::TurnStarted { turn, side } => format!("Turn {turn}: {} to play", side_name(b, *side)),
        Event::PhaseStarted { phase: p } => format!("{} phase", capitalised(phase(*p))),
        Event::EliteRolled { unit, face, recovered } => format!("{} (Elite) rolls {face}: {}", name(b, *unit), if *recovered { "no longer disordered" } else { "still disordered" }),
        Event::BraveRolled { unit, face, rallied } => format!("{} (Brave) rolls {face}: {}", name(b, *unit), if *rallied { "rallies a casualty" } else { "does not rally" }),
        Event::MovesGranted { units: list, moves, rule } => {
            if list.is_empty() {
                return None;
            }
            if *moves == 0 {
                format!("{}: no move", units(b, list))
            } else if rule.starts_with("HB-5") {
                format!("{} may make an initiative move", units(b, list))
            } else {
                format!("{}: {}", units(b, list), plural(*moves, "move", "moves"))
            }
        }
        Event::OrderRolled { commander, units: list, faces: f, staff, factors, result } => {
            let rating = i32::from(*staff) + Factor::total(factors);
            let outcome = match result {
                CommandResult::Moves(n) => plural(*n, "move", "moves"),
                CommandResult::Failed => "the order fails".into(),
                CommandResult::Blunder => "BLUNDER".into(),
                CommandResult::Stalled => "a double: the Unreliable stand still".into(),
            };
            format!("{} orders {}: rolls {} + {} = {} against {rating}{} — {outcome}", commander_name(b, *commander), units(b, list), f[0], f[1], f[0] + f[1], signed(factors))
        }
        Event::Blundered { units: list, face, result, moves, .. } => format!("Blunder d6 {face}: {} — {} {}", blunder(*result), units(b, list), plural(*moves, "move", "moves")),
        Event::Moved { unit, path, kind, .. } => {
            let to = path.last().map_or(String::new(), |h| at(*h));
            let verb = match kind {
                MoveKind::Move => "moves to",
                MoveKind::Charge => "charges in at",
                MoveKind::Blunder => "blunders to",
                MoveKind::Evade => "evades to",
                MoveKind::Retire => "retires to",
                MoveKind::Advance => "advances to",
            };
            format!("{} {verb} {to}", name(b, *unit))
        }
        Event::Formed { unit, formation: f, .. } => format!("{} forms {}", name(b, *unit), formation(*f)),
        Event::Faced { unit, facing, .. } => format!("{} turns to face {}", name(b, *unit), direction(*facing)),
        Event::Rallied { unit } => format!("{} rallies a casualty", name(b, *unit)),
        Event::Halted { .. } => return None,
        Event::CommanderRode { commander, to, .. } => format!("{} rides to {}", commander_name(b, *commander), at(*to)),
        Event::ChargeDeclared { unit, target, .. } => format!("{} charges {}!", name(b, *unit), name(b, *target)),
        Event::Responded { unit, response: r } => format!("{} answers: {}", name(b, *unit), response(*r)),
        Event::ChargeStopped { unit, .. } => format!("{}'s charge does not go in", name(b, *unit)),
        Event::ChargeBonusLost { unit, .. } => format!("{} loses its charge bonus", name(b, *unit)),
        Event::FreshlyRaised { unit, face, becomes } => {
            let what = becomes.map_or("nothing changes".to_string(), |t| format!("it is {} for the battle", trait_name(t)));
            format!("{} (Freshly raised) rolls {face}: {what}", name(b, *unit))
        }
        Event::StaminaRolled { unit, face, stamina } => format!("{} (Untested) rolls {face}: stamina {stamina}", name(b, *unit)),
        Event::Volley(v) => {
            let verb = match v.kind {
                VolleyKind::Shooting => "shoots at",
                VolleyKind::ClosingFire => "gives closing fire at",
                VolleyKind::Melee => "strikes",
            };
            let rerolls = if v.rerolls.is_empty() { String::new() } else { format!(", again {}", faces(&v.rerolls)) };
            let saves = if v.saves.is_empty() { String::new() } else { format!("; saves {}", faces(&v.saves)) };
            let save_again = if v.save_rerolls.is_empty() { String::new() } else { format!(", again {}", faces(&v.save_rerolls)) };
            let disorder = if v.disorders { " — a 6: disordered" } else { "" };
            format!(
                "{} {verb} {}: {} [{}{rerolls}]{}, {}{saves}{save_again}: {}{disorder}",
                name(b, v.by),
                name(b, v.target),
                plural(v.dice, "die", "dice"),
                faces(&v.faces),
                signed(&v.to_hit),
                plural(v.hits, "hit", "hits"),
                plural(v.casualties, "casualty", "casualties"),
            )
        }
        Event::MeleeResult { units: sides, totals, winner, .. } => {
            let outcome = match winner {
                Some(w) => format!("{} win", side_name(b, *w)),
                None => "a draw: the melee goes on".into(),
            };
            format!("Melee {} against {}: {} to {} — {outcome}", units(b, &sides[0]), units(b, &sides[1]), totals[0], totals[1])
        }
        Event::BreakTest { unit, test, faces: f, factors, total, result: r, note } => {
            if f == &[0, 0] {
                format!("{} passes its first break test (Steady)", name(b, *unit))
            } else {
                let again = if note.is_some() { " again (Valiant)" } else { "" };
                format!("{} takes break test {}{again}: {} + {}{} = {total} — {}", name(b, *unit), letter(*test), f[0], f[1], signed(factors), result(*r))
            }
        }
        Event::Disorder { unit, on, .. } => format!("{} {}", name(b, *unit), if *on { "is disordered" } else { "is no longer disordered" }),
        Event::CasualtiesReset { unit, casualties } => format!("{} steadies at {casualties} casualties", name(b, *unit)),
        Event::Destroyed { unit, .. } => format!("{} is broken and leaves the field", name(b, *unit)),
        Event::RoundWon { .. } | Event::AgendaChanged { .. } => return None,
        Event::BrigadeBroken { brigade } => {
            let n = b.global.brigades.iter().find(|x| x.id == *brigade).map_or(String::new(), |x| x.name.to_string());
            format!("{n} is broken (HB-21)")
        }
        Event::BattleEnded { outcome } => match outcome.winner {
            Some(w) => format!("{} win: {}", side_name(b, w), outcome.reason),
            None => format!("A draw: {}", outcome.reason),
        },
    })
}

pub fn letter(t: TestLetter) -> &'static str {
    match t {
        TestLetter::A => "A",
        TestLetter::B => "B",
        TestLetter::C => "C",
        TestLetter::D => "D",
        TestLetter::E => "E",
    }
}

fn rules_of(f: &[Factor]) -> Vec<&'static str> {
    f.iter().map(|x| x.rule).collect()
}

/// The rules an event applied, as the seed names them.
pub fn event_rule(_b: &B, e: &Event) -> Option<String> {
    let list: Vec<&str> = match e {
        Event::TurnStarted { .. } => vec!["BP:L7–11 (Séquence de jeu)"],
        Event::PhaseStarted { phase: p } => match p {
            Phase::Initiative => vec!["BP:L9", "HB-5"],
            Phase::Orders => vec!["BP:L9", "HB-3"],
            Phase::Shooting => vec!["BP:L10"],
            Phase::HandToHand => vec!["BP:L11"],
            Phase::Opening => return None,
        },
        Event::EliteRolled { .. } => vec!["BP:L318 (Elite)", "HB-14"],
        Event::BraveRolled { .. } => vec!["BP:L313 (Brave)", "HB-15"],
        Event::MovesGranted { rule, .. } => vec![rule],
        Event::OrderRolled { factors, .. } => {
            let mut v = vec!["HB-3 (2d6 against the staff rating)", "BP:L13–21"];
            v.extend(rules_of(factors));
            v
        }
        Event::Blundered { .. } => vec!["BP:L156–182 (Bourde)"],
        Event::Moved { kind, .. } => match kind {
            MoveKind::Move => vec!["BP:L23–42", "HB-6"],
            MoveKind::Charge => vec!["HB-7"],
            MoveKind::Blunder => vec!["BP:L156–182"],
            MoveKind::Evade => vec!["BP:L214–222 (Évitement)"],
            MoveKind::Retire => vec!["BP:L152 (Reculé)"],
            MoveKind::Advance => vec!["HB-13 (the winner takes the ground the loser left)"],
        },
        Event::Formed { rule, .. } => vec![rule, "BP:L126–132"],
        Event::Faced { rule, .. } => vec![rule],
        Event::Rallied { .. } => vec!["HB-16"],
        Event::CommanderRode { rule, .. } => vec![rule, "BP:L31–32"],
        Event::ChargeDeclared { .. } => vec!["HB-7"],
        Event::Responded { .. } => vec!["HB-8", "BP:L214–232"],
        Event::ChargeStopped { reason, .. } => vec![reason],
        Event::ChargeBonusLost { rule, .. } => vec![rule],
        Event::FreshlyRaised { .. } => vec!["BP:L325 (Freshly raised)", "HB-19"],
        Event::StaminaRolled { .. } => vec!["BP:L328 (Untested)"],
        Event::Volley(v) => {
            let mut out: Vec<&str> = match v.kind {
                VolleyKind::Melee => vec!["BP:L79–87", "HB-12"],
                VolleyKind::Shooting => vec!["BP:L94–118", "HB-10"],
                VolleyKind::ClosingFire => vec!["BP:L114 (closing fire)", "HB-8"],
            };
            out.extend(v.dice_rules.iter().copied());
            out.extend(rules_of(&v.to_hit));
            out.extend(v.reroll_rule);
            out.push("BP:L44–55 (saves)");
            out.extend(rules_of(&v.save_factors));
            out.extend(v.save_reroll_rule);
            out
        }
        Event::MeleeResult { factors, .. } => {
            let mut v = vec!["BP:L89–92", "HB-12"];
            v.extend(rules_of(&factors[0]));
            v.extend(rules_of(&factors[1]));
            v
        }
        Event::BreakTest { test, factors, note, .. } => {
            let mut v = vec![match test {
                TestLetter::A => "BP:L142 (test A)",
                TestLetter::B => "BP:L143 (test B)",
                TestLetter::C => "BP:L144 (test C)",
                TestLetter::D => "BP:L145 (test D)",
                TestLetter::E => "BP:L146 (test E)",
            }];
            v.push("BP:L65–77");
            v.extend(rules_of(factors));
            v.extend(*note);
            v
        }
        Event::Disorder { rule, .. } => vec![rule],
        Event::CasualtiesReset { .. } => vec!["HB-11"],
        Event::Destroyed { rule, .. } => vec![rule],
        Event::BrigadeBroken { .. } | Event::BattleEnded { .. } => vec!["HB-21"],
        Event::Halted { .. } | Event::RoundWon { .. } | Event::AgendaChanged { .. } => return None,
    };
    let mut list = list;
    list.dedup();
    Some(list.join("; "))
}

/// A constrained move, in a player's terms.
pub fn path_kind(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Retire => "retires a full move (BP8.8)",
        MoveKind::Evade => "evades a full move (BP12)",
        MoveKind::Blunder => "makes its blunder's move (BP9)",
        MoveKind::Advance => "may advance into the ground the loser left (HB-13)",
        MoveKind::Move | MoveKind::Charge => "moves",
    }
}

/// Where a blunder sends a unit, in a player's terms.
pub fn blunder_way(d: BlunderDirection) -> &'static str {
    match d {
        BlunderDirection::AwayFromEnemy => "away from the enemy",
        BlunderDirection::Left => "to the left",
        BlunderDirection::Right => "to the right",
        BlunderDirection::Forward => "forward",
    }
}

/// What a command asks for, in a player's terms.
pub fn command_label(b: &B, c: &Command) -> String {
    match c {
        Command::Order { commander, units: list } => format!("{} orders {}", commander_name(b, *commander), units(b, list)),
        Command::Move { unit, to, facing } => format!("{}: move to {} facing {}", name(b, *unit), at(*to), direction(*facing)),
        Command::Charge { unit, target, to } => format!("{}: charge {} from {}", name(b, *unit), name(b, *target), at(*to)),
        Command::Form { unit, formation: f } => format!("{}: form {}", name(b, *unit), formation(*f)),
        Command::Face { unit, facing } => format!("{}: face {}", name(b, *unit), direction(*facing)),
        Command::Rally { unit } => format!("{}: rally a casualty", name(b, *unit)),
        Command::Halt { unit } => format!("{}: stop moving", name(b, *unit)),
        Command::Ride { commander, to } => {
            let with = b.unit_at(*to).map_or(String::new(), |u| format!(" to {}", u.state.name));
            format!("{} rides{with} at {}", commander_name(b, *commander), at(*to))
        }
        Command::Shoot { unit, target } => format!("{}: shoot at {}", name(b, *unit), name(b, *target)),
        Command::Respond { response: r } => capitalised(response(*r)),
        Command::Path { unit, to } if b.unit(*unit).and_then(|u| u.hex) == Some(*to) => format!("{}: stays where it is", name(b, *unit)),
        Command::Path { unit, to } => format!("{}: to {}", name(b, *unit), at(*to)),
        Command::Valiant { reroll: true } => "Take the test again (Valiant); the second result stands".into(),
        Command::Valiant { reroll: false } => "Keep the result".into(),
        Command::EndPhase => format!("End the {} phase", phase(b.global.phase)),
    }
}

fn formation_code(f: Formation) -> &'static str {
    match f {
        Formation::Line => "line",
        Formation::AttackColumn => "col",
        Formation::MarchColumn => "march",
        Formation::MixedOrder => "mixed",
        Formation::Square => "square",
        Formation::Skirmish => "skirm",
        Formation::Band => "band",
        Formation::Limbered => "limber",
        Formation::Unlimbered => "unlimber",
    }
}

/// The short code a player types at the terminal; it names everything its command holds.
pub fn command_code(c: &Command) -> String {
    match c {
        Command::Order { commander, units: list } => format!("o {commander} {}", list.iter().map(|u| u.0.to_string()).collect::<Vec<_>>().join("+")),
        Command::Move { unit, to, facing } => format!("m {} {} {}", unit.0, coords::code(*to), facing.code()),
        Command::Charge { unit, target, to } => format!("c {} {} {}", unit.0, target.0, coords::code(*to)),
        Command::Form { unit, formation: f } => format!("f {} {}", unit.0, formation_code(*f)),
        Command::Face { unit, facing } => format!("t {} {}", unit.0, facing.code()),
        Command::Rally { unit } => format!("r {}", unit.0),
        Command::Halt { unit } => format!("h {}", unit.0),
        Command::Ride { commander, to } => format!("ride {commander} {}", coords::code(*to)),
        Command::Shoot { unit, target } => format!("s {} {}", unit.0, target.0),
        Command::Respond { response: r } => format!("resp {}", response(*r).replace(' ', "-")),
        Command::Path { unit, to } => format!("p {} {}", unit.0, coords::code(*to)),
        Command::Valiant { reroll } => (if *reroll { "valiant reroll" } else { "valiant keep" }).into(),
        Command::EndPhase => "end".into(),
    }
}

/// The unit a command sets moving, under which the terminal lists it; orders, rides and answers
/// belong to the whole side.
pub fn command_unit(c: &Command) -> Option<UnitId> {
    match c {
        Command::Move { unit, .. }
        | Command::Charge { unit, .. }
        | Command::Form { unit, .. }
        | Command::Face { unit, .. }
        | Command::Rally { unit }
        | Command::Halt { unit }
        | Command::Shoot { unit, .. }
        | Command::Path { unit, .. } => {
            Some(*unit)
        }
        Command::Order { .. } | Command::Ride { .. } | Command::Respond { .. } | Command::Valiant { .. } | Command::EndPhase => None,
    }
}

/// The status line: the phase, the brigades broken on each side, and in the Command phase the
/// units of the side to play not yet ordered nor moved (HB-3), the first few by name.
pub fn status(b: &B) -> Vec<String> {
    let mut out = vec![capitalised(phase(b.global.phase))];
    for s in Side::BOTH {
        let (broken, all) = b.global.broken_brigades(s);
        out.push(format!("{}: {broken} of {all} brigades broken", side_name(b, s)));
    }
    out.extend(without_orders(b));
    out
}

fn without_orders(b: &B) -> Option<String> {
    let side = super::legal::deciding_side(b).filter(|_| b.global.phase == Phase::Orders && b.global.agenda.is_empty())?;
    let waiting: Vec<String> = b.on_board().filter(|u| u.side == side && !u.state.ordered && !super::unit::engaged(b, u)).map(|u| u.state.name.to_string()).collect();
    crate::battle::look::named_few("Without orders", &waiting)
}
