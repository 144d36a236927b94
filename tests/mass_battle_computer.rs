//! The computer opponent's orders in small mass battles (issue 47's blunder tests): a hero who
//! holds the walls does not go out to die on the knights' lances; the commander-in-chief does not
//! serve as the officer of a unit the enemy may destroy.

mod common;

use common::mass_battle::{B, castle, submit};
use strategos::ai::{Ai, Level};
use strategos::battle::{Dice, Ruleset, Side, UnitId};
use strategos::rules::mass_battle::state::Order;
use strategos::rules::mass_battle::{Command, MassBattle};
use strategos::sim::Player;

const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong { think_ms: 50 }];

/// The order the computer at `level` gives `unit` of `side` in the sequence about to be ordered:
/// the other side seals at once (its units keep their default orders).
fn order_given(mut b: B, side: Side, unit: u32, level: Level) -> Order {
    let mut ai = Ai::new(level, 1);
    let mut dice = Dice::new(0);
    let mut given = None;
    for _ in 0..100 {
        let Some(deciding) = MassBattle::deciding_side(&b) else { break };
        let command = if deciding == side { ai.choose(&b).expect("a command") } else { Command::Seal };
        if let Command::Give { unit: u, order } = &command
            && *u == UnitId(unit)
        {
            given = Some(order.clone());
        }
        let sealed = deciding == side && command == Command::Seal;
        submit(&mut b, command, &mut dice);
        if sealed {
            break;
        }
    }
    given.unwrap_or(Order::Hold)
}

/// The Horde holds a walled town (the south wall at row 6, its gate at (5, 6)) with its orcs on
/// the wall and the shaman (a hero of 30 hit points, AC 12, H-M8, his blast spent, H-M7) behind
/// them; the Ost's knights (20 riders with lances, AC 18, 15 hit points each, doubled on the
/// charge, l. 149) stand two hexes outside the gate. A hero who strikes a unit of the line (three
/// times as hard, l. 117) takes its blows back as any unit in the melee (item 18, l. 49), and his
/// life is his side's loss (H-M9 counts his hit points): going out to engage the knights, or
/// marching out of the gate onto them, throws the shaman away.
#[test]
fn a_shaman_within_the_walls_does_not_go_out_to_engage_the_knights() {
    for level in LEVELS {
        let mut b = castle(&[(4, 0, "Chevaliers", 5, 8), (11, 1, "Orques", 4, 6), (13, 1, "Ogres", 6, 6), (17, 1, "Le chaman", 5, 5)], "");
        b.unit_mut(UnitId(17)).expect("the shaman").state.spent = true;
        let order = order_given(b.clone(), Side(1), 17, level);
        let out = |h| !strategos::rules::mass_battle::siege::within(&b, h);
        let leaves = match &order {
            Order::Engage(t) => *t == UnitId(4),
            Order::March(to) => out(*to),
            _ => false,
        };
        assert!(!leaves, "{level:?}: the shaman's order {order:?} takes him out of the walls onto the knights");
    }
}

/// The Baron, commander-in-chief (H-M8), stands behind 20 torch-bearers (80 hit points) with 120
/// orcs two hexes off. Serving as their officer (l. 129-131) his 60 hit points would be lost last
/// (R-M12), but the orcs' blows may destroy the unit in one melee and he falls with it (l. 133);
/// his fall tests his whole army (l. 135-139). No standard unit may engage him alone (H-M6). The
/// computer does not send him into that unit (in play he joined ten of his faithful, who charged
/// the orcs, and five units surrendered).
#[test]
fn the_commander_does_not_serve_in_a_unit_the_orcs_may_destroy() {
    for level in LEVELS {
        let b = common::mass_battle::field_led(&[(6, 0, "Baron Aldric", 4, 7), (5, 0, "Porte-torches", 4, 6), (11, 1, "Orques", 4, 4)], "Some(\"Baron Aldric\"), None");
        let order = order_given(b, Side(0), 6, level);
        assert_ne!(order, Order::Officer(UnitId(5)), "{level:?}: the Baron joins the torch-bearers in the orcs' reach");
    }
}
