//! Words for the log and the buttons: what each event did and which rule made it so, and what each
//! command asks for, in a player's terms.

use super::Thucydide;
use super::command::Command;
use super::words;
use super::event::{Activation, Effect, Event};
use super::state::{CombatKind, MoveMode, Role, Step};
use crate::battle::{Battle, Side, UnitId};
use crate::hex::{Hex, Offset};

type B = Battle<Thucydide>;

fn unit(b: &B, id: UnitId) -> String {
    match b.unit(id) {
        Some(u) => format!("{} {} #{}", b.sides[u.side.index()].name, u.state.profile().label, id.0),
        None => format!("unit #{}", id.0),
    }
}

fn side(b: &B, s: Side) -> &str {
    &b.sides[s.index()].name
}

fn at(h: Hex) -> String {
    Offset::from_hex(h).to_string()
}

fn leader(b: &B, id: u32) -> String {
    b.global.leaders.iter().find(|l| l.id == id).map_or(format!("leader {id}"), |l| l.name.clone())
}

/// One log line for an event, read against the battle as it stood before the event; `None` for
/// bookkeeping a player need not read.
pub fn event_line(b: &B, e: &Event) -> Option<String> {
    entry(b, e).map(|(text, _)| text)
}

/// The seed's references behind an event's line (its French headings, steps, house rules).
pub fn event_rule(b: &B, e: &Event) -> Option<String> {
    entry(b, e).map(|(_, rules)| rules).filter(|r| !r.is_empty()).map(|r| r.join("; "))
}

/// An event's line in a player's words, and the rules it applied as the seed names them.
fn entry(b: &B, e: &Event) -> Option<(String, Vec<String>)> {
    let mut c = Cited::default();
    let text = match e {
        Event::TurnStarted { turn, side: s } => format!("— Turn {turn}: {} —", side(b, *s)),
        Event::PhaseStarted { phase } => format!("{} phase", words::phase(*phase)),
        Event::UnitActivated { unit: u, by: Activation::Leader(l) } => format!("{} activated by {}", unit(b, *u), leader(b, *l)),
        Event::UnitActivated { unit: u, by: Activation::OrderToken } => format!("{} activated with an order token", unit(b, *u)),
        Event::OrderTokensChanged { side: s, tokens, rule } => format!("{}: {} ({})", side(b, *s), words::count(*tokens as u64, "order token", "order tokens"), c.cite(rule)),
        Event::UnitMoved { unit: u, path, mode } => {
            let how = match mode {
                MoveMode::Normal => "moves",
                MoveMode::RoadMarch => "road-marches",
                MoveMode::Mounted => "rides (mounted move)",
            };
            format!("{} {how} to {}", unit(b, *u), path.last().map_or(String::new(), |h| at(*h)))
        }
        Event::CombatStarted { attacker, defender, kind, role, attack_order } => {
            let what = match (role, kind) {
                (Role::Riposte, _) => "ripostes against",
                (Role::Pursuit, _) => "pursues and attacks",
                (Role::Panic, _) => "panics and charges",
                (Role::Attack, CombatKind::Fire) => "fires at",
                (Role::Attack, CombatKind::Melee) => "attacks",
            };
            let order = if *attack_order { " with an attack order" } else { "" };
            format!("{} {what} {}{order}", unit(b, *attacker), unit(b, *defender))
        }
        Event::DefenceChosen { defender, defence_order: true } => format!("{} gives a defence order", unit(b, *defender)),
        Event::DefenceChosen { .. } => return None,
        Event::DiceCounted { dice, steps, .. } => {
            let why: Vec<String> = steps.iter().map(|s| format!("{}: {}", c.cite(s.rule), s.dice)).collect();
            format!("{} ({})", words::count(*dice as u64, "die", "dice"), why.join("; "))
        }
        Event::DiceRolled { results, hits, morale_hits, .. } => {
            let faces: Vec<String> = results
                .iter()
                .map(|r| {
                    let effect = match r.effect {
                        Effect::Hit => "hit",
                        Effect::MoraleHit => "morale hit",
                        Effect::OrderToken => "order",
                        Effect::Miss => "miss",
                    };
                    let why = match r.rule.strip_prefix("TA ") {
                        Some(rest) => {
                            c.cite("(Avantages tactiques)");
                            format!("tactical advantage {rest}")
                        }
                        None => c.cite(r.rule),
                    };
                    let face = words::face(r.face);
                    c.note(if why.starts_with(face) { why.clone() } else { format!("{face}: {why}") });
                    format!("{} ({effect})", words::face(r.face))
                })
                .collect();
            c.cite("(Résultat des dés)");
            format!("Rolled {}: {}, {}", faces.join(", "), words::count(*hits as u64, "hit", "hits"), words::count(*morale_hits as u64, "morale hit", "morale hits"))
        }
        Event::ElementsLost { unit: u, lost, strength, rule } => format!("{} loses {lost}, {strength} left: {}", unit(b, *u), c.cite(rule)),
        Event::UnitDestroyed { unit: u } => format!("{} is destroyed", unit(b, *u)),
        Event::MoraleHitIgnored { unit: u, rule } => format!("{} ignores a morale hit: {}", unit(b, *u), c.cite(rule)),
        Event::Retreated { unit: u, path, asked } => {
            c.cite("(Repli)");
            format!("{} falls back {} of {}", unit(b, *u), path.len(), words::count(*asked as u64, "hex", "hexes"))
        }
        Event::FollowedUp { unit: u, to, rule } => format!("{} follows up into {}: {}", unit(b, *u), at(*to), c.cite(rule)),
        Event::FollowUpDeclined { unit: u } => format!("{} does not follow up", unit(b, *u)),
        Event::Pursued { unit: u, to } => {
            c.cite("(Poursuite)");
            format!("{} pursues into {}", unit(b, *u), at(*to))
        }
        Event::PursuitDeclined { unit: u } => format!("{} does not pursue", unit(b, *u)),
        Event::RiposteDeclined { unit: u } => format!("{} does not riposte", unit(b, *u)),
        Event::ElephantPanicked { from, at: h, rule, .. } => format!("An elephant of {} panics at {}: {}", unit(b, *from), at(*h), c.cite(rule)),
        Event::ProfileChanged { unit: u, profile, rule } => format!("{} becomes {profile}: {}", unit(b, *u), c.cite(rule)),
        Event::PanicRolled { unit: u, faces, hexes } => {
            let faces: Vec<&str> = faces.iter().map(|f| words::face(*f)).collect();
            c.cite("(Eléphant en panique)");
            format!("{} rolls {} for its panic: {} of flight", unit(b, *u), faces.join(", "), words::count(*hexes as u64, "hex", "hexes"))
        }
        Event::UnitLeftBoard { unit: u, rule } => format!("{} leaves the field: {}", unit(b, *u), c.cite(rule)),
        Event::LeaderFled { leader: l, to } => {
            c.cite("(Personnage en fuite)");
            format!("{} flees to {}", leader(b, *l), unit(b, *to))
        }
        Event::LeaderRemoved { leader: l, rule } => format!("{} is gone: {}", leader(b, *l), c.cite(rule)),
        Event::CommanderLost { side: s } => {
            c.cite("(Perte du Général en chef)");
            format!("{}: commander-in-chief lost", side(b, *s))
        }
        Event::CommanderRedeployed { leader: l, unit: u, .. } => format!("{} returns with {}", leader(b, *l), unit(b, *u)),
        Event::TurnPassed { side: s, rule } => format!("{}: turn passed ({})", side(b, *s), c.cite(rule)),
        Event::BattleEnded { outcome } => match outcome.winner {
            Some(w) => format!("Victory: {}. {}", side(b, w), outcome.reason),
            None => format!("Draw: {}", outcome.reason),
        },
        Event::AgendaChanged { .. } => return None,
    };
    Some((text, c.0))
}

/// The references an event's line cites, each once, in the order cited.
#[derive(Default)]
struct Cited(Vec<String>);

impl Cited {
    /// A rule's explanation; its reference to the seed goes to the details.
    fn cite(&mut self, rule: &str) -> String {
        let (what, reference) = words::split_rule(rule);
        if let Some(r) = reference {
            self.note(r.to_string());
        }
        what.to_string()
    }

    fn note(&mut self, reference: String) {
        if !self.0.contains(&reference) {
            self.0.push(reference);
        }
    }
}

/// What a pending decision asks, naming the combat or the unit it concerns.
pub fn decision_prompt(b: &B, step: &Step) -> String {
    match step {
        Step::Defence(c) => {
            let order = if c.attack_order { " with an attack order" } else { "" };
            format!("{} attacks {}{order}: give a defence order (one die fewer for the attacker, one order token)?", unit(b, c.attacker), unit(b, c.defender))
        }
        Step::Retreat { unit: u, hexes } => format!("{} must fall back {}: pick the hex to fall back to", unit(b, *u), words::count(*hexes, "hex", "hexes")),
        Step::FollowUp(c) => format!("{} may follow up into {}, where {} stood", unit(b, c.attacker), at(c.defender_hex), unit(b, c.defender)),
        Step::Pursuit { unit: u } => format!("{} may pursue one more hex", unit(b, *u)),
        Step::Riposte(c) => format!("{} may riposte against {}", unit(b, c.defender), unit(b, c.attacker)),
        Step::LeaderFlight { leader: l, from } => format!("{} lost his unit at {}: pick the unit he takes refuge with", leader(b, *l), at(*from)),
        Step::PanicFlight { unit: u, hexes, .. } => format!("{} panics and flees {}: pick its way", unit(b, *u), words::count(*hexes, "hex", "hexes")),
        Step::Roll(_) | Step::Aftermath(_) | Step::PanicRoll { .. } => "Your decision".into(),
    }
}

/// A button's words for a command.
pub fn command_label(b: &B, c: &Command) -> String {
    let order = |o: bool| if o { " with an attack order" } else { "" };
    match c {
        Command::Move { unit: u, to, mode } => {
            let how = match mode {
                MoveMode::Normal => "",
                MoveMode::RoadMarch => " by road march",
                MoveMode::Mounted => " (mounted move)",
            };
            format!("Move {} to {}{how}", unit(b, *u), at(*to))
        }
        Command::Activate { unit: u } => format!("Activate {} (one order token)", unit(b, *u)),
        Command::Attack { attacker, target, attack_order } => format!("{} attacks {}{}", unit(b, *attacker), unit(b, *target), order(*attack_order)),
        Command::Defend { defence_order: true } => "Defence order (one die fewer for the attacker)".into(),
        Command::Defend { defence_order: false } => "No defence order".into(),
        Command::Retreat { path } => match path.last() {
            Some(h) => format!("Fall back to {} ({})", at(*h), words::count(path.len() as u64, "hex", "hexes")),
            None => "Stand (cannot fall back)".into(),
        },
        Command::FollowUp { advance: true } => "Follow up".into(),
        Command::FollowUp { advance: false } => "Do not follow up".into(),
        Command::Pursue { to, target, attack_order } => match (to, target) {
            (None, None) => "Do not pursue".into(),
            (Some(h), None) => format!("Pursue into {}", at(*h)),
            (None, Some(t)) => format!("Pursue: attack {}{}", unit(b, *t), order(*attack_order)),
            (Some(h), Some(t)) => format!("Pursue into {} and attack {}{}", at(*h), unit(b, *t), order(*attack_order)),
        },
        Command::Riposte { strike: true } => "Riposte".into(),
        Command::Riposte { strike: false } => "No riposte".into(),
        Command::Refuge { unit: u } => format!("Take refuge with {}", unit(b, *u)),
        Command::Charge { target } => format!("Charge {}", unit(b, *target)),
        Command::Redeploy { unit: u } => format!("Put the commander-in-chief with {}", unit(b, *u)),
        Command::EndPhase => "End phase".into(),
    }
}
