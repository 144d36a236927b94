//! Thucydide, the ancient and medieval ruleset played natively on hexes
//! (seed `003_4e6f6c195b1c36c6.txt`; rules and house rules in `docs/rules/thucydide.md`).

pub mod apply;
pub mod approach;
pub mod board;
pub mod combat;
pub mod command;
pub mod data;
pub mod describe;
pub mod die;
pub mod event;
pub mod exchange;
pub mod judge;
pub mod leaders;
pub mod legal;
pub mod look;
pub mod movement;
pub mod odds;
mod present;
pub mod resolve;
pub mod retreat;
pub mod sight;
pub mod state;
pub mod turn;

pub use command::Command;
pub use event::Event;

use crate::battle::{Battle, Dice, Outcome, RuleError, Ruleset, Side, SideInfo, Unit, UnitId};
use crate::scenario::{Item, Scenario, SetupError};
use data::{Rank, tables};
use state::{Global, Leader, Phase, UnitState};
use std::sync::Arc;

pub struct Thucydide;

impl Ruleset for Thucydide {
    const NAME: &'static str = "thucydide";
    type UnitState = UnitState;
    type Global = Global;
    type Command = Command;
    type Event = Event;
    type Phase = state::Phase;

    fn setup(s: &Scenario) -> Result<Battle<Self>, SetupError> {
        let map = Arc::new(s.build_map()?);
        let t = tables();
        let sides = [0, 1].map(|i| SideInfo {
            name: s.sides[i].name.clone(),
            edge: s.sides[i].edge,
        });
        let mut units = Vec::new();
        for (i, spec) in s.units.iter().enumerate() {
            let profile = t.profile_index(&spec.profile).ok_or_else(|| {
                let known: Vec<&str> = t.profiles.iter().map(|p| p.name.as_str()).collect();
                SetupError::new(Item::Unit(i), "profile", format!("unknown profile '{}'; known: {}", spec.profile, known.join(", ")))
            })?;
            let p = t.profile(profile);
            let strength = spec.strength.unwrap_or(p.strength);
            if strength == 0 || strength > p.strength {
                return Err(SetupError::new(Item::Unit(i), "strength", format!("{} must be 1..={} for {}", strength, p.strength, p.name)));
            }
            let side = Side(spec.side);
            let hex = spec.at.to_hex();
            if movement::impassable_for(&map, p.mobility(), hex) {
                return Err(SetupError::new(Item::Unit(i), "at", format!("{} cannot stand on {} at {}", p.name, map.at(hex).token(), spec.at)));
            }
            units.push(Unit {
                id: UnitId(spec.id),
                side,
                hex: Some(hex),
                facing: spec.facing.unwrap_or(sides[side.index()].edge.facing_away()),
                strength,
                state: UnitState {
                    profile,
                    full_strength: p.strength,
                    activated: false,
                    moved: None,
                    fought: false,
                    panicked: p.name == "panicked-elephant",
                    original: true,
                },
            });
        }
        units.sort_by_key(|u| u.id);
        let mut leaders = Vec::new();
        for (i, l) in s.leaders.iter().enumerate() {
            let rank = Rank::parse(&l.rank).ok_or_else(|| {
                SetupError::new(Item::Leader(i), "rank", format!("unknown rank '{}'; known: commander-in-chief, sub-general, historical, senior-officer", l.rank))
            })?;
            leaders.push(Leader {
                id: l.id,
                side: Side(l.side),
                name: l.name.clone(),
                rank,
                unit: Some(UnitId(l.unit)),
            });
        }
        for side in Side::BOTH {
            let chiefs = leaders.iter().filter(|l| l.side == side && l.rank == Rank::CommanderInChief).count();
            if chiefs > 1 {
                return Err(SetupError::new(Item::Scenario, "leaders", format!("side {} has {chiefs} commanders-in-chief", side.0)));
            }
        }
        let count = |side: Side| units.iter().filter(|u| u.side == side).count() as u32;
        let elements = |side: Side| units.iter().filter(|u| u.side == side).map(|u| u32::from(u.strength)).sum::<u32>();
        let global = Global {
            phase: Phase::Movement,
            order_tokens: [0, 1].map(|i| s.sides[i].order_tokens.min(t.terrain.max_order_tokens)),
            start_units: [count(Side(0)), count(Side(1))],
            start_elements: [elements(Side(0)), elements(Side(1))],
            leaders,
            agenda: Vec::new(),
            skip_turn: [false; 2],
            first_side: Side(s.first_side),
            outcome: None,
        };
        Ok(Battle {
            map,
            sides,
            units,
            turn: 0,
            active: Side(s.first_side),
            last_turn: s.turns,
            global,
        })
    }

    fn open(b: &Battle<Self>, dice: &mut Dice) -> Vec<Event> {
        resolve::open(b, dice)
    }

    fn deciding_side(b: &Battle<Self>) -> Option<Side> {
        legal::deciding_side(b)
    }

    fn legal_commands(b: &Battle<Self>) -> Vec<Command> {
        legal::legal_commands(b)
    }

    fn resolve(b: &Battle<Self>, command: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
        resolve::resolve(b, command, dice)
    }

    fn apply(b: &mut Battle<Self>, event: &Event) {
        apply::apply(b, event)
    }

    fn phase(b: &Battle<Self>) -> state::Phase {
        b.global.phase
    }

    fn outcome(b: &Battle<Self>) -> Option<Outcome> {
        b.global.outcome.clone()
    }

    fn starts_turn(event: &Event) -> bool {
        matches!(event, Event::TurnStarted { .. })
    }
}
