//! Hidden information, on a toy ruleset of sealed bids (each side bids 1 to 3 in secret, then both
//! are revealed and the higher wins): the other side's sealed bid is out of the battle the computer
//! weighs and out of the board and the log a player at the screen sees, until it is revealed; a
//! spectator of the whole game (the replay viewer) sees everything.

use bevy::prelude::SubStates;
use serde::{Deserialize, Serialize};
use strategos::ai::{Ai, Judge, Level};
use strategos::battle::look::{Counter, Cue, Decision, Intent, Line, Marks, Preview, Legend};
use strategos::battle::{AppState, Battle, Dice, Outcome, Present, RuleError, Ruleset, Side, SideInfo, Unit, UnitId};
use strategos::hex::{BoardEdge, Hex, HexMap};
use strategos::scenario::{Scenario, SetupError};
use strategos::sim::Player;
use std::sync::Arc;

struct Bids;

/// A bid not yet revealed, as the other side sees it: made, value unknown.
const SEALED: u8 = 0;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Global {
    bids: [Option<u8>; 2],
    outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Bid(u8);

#[derive(Clone, Debug, Serialize)]
enum Event {
    Sealed { side: Side, bid: u8 },
    Revealed { bids: [u8; 2] },
}

#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(AppState = AppState::Battle)]
enum Phase {
    #[default]
    Bidding,
}

impl Ruleset for Bids {
    const NAME: &'static str = "bids";
    const TITLE: &'static str = "Bids";
    type UnitState = ();
    type Global = Global;
    type Command = Bid;
    type Event = Event;
    type Phase = Phase;

    fn setup(_: &Scenario) -> Result<Battle<Self>, SetupError> {
        Ok(opening())
    }
    fn open(_: &Battle<Self>, _: &mut Dice) -> Vec<Event> {
        Vec::new()
    }
    fn deciding_side(b: &Battle<Self>) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| b.global.bids[s.index()].is_none()).filter(|_| b.global.outcome.is_none())
    }
    fn legal_commands(b: &Battle<Self>) -> Vec<Bid> {
        if Self::deciding_side(b).is_some() { (1..=3).map(Bid).collect() } else { Vec::new() }
    }
    fn resolve(b: &Battle<Self>, c: &Bid, _: &mut Dice) -> Result<Vec<Event>, RuleError> {
        let side = Self::deciding_side(b).ok_or_else(|| RuleError("over".into()))?;
        let mut events = vec![Event::Sealed { side, bid: c.0 }];
        if let Some(other) = b.global.bids[side.other().index()] {
            let mut bids = [other, other];
            bids[side.index()] = c.0;
            events.push(Event::Revealed { bids });
        }
        Ok(events)
    }
    fn apply(b: &mut Battle<Self>, e: &Event) {
        match e {
            Event::Sealed { side, bid } => b.global.bids[side.index()] = Some(*bid),
            Event::Revealed { bids } => {
                let winner = (bids[0] != bids[1]).then(|| if bids[0] > bids[1] { Side(0) } else { Side(1) });
                b.global.outcome = Some(Outcome { winner, reason: "bids revealed".into() });
            }
        }
    }
    fn outcome(b: &Battle<Self>) -> Option<Outcome> {
        b.global.outcome.clone()
    }
    fn phase(_: &Battle<Self>) -> Phase {
        Phase::Bidding
    }
    fn starts_turn(_: &Event) -> bool {
        false
    }
    fn redact(b: &mut Battle<Self>, viewer: Side) {
        if b.global.outcome.is_none() {
            let other = &mut b.global.bids[viewer.other().index()];
            *other = other.map(|_| SEALED);
        }
    }
    fn visible_to(_: &Battle<Self>, e: &Event, viewer: Option<Side>) -> bool {
        match e {
            Event::Sealed { side, .. } => viewer.is_none_or(|v| v == *side),
            Event::Revealed { .. } => true,
        }
    }
}

impl Judge for Bids {
    type Memo = ();
    const SEARCH_WORK_PER_MS: u64 = 100;
    fn evaluate(b: &Battle<Self>, side: Side, _: &mut ()) -> f64 {
        let theirs = b.global.bids[side.other().index()];
        assert!(b.global.outcome.is_some() || theirs.is_none_or(|bid| bid == SEALED), "the computer read a sealed bid: {theirs:?}");
        f64::from(b.global.bids[side.index()].unwrap_or(0))
    }
    fn preview(b: &Battle<Self>, c: &Bid, dice: &mut Dice) -> Vec<Event> {
        Self::resolve(b, c, dice).unwrap_or_default()
    }
}

impl Present for Bids {
    fn event_line(_: &Battle<Self>, e: &Event) -> Option<String> {
        Some(match e {
            Event::Sealed { side, bid } => format!("side {} bids {bid}", side.0),
            Event::Revealed { bids } => format!("revealed: {} against {}", bids[0], bids[1]),
        })
    }
    fn command_label(_: &Battle<Self>, c: &Bid) -> String {
        format!("bid {}", c.0)
    }
    fn command_code(_: &Battle<Self>, c: &Bid) -> String {
        format!("b{}", c.0)
    }
    fn command_unit(_: &Bid) -> Option<UnitId> {
        None
    }
    fn status(_: &Battle<Self>) -> Vec<String> {
        Vec::new()
    }
    fn glyph(_: &Battle<Self>, _: &Unit<()>) -> char {
        'b'
    }
    fn counter(_: &Battle<Self>, _: &Unit<()>) -> Counter {
        Counter::default()
    }
    fn unit_card(_: &Battle<Self>, _: UnitId) -> Vec<Line> {
        Vec::new()
    }
    fn legend(_: Option<&Battle<Self>>) -> Vec<Legend> {
        Vec::new()
    }
    fn terrain_card(_: &Battle<Self>, _: Hex) -> Vec<Line> {
        Vec::new()
    }
    fn marks(_: &Battle<Self>, _: &[Bid], _: Option<UnitId>, _: Option<Hex>) -> Marks {
        Marks::default()
    }
    fn click(_: &Battle<Self>, _: &[Bid], _: Option<UnitId>, _: Hex, _: bool) -> Intent<Bid> {
        Intent::Nothing
    }
    fn ends_phase(_: &Bid) -> bool {
        false
    }
    fn decision(_: &Battle<Self>, legal: &[Bid]) -> Option<Decision<Bid>> {
        Some(Decision { prompt: "Your sealed bid".into(), options: legal.to_vec() })
    }
    fn unit_orders(_: &Battle<Self>, _: &[Bid], _: UnitId) -> Vec<Bid> {
        Vec::new()
    }
    fn cue(_: &Battle<Self>, _: &Event) -> Option<Cue> {
        None
    }
    fn preview(_: &Battle<Self>, _: &Bid) -> Option<Preview> {
        None
    }
    fn pause_after(_: &Event) -> f32 {
        0.0
    }
    fn taken_back_by(_: &Battle<Self>, _: &Bid, _: &[Event]) -> Option<Side> {
        None
    }
}

fn opening() -> Battle<Bids> {
    let side = |name: &str, edge| SideInfo { name: name.into(), edge, colour: None };
    Battle { map: Arc::new(HexMap::new(1, 1)), sides: [side("West", BoardEdge::West), side("East", BoardEdge::East)], units: Vec::new(), turn: 1, active: Side(0), last_turn: 1, global: Global::default() }
}

fn after(commands: &[u8]) -> (Battle<Bids>, Vec<Event>) {
    let mut b = opening();
    let mut events = Vec::new();
    for c in commands {
        for e in Bids::resolve(&b, &Bid(*c), &mut Dice::new(1)).unwrap() {
            Bids::apply(&mut b, &e);
            events.push(e);
        }
    }
    (b, events)
}

#[test]
fn the_computer_weighs_the_battle_without_the_other_sides_sealed_bid() {
    let (b, _) = after(&[3]);
    assert_eq!(b.global.bids[0], Some(3));
    let seen = b.seen_by(Side(1));
    assert_eq!(seen.global.bids, [Some(SEALED), None], "side 1 knows side 0 has bid, not what");
    assert_eq!(b.seen_by(Side(0)).global.bids, [Some(3), None], "side 0 knows its own bid");
    // The judge asserts it never reads the sealed bid; the computer then bids its highest.
    let mut ai = Ai::new(Level::Normal, 5);
    assert_eq!(ai.choose(&b), Some(Bid(3)));
}

#[cfg(feature = "gui")]
#[test]
fn the_board_and_the_log_keep_a_sealed_bid_from_the_other_side_until_it_is_revealed() {
    use strategos::ui::stage::Stage;
    let (_, events) = after(&[2, 1]);
    let mut stage = Stage::new(opening(), false);
    stage.set_viewer(Some(Side(1)));
    stage.step(&events);
    assert_eq!(stage.board().global.bids[0], Some(SEALED), "the board shows side 1 a sealed bid");
    assert_eq!(stage.readable().count(), 0, "side 0's bid is not in side 1's log");
    stage.set_viewer(Some(Side(0)));
    assert_eq!(stage.board().global.bids[0], Some(2));
    assert_eq!(stage.readable().map(|l| l.text.as_str()).collect::<Vec<_>>(), vec!["side 0 bids 2"]);
    stage.set_viewer(Some(Side(1)));
    stage.seek(&events, events.len());
    assert_eq!(stage.readable().map(|l| l.text.as_str()).collect::<Vec<_>>(), vec!["side 1 bids 1", "revealed: 2 against 1"], "side 1 reads its own bid and the reveal");
    stage.set_viewer(None);
    assert_eq!(stage.readable().count(), 3, "a spectator of the whole game reads everything");
}
