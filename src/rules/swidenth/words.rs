//! Swidenth in words: the log line of each event (every d20 face, each modifier, the totals, the
//! margin, the damage and the result read against Défense), the rules each line applied, a
//! command's label and its short terminal code, and the status line.

use super::command::Command;
use super::data::{SpellEffect, Trait, tables};
use super::duel::{Band, Harm};
use super::event::{Deed, Duel, DuelKind, Event, Factor, Hand, Roll, Test};
use super::figure::{self, B};
use super::state::{Activation, Phase};
use super::{aim, legal, turn};
use crate::battle::{Side, UnitId};
use crate::hex::{Hex, Offset, coords};

pub fn name(b: &B, id: UnitId) -> String {
    b.unit(id).map_or_else(|| format!("figure {}", id.0), |u| u.state.name.clone())
}

pub fn side_name(b: &B, side: Side) -> String {
    b.sides[side.index()].name.clone()
}

pub fn at(h: Hex) -> String {
    Offset::from_hex(h).to_string()
}

fn names(b: &B, ids: &[UnitId]) -> String {
    ids.iter().map(|id| name(b, *id)).collect::<Vec<_>>().join(", ")
}

/// A spell's name as the tables give it ("Trait de feu" for "fire-bolt").
pub fn spell_label(spell: &str) -> String {
    tables().spells.spells.iter().find(|s| s.name == spell).map_or_else(|| spell.to_string(), |s| s.label.clone())
}

pub fn door_name(b: &B, door: u8) -> String {
    b.global.doors.get(usize::from(door)).map_or_else(|| format!("door {door}"), |d| d.name.clone())
}

pub fn lever_name(b: &B, lever: u8) -> String {
    b.global.levers.get(usize::from(lever)).map_or_else(|| format!("lever {lever}"), |l| l.name.clone())
}

fn band_name(band: Band) -> &'static str {
    match band {
        Band::Short => "short",
        Band::Medium => "medium",
        Band::Long => "long",
    }
}

pub fn trait_name(t: Trait) -> &'static str {
    match t {
        Trait::Terrifying => "Terrifying",
        Trait::Arcing => "Shoots in an arc",
        Trait::Gigantic => "Gigantic",
    }
}

/// A d20's face, with what a natural 20 or 1 is called.
fn face(die: u8) -> String {
    match die {
        20 => "20 (natural 20)".into(),
        1 => "1 (natural 1)".into(),
        n => n.to_string(),
    }
}

/// The modifiers, each with its sign and what it is: " (+1 concentrated, -4 stunned)".
fn signed(f: &[Factor]) -> String {
    if f.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = f.iter().map(|x| format!("{:+} {}", x.value, x.what)).collect();
    format!(" ({})", parts.join(", "))
}

/// One side of an opposed roll: "d20 14 + Comb 2 (+1 concentrated) = 17".
fn roll_text(r: &Roll, stat: &str) -> String {
    format!("d20 {} + {stat} {}{} = {}", face(r.die), r.base, signed(&r.factors), r.total())
}

fn test_total(t: &Test) -> i32 {
    i32::from(t.die) + i32::from(t.bravoure) + Factor::total(&t.factors)
}

/// A Bravoure test: "d20 9 + Brav 1 = 10 against 8: passes".
fn test_text(t: &Test) -> String {
    format!("d20 {} + Brav {}{} = {} against {}: {}", face(t.die), t.bravoure, signed(&t.factors), test_total(t), t.difficulty, if t.passed { "passes" } else { "fails" })
}

/// What a result does to the loser, read against its Défense (l. 105-114, R-S3), given the
/// Vitalité it has before the blow.
fn harm_text(h: Harm, defence: i8, vitalite: i8, switches: super::state::Switches) -> String {
    let d = &tables().duel;
    let def = i32::from(defence);
    let falls = vitalite <= switches.wound_cost(h == Harm::Horrible);
    match h {
        Harm::PushBack => format!("at most {def}: it may be pushed back a pace"),
        Harm::Stun => format!("above {def}: stunned"),
        Harm::Wound => {
            let above = i32::from(d.wound_above) * def;
            format!("above {}×{def} = {above}: {}", d.wound_above, if falls { "out of action" } else { "wounded" })
        }
        Harm::Horrible => {
            let above = i32::from(d.horrible_above) * def;
            format!("above {}×{def} = {above}: a horrible wound{}", d.horrible_above, if falls { ", out of action" } else { "" })
        }
    }
}

fn duel_line(b: &B, d: &Duel) -> String {
    let (actor, other) = (name(b, d.acting.figure), name(b, d.opposing.figure));
    let (head, stat) = match d.kind {
        DuelKind::Melee => (format!("{actor} fights {other}"), "Comb"),
        DuelKind::Shot => (format!("{actor} shoots at {other}"), "Tir"),
        DuelKind::FireBolt => (format!("{actor} hurls a {} at {other}", spell_label("fire-bolt")), "Psy"),
        DuelKind::AllyStruck => (format!("{actor}'s stray shot strikes at {other}"), "Tir"),
    };
    let rolls = format!("{} against {}", roll_text(&d.acting, stat), roll_text(&d.opposing, "Comb"));
    let outcome = match (d.winner, d.loser(), d.harm) {
        (Some(w), Some(l), Some(h)) => {
            let damage: String = d.damage.iter().map(|f| format!(" {:+} {}", f.value, f.what)).collect();
            let vitalite = b.unit(l).map_or(1, |u| u.state.vitalite);
            format!("{} wins by {}{damage} = {} against {}'s Défense {}: {}", name(b, w), d.margin, d.result(), name(b, l), d.defence, harm_text(h, d.defence, vitalite, b.global.switches))
        }
        _ if d.kind == DuelKind::Melee => "a tie: nothing happens".into(),
        _ if d.kind == DuelKind::FireBolt && d.acting.die == 1 => "a natural 1: the spell fails".into(),
        _ if d.acting.total() == d.opposing.total() => "a tie goes to the target: missed".into(),
        _ => "missed or dodged".into(),
    };
    format!("{head}: {rolls} — {outcome}")
}

fn deed_line(b: &B, who: &str, deed: Deed) -> String {
    match deed {
        Deed::Concentrated => format!("{who} concentrates on its second action"),
        Deed::Reloaded => format!("{who} reloads"),
        Deed::Waited => format!("{who} does nothing for its first action"),
        Deed::Rested => format!("{who} does nothing more: its activation ends"),
        Deed::Camouflaged => format!("{who} camouflages itself"),
        Deed::PickedUp => format!("{who} picks up what it dropped"),
        Deed::Unlocked(d) => format!("{who} unlocks {}", door_name(b, d)),
        Deed::Pulled(l) => format!("{who} pulls {}", lever_name(b, l)),
    }
}

/// Why a Bravoure test is taken, by the rule that called it.
fn test_reason(rule: &str) -> &'static str {
    match rule {
        "H-S4a" => "its Chief has fallen",
        "l. 196" => "it saw a friend horribly wounded by a shot",
        _ => "a friend nearby was horribly wounded",
    }
}

/// The log line of an event, read against the battle before it.
pub fn event_line(b: &B, e: &Event) -> Option<String> {
    Some(match e {
        Event::TurnStarted { turn } => format!("Turn {turn}"),
        Event::RoutTest { side, test } => {
            let verdict = if test.passed { "the band holds" } else { "the band routs" };
            format!("{} has lost half its figures: {} tests to hold it (Bravoure), {} — {verdict}", side_name(b, *side), name(b, test.figure), test_text(test))
        }
        Event::Initiative { die, side } => format!("Initiative: d20 {die} ({}+ for {}) — {} has it", tables().duel.initiative_side_0_from, side_name(b, Side(0)), side_name(b, *side)),
        Event::PhaseStarted { phase, side, leader, eligible } => match phase {
            Phase::ChooseLeader => format!("{}: choose the leader whose phase comes next", side_name(b, *side)),
            Phase::Leader => {
                let who = leader.map_or_else(|| "A leader".to_string(), |l| name(b, l));
                format!("{who}'s phase ({}): {} in the bubble may act — {}", side_name(b, *side), eligible.len(), names(b, eligible))
            }
            Phase::Rest => format!("{}'s rest phase: its figures not yet activated act", side_name(b, *side)),
            Phase::Opening => return None,
        },
        Event::Moved { figure, path, run, engaged } => {
            let who = name(b, *figure);
            let mut line = match path.last() {
                Some(to) => format!("{who} {} to {}", if *run { "runs" } else { "moves" }, at(*to)),
                None => format!("{who} stays where it is"),
            };
            if !engaged.is_empty() {
                line.push_str(&format!(", engaging {}", names(b, engaged)));
            }
            line
        }
        Event::TerrorTest { of, test } => {
            let verdict = if test.passed { "it goes on" } else { "it stops short" };
            format!("{} must steel itself to engage {} (Terrifying): {} — {verdict}", name(b, test.figure), name(b, *of), test_text(test))
        }
        Event::Acted { figure, deed } => deed_line(b, &name(b, *figure), *deed),
        Event::Split(split) => {
            let pairs: Vec<String> = split.pairs.iter().map(|(f, e)| format!("{} with {}", name(b, *f), name(b, *e))).collect();
            format!("Subgroups: {}", pairs.join("; "))
        }
        Event::Duel(d) => duel_line(b, d),
        Event::Fumble { figure, die, hand, dropped } => {
            let which = match hand {
                Hand::Main => "1-10, its main hand",
                Hand::Off => "11-20, its off hand",
            };
            let what = dropped.as_ref().map_or_else(|| "nothing there to drop".to_string(), |d| format!("drops its {d}"));
            format!("{}'s natural 1: d20 {die} ({which}) — {what}", name(b, *figure))
        }
        Event::StrayRoll { ally, die, strikes } => {
            let verdict = if *strikes { "it flies at the friend" } else { "it goes wide" };
            format!("The missed shot passes {}: d20 {die} ({}+ strikes it) — {verdict}", name(b, *ally), tables().duel.ally_hit_from)
        }
        Event::Pushed { moves } => {
            let parts: Vec<String> = moves
                .iter()
                .enumerate()
                .map(|(i, (id, _, to))| if i == 0 { format!("{} is pushed back to {}", name(b, *id), at(*to)) } else { format!("{} gives way to {}", name(b, *id), at(*to)) })
                .collect();
            if parts.is_empty() {
                return None;
            }
            parts.join("; ")
        }
        Event::Stunned { figure, until, rule } => {
            let tokens = b.unit(*figure).map_or(1, |u| u.state.stunned().saturating_add(1));
            let penalty = i32::from(tables().duel.stun_penalty) * i32::from(tokens);
            let why = if rule.contains("blocked") {
                " (its push back was blocked)"
            } else if rule.contains("natural 1") {
                " (a natural 1 on a spell)"
            } else {
                ""
            };
            format!("{} is stunned{why} until the end of turn {until}: {tokens} token{}, {penalty:+} to Combat, Tir, Bravoure and Psychisme", name(b, *figure), if tokens == 1 { "" } else { "s" })
        }
        Event::Wounded { figure, left, horrible, .. } => {
            let kind = if *horrible { "a horrible wound" } else { "a wound" };
            format!("{} takes {kind}: {left} Vitalité left", name(b, *figure))
        }
        Event::OutOfAction { figure, horrible, .. } => {
            let kind = if *horrible { " with a horrible wound" } else { "" };
            format!("{} is Hors de combat{kind}", name(b, *figure))
        }
        Event::BravoureTest(test) => format!("{} tests Bravoure, as {}: {}{}", name(b, test.figure), test_reason(test.rule), test_text(test), if test.passed { "" } else { " — stunned" }),
        Event::Spell { caster, spell, target, roll, against, needed, works } => {
            let on = if caster == target { "on itself".to_string() } else { format!("on {}", name(b, *target)) };
            let odds = match (against, needed) {
                (Some(a), _) => format!("{} against {}", roll_text(roll, "Psy"), roll_text(a, "Psy")),
                (None, Some(n)) => format!("{}, needing {n}", roll_text(roll, "Psy")),
                (None, None) => roll_text(roll, "Psy"),
            };
            let verdict = if *works {
                "it works"
            } else if roll.die == 1 {
                "a natural 1: the spell fails"
            } else {
                "it fails"
            };
            format!("{} casts {} {on}: {odds} — {verdict}", name(b, *caster), spell_label(spell))
        }
        Event::Healed { figure, stuns, vitalite } => {
            if *stuns > 0 {
                format!("{}'s {stuns} stun token{} lifted", name(b, *figure), if *stuns == 1 { " is" } else { "s are" })
            } else {
                format!("{} gets a Vitalité back: {vitalite}", name(b, *figure))
            }
        }
        Event::Shielded { figure, until } => format!("{} is shielded: Défense {:+} until the end of turn {until}", name(b, *figure), figure::mystic_bonus()),
        Event::StunsWornOff { figure, tokens } => format!("{}: {tokens} stun token{} wear{} off", name(b, *figure), if *tokens == 1 { "" } else { "s" }, if *tokens == 1 { "s" } else { "" }),
        Event::TurnEnded { turn } => format!("End of turn {turn}"),
        Event::BattleEnded { outcome, points } => {
            let score = format!("points {} {} – {} {}", side_name(b, Side(0)), points[0], points[1], side_name(b, Side(1)));
            match outcome.winner {
                Some(w) => format!("{} win: {} ({score})", side_name(b, w), outcome.reason),
                None => format!("A draw: {} ({score})", outcome.reason),
            }
        }
        Event::LeftStanding { figure } => format!("{} is left where it stands: the winner does not push it back", name(b, *figure)),
        Event::ActivationEnded { figure } if spent_unused(b, *figure) => format!("{}'s phase ends without it acting: it is spent for the turn", name(b, *figure)),
        Event::ActivationEnded { .. } | Event::AgendaChanged { .. } => return None,
    })
}

fn rules_of(f: &[Factor]) -> impl Iterator<Item = &'static str> + '_ {
    f.iter().map(|x| x.rule)
}

/// The rule of the band a result fell in (l. 105-114).
fn harm_rule(h: Harm) -> &'static str {
    match h {
        Harm::PushBack => "l. 105 (push back)",
        Harm::Stun => "l. 107-109 (stunned)",
        Harm::Wound => "l. 111-112 (wound), R-S3",
        Harm::Horrible => "l. 114-116 (horrible wound), R-S3",
    }
}

/// Whether a figure whose activation ends had not acted: a leader whose own phase ends spends
/// him even so (R-S2), which the log says.
fn spent_unused(b: &B, figure: UnitId) -> bool {
    b.unit(figure).is_some_and(|u| u.state.activation == Activation::Ready)
}

/// The rules an event applied, as the seed (l. N) and the house rules (H-Sn, R-Sn) name them.
pub fn event_rule(b: &B, e: &Event) -> Option<String> {
    let list: Vec<&str> = match e {
        Event::TurnStarted { .. } => vec!["l. 28-30", "A5"],
        Event::RoutTest { test, .. } => [test.rule, "R-S4"].into_iter().chain(rules_of(&test.factors)).collect(),
        Event::Initiative { .. } => vec!["l. 30 (initiative)"],
        Event::PhaseStarted { phase, .. } => match phase {
            Phase::ChooseLeader => vec!["l. 40-50 (leader phases alternate)"],
            Phase::Leader => vec!["l. 38, 56-60 (command bubble)", "A4"],
            Phase::Rest => vec!["l. 46 (the rest of the troops)", "R-S1"],
            Phase::Opening => return None,
        },
        Event::Moved { run, engaged, .. } => {
            let mut v = vec![if *run { "l. 73 (run)" } else { "l. 66 (move)" }, "l. 80", "H-S7", "H-S16"];
            if !engaged.is_empty() {
                v.push("l. 84 (engaged)");
            }
            v
        }
        Event::TerrorTest { test, .. } => [test.rule, "R-S4"].into_iter().chain(rules_of(&test.factors)).collect(),
        Event::Acted { deed, .. } => match deed {
            Deed::Concentrated => vec!["l. 67", "l. 122", "l. 168", "H-S3"],
            Deed::Reloaded => vec!["l. 68", "H-S10"],
            Deed::Waited => vec!["l. 69"],
            Deed::Rested => vec!["l. 64"],
            Deed::Camouflaged => vec!["l. 78", "l. 170", "H-S9"],
            Deed::PickedUp => vec!["l. 120"],
            Deed::Unlocked(_) | Deed::Pulled(_) => vec!["l. 78", "H-S15"],
        },
        Event::Split(_) => vec!["l. 128-130 (subgroups)"],
        Event::Duel(d) => {
            let mut v: Vec<&str> = match d.kind {
                DuelKind::Melee => vec!["l. 87-99 (melee)"],
                DuelKind::Shot => vec!["l. 154-170 (shot)"],
                DuelKind::FireBolt => vec!["H-S3 (Trait de feu)", "l. 154-170"],
                DuelKind::AllyStruck => vec!["l. 166 (stray shot)", "R-S13"],
            };
            v.extend(rules_of(&d.acting.factors));
            v.extend(rules_of(&d.opposing.factors));
            match d.harm {
                Some(h) => {
                    v.extend(rules_of(&d.damage));
                    v.push(harm_rule(h));
                }
                None if d.kind == DuelKind::Melee => v.push("l. 99 (a tie)"),
                None => v.push("l. 174 (missed)"),
            }
            if d.acting.die == 20 || d.opposing.die == 20 {
                v.push(if d.kind == DuelKind::Melee { "l. 118 (critical)" } else { "l. 198 (critical), R-S10" });
            }
            v
        }
        Event::Fumble { .. } => vec!["l. 120 (fumble)", "H-S12", "R-S6"],
        Event::StrayRoll { .. } => vec!["l. 166", "R-S13"],
        Event::Pushed { .. } => vec!["l. 105", "l. 182", "R-S5", "A4"],
        Event::Stunned { rule, .. } => vec![*rule, "l. 107-109", "R-S11"],
        Event::Wounded { horrible, .. } | Event::OutOfAction { horrible, .. } => {
            if *horrible {
                vec!["l. 114-115 (horrible wound)", "H-S11", "R-S3"]
            } else {
                vec!["l. 111-112", "R-S3"]
            }
        }
        Event::BravoureTest(test) => [test.rule, "R-S4"].into_iter().chain(rules_of(&test.factors)).collect(),
        Event::Spell { roll, against, .. } => {
            let mut v = vec!["l. 77", "H-S3"];
            v.extend(rules_of(&roll.factors));
            if let Some(a) = against {
                v.extend(rules_of(&a.factors));
            }
            v
        }
        Event::Healed { .. } => vec!["H-S3 (Soin)", "H-S11"],
        Event::Shielded { .. } => vec!["H-S3 (Bouclier mystique)"],
        Event::StunsWornOff { .. } => vec!["l. 107", "R-S11"],
        Event::TurnEnded { .. } => vec!["A5"],
        Event::BattleEnded { .. } => vec!["H-S5", "H-S4b"],
        Event::LeftStanding { .. } => vec!["l. 105 (push back or not, the winner's choice)"],
        Event::ActivationEnded { figure } if spent_unused(b, *figure) => vec!["R-S2", "l. 38"],
        Event::ActivationEnded { .. } | Event::AgendaChanged { .. } => return None,
    };
    let mut seen: Vec<&str> = Vec::new();
    for r in list {
        if !seen.contains(&r) {
            seen.push(r);
        }
    }
    Some(seen.join("; "))
}

/// What a command asks for, in a player's terms.
pub fn command_label(b: &B, c: &Command) -> String {
    let who = |id: &UnitId| name(b, *id);
    match c {
        Command::ChooseLeader { leader } => {
            let n = b.unit(*leader).map_or(0, |l| legal::bubble(b, l).len());
            format!("{}'s phase: {n} figure{} in the bubble", who(leader), if n == 1 { "" } else { "s" })
        }
        Command::Move { figure, to } => {
            let engaged = engages(b, *figure, *to);
            let tail = if engaged.is_empty() { String::new() } else { format!(", engaging {}", names(b, &engaged)) };
            format!("{}: move to {}{tail}", who(figure), at(*to))
        }
        Command::Run { figure, to } => format!("{}: run to {}", who(figure), at(*to)),
        Command::Concentrate { figure } => {
            let d = &tables().duel;
            format!("{}: concentrate ({:+} Combat, {:+} to shoot or cast next)", who(figure), d.concentrate_combat, d.aim)
        }
        Command::Reload { figure } => {
            let weapon = b.unit(*figure).and_then(|u| figure::missile(&u.state)).map_or_else(|| "weapon".to_string(), |w| w.label.clone());
            format!("{}: reload its {weapon}", who(figure))
        }
        Command::Wait { figure } => format!("{}: do nothing first", who(figure)),
        Command::Rest { figure } => format!("{}: do nothing more (its activation ends)", who(figure)),
        Command::Shoot { figure, target } => format!("{}: shoot {}{}", who(figure), who(target), shot_terms(b, *figure, *target)),
        Command::Fight { figure, target } => {
            let charge = b.unit(*figure).is_some_and(|u| u.state.charging.contains(target));
            let charge = if charge { format!(" (a charge: damage {:+} if it wins)", tables().duel.charge_damage) } else { String::new() };
            format!("{} fights {}{charge}", who(figure), who(target))
        }
        Command::Cast { figure, spell, target, restore } => {
            let on = if figure == target { "on itself".to_string() } else { format!("at {}", who(target)) };
            let what = match tables().spells.spells.iter().find(|s| s.name == *spell).map(|s| s.effect) {
                Some(SpellEffect::Heal) if *restore => " (a Vitalité back)",
                Some(SpellEffect::Heal) => " (lift its stun tokens)",
                _ => "",
            };
            format!("{} casts {} {on}{what}", who(figure), spell_label(spell))
        }
        Command::Camouflage { figure } => format!("{}: camouflage itself", who(figure)),
        Command::PickUp { figure } => format!("{}: pick up what it dropped", who(figure)),
        Command::Unlock { figure, door } => format!("{}: unlock {}", who(figure), door_name(b, *door)),
        Command::Pull { figure, lever } => format!("{}: pull {}", who(figure), lever_name(b, *lever)),
        Command::EndPhase => match (b.global.phase, &b.global.leader) {
            (Phase::Leader, Some(l)) => format!("End {}'s phase", who(&l.leader)),
            (Phase::Rest, _) => format!("End {}'s rest phase", side_name(b, b.active)),
            _ => "End the phase".into(),
        },
        Command::Push { to } => {
            let loser = match b.global.agenda.last() {
                Some(super::state::Step::Push { loser, .. }) => Some(*loser),
                _ => None,
            };
            let named = loser.map_or_else(|| "the loser".to_string(), |l| who(&l));
            // A hex held by an enemy, an engaged ally or an obstacle shuts the way: l. 105 stuns
            // the loser instead, and the button says so.
            let blocked = |h: Hex| loser.and_then(|l| super::harm::push_to(b, l, h)) == Some(super::push::Push::Blocked);
            match to {
                Some(h) if blocked(*h) => format!("Push {named} back to {}: the way is shut, so it is stunned instead (l. 105)", at(*h)),
                Some(h) => format!("Push {named} back to {}", at(*h)),
                None => format!("Leave {named} where it stands"),
            }
        }
        Command::Split { pairs } => {
            let parts: Vec<String> = pairs.iter().map(|(f, e)| format!("{} with {}", who(f), who(e))).collect();
            format!("Split: {}", parts.join(", "))
        }
    }
}

/// The enemies a move to `to` would engage that the figure is not engaged with yet (l. 80, 124).
fn engages(b: &B, figure: UnitId, to: Hex) -> Vec<UnitId> {
    let Some(u) = b.unit(figure) else { return Vec::new() };
    let next_to = |h: Option<Hex>, e: Hex| h.is_some_and(|h| h.unsigned_distance_to(e) == 1);
    b.on_board().filter(|e| e.side != u.side && e.hex.is_some_and(|eh| next_to(Some(to), eh) && !next_to(u.hex, eh))).map(|e| e.id).collect()
}

/// A shot's range band and the target's cover, as the rules would read them now (l. 152, 164).
fn shot_terms(b: &B, figure: UnitId, target: UnitId) -> String {
    let (Some(s), Some(t)) = (b.unit(figure), b.unit(target)) else { return String::new() };
    let Some(range) = figure::missile(&s.state).and_then(|w| w.range) else { return String::new() };
    let Some(line) = aim::line(b, s, t, range) else { return String::new() };
    let cover = super::duel::cover(line.cover).map_or(String::new(), |f| format!(", cover {:+}", f.value));
    format!(" ({} range{cover})", band_name(line.band))
}

/// The short code a player types at the terminal; it names everything its command holds.
pub fn command_code(c: &Command) -> String {
    match c {
        Command::ChooseLeader { leader } => format!("L {}", leader.0),
        Command::Move { figure, to } => format!("m {} {}", figure.0, coords::code(*to)),
        Command::Run { figure, to } => format!("r {} {}", figure.0, coords::code(*to)),
        Command::Concentrate { figure } => format!("c {}", figure.0),
        Command::Reload { figure } => format!("l {}", figure.0),
        Command::Wait { figure } => format!("w {}", figure.0),
        Command::Rest { figure } => format!("n {}", figure.0),
        Command::Shoot { figure, target } => format!("s {} {}", figure.0, target.0),
        Command::Fight { figure, target } => format!("f {} {}", figure.0, target.0),
        Command::Cast { figure, spell, target, restore } => format!("k {} {spell} {}{}", figure.0, target.0, if *restore { " v" } else { "" }),
        Command::Camouflage { figure } => format!("h {}", figure.0),
        Command::PickUp { figure } => format!("p {}", figure.0),
        Command::Unlock { figure, door } => format!("u {} {door}", figure.0),
        Command::Pull { figure, lever } => format!("g {} {lever}", figure.0),
        Command::EndPhase => "e".into(),
        Command::Push { to } => format!("push {}", to.map_or_else(|| "-".to_string(), coords::code)),
        Command::Split { pairs } => format!("split {}", pairs.iter().map(|(f, e)| format!("{}>{}", f.0, e.0)).collect::<Vec<_>>().join(" ")),
    }
}

/// The figure a command sets acting, under which the terminal lists it; the end of a phase and
/// the answers to a push back or a split belong to the whole side.
pub fn command_unit(c: &Command) -> Option<UnitId> {
    c.figure()
}

/// The status line: the phase, the initiative, each side's victory points (H-S5).
pub fn status(b: &B) -> Vec<String> {
    let phase = match b.global.phase {
        Phase::Opening => "Setting up".to_string(),
        Phase::ChooseLeader => format!("{}: choose a leader (l. 40-48)", side_name(b, b.active)),
        Phase::Leader => match &b.global.leader {
            Some(l) => {
                let to_act = l.eligible.iter().filter_map(|id| b.unit(*id)).filter(|u| u.hex.is_some() && u.state.activation != Activation::Done).count();
                format!("Leader phase: {} ({} figures in the bubble, {to_act} still to act)", name(b, l.leader), l.eligible.len())
            }
            None => "Leader phase".to_string(),
        },
        Phase::Rest => format!("Rest phase: {}'s figures not yet activated", side_name(b, b.active)),
    };
    let p = turn::points(b);
    vec![phase, format!("Initiative: {}", side_name(b, b.global.initiative)), format!("Points: {} {} – {} {}", side_name(b, Side(0)), p[0], p[1], side_name(b, Side(1)))]
}
