//! The geometry of a line of sight: the hexes a centre-to-centre line crosses.
//!
//! Where the line runs exactly along hex edges it touches hexes on both sides, and a rule that blocks
//! "only if there are masks on both sides" needs both. So the line is traced twice, nudged a hair to
//! either side; a ruleset declares the line blocked only if it blocks both traces. Where the line
//! does not run along an edge, both traces are the same hexes.

use super::coords::{axial, centre, round_axial};
use hexx::Hex;

/// Sideways nudge, as a fraction of a hex's circumradius.
const NUDGE: f64 = 1e-6;

/// The two traces of the line from `from` to `to`, each listing every hex crossed, both ends included.
pub fn traces(from: Hex, to: Hex) -> [Vec<Hex>; 2] {
    let mut a = Vec::new();
    let mut b = Vec::new();
    trace(from, to, NUDGE, &mut a);
    trace(from, to, -NUDGE, &mut b);
    [a, b]
}

fn trace(from: Hex, to: Hex, nudge: f64, out: &mut Vec<Hex>) {
    out.clear();
    let n = from.unsigned_distance_to(to);
    out.push(from);
    if n == 0 {
        return;
    }
    // The nudge is square to the line in the plane; the points along it are then walked in axial
    // coordinates, where `from` and `to` are whole numbers and a hex is found by rounding: the same
    // hexes as `hex_at` of each point of the plane's line, without its divisions for every hex.
    let (x0, y0) = centre(from);
    let (x1, y1) = centre(to);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    let (nq, nr) = axial(-dy / len * nudge, dx / len * nudge);
    let (q0, r0) = (f64::from(from.x) + nq, f64::from(from.y) + nr);
    let n_f = f64::from(n);
    let (step_q, step_r) = (f64::from(to.x - from.x) / n_f, f64::from(to.y - from.y) / n_f);
    for i in 1..n {
        let i = f64::from(i);
        out.push(round_axial(q0 + step_q * i, r0 + step_r * i));
    }
    out.push(to);
}

thread_local! {
    /// Two reusable traces: sight queries come by the thousand and need not allocate.
    static BUFFERS: std::cell::RefCell<(Vec<Hex>, Vec<Hex>)> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// True when the line is clear: at least one trace is not blocked by `blocks`, which looks at a
/// whole trace (shooter first, target last, at least two hexes) and says whether something on it
/// hides the target. A hex always sees itself. The second trace is only traced when the first is
/// blocked.
pub fn clear(from: Hex, to: Hex, mut blocks: impl FnMut(&[Hex]) -> bool) -> bool {
    if from == to {
        return true;
    }
    BUFFERS.with(|cell| {
        let Ok(mut buffers) = cell.try_borrow_mut() else {
            // Called from inside `blocks`: fall back to fresh traces.
            let [a, b] = traces(from, to);
            return !blocks(&a) || (a != b && !blocks(&b));
        };
        let (a, b) = &mut *buffers;
        trace(from, to, NUDGE, a);
        if !blocks(a) {
            return true;
        }
        trace(from, to, -NUDGE, b);
        a != b && !blocks(b)
    })
}

/// How much of a target the two traces leave in sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cover {
    /// Neither trace is blocked.
    None,
    /// The line runs along an edge and one of its two traces is blocked.
    Partial,
    /// Both traces are blocked: no line of sight.
    Full,
}

/// The graded cover of the line from `from` to `to`, from which of the two traces `blocks`.
pub fn cover(from: Hex, to: Hex, mut blocks: impl FnMut(&[Hex]) -> bool) -> Cover {
    let [a, b] = judge_both(from, to, |t| blocks(t));
    match (a, b) {
        (false, false) => Cover::None,
        (true, true) => Cover::Full,
        _ => Cover::Partial,
    }
}

/// A ruleset's own judgement of each of the two traces (cover points, say), the first trace's
/// first; where the line does not follow an edge the traces are the same and judged once.
pub fn judge_both<T: Clone>(from: Hex, to: Hex, mut judge: impl FnMut(&[Hex]) -> T) -> [T; 2] {
    with_traces(from, to, |a, b| {
        let first = judge(a);
        let second = if a == b { first.clone() } else { judge(b) };
        [first, second]
    })
}

/// `f` of the line's two traces, as `traces` gives them, from buffers kept for the thread rather
/// than two new lists a query (a fresh pair when `f` itself asks for a line).
pub fn with_traces<T>(from: Hex, to: Hex, f: impl FnOnce(&[Hex], &[Hex]) -> T) -> T {
    BUFFERS.with(|cell| {
        let Ok(mut buffers) = cell.try_borrow_mut() else {
            let [a, b] = traces(from, to);
            return f(&a, &b);
        };
        let (a, b) = &mut *buffers;
        trace(from, to, NUDGE, a);
        trace(from, to, -NUDGE, b);
        f(a, b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{Direction, Offset};

    #[test]
    fn a_hex_sees_itself_without_asking_the_rules() {
        let hex = Offset(3, 3).to_hex();
        assert!(clear(hex, hex, |_| panic!("no trace to judge")));
    }

    #[test]
    fn cover_is_graded_by_the_traces_blocked() {
        let from = Offset(2, 4).to_hex();
        let (north, north_east) = (Direction::N.step(from), Direction::NE.step(from));
        let to = Direction::NE.step(north);
        fn masked(hexes: Vec<Hex>) -> impl FnMut(&[Hex]) -> bool {
            move |t: &[Hex]| t[1..t.len() - 1].iter().any(|h| hexes.contains(h))
        }
        assert_eq!(cover(from, to, masked(vec![])), Cover::None);
        assert_eq!(cover(from, to, masked(vec![north])), Cover::Partial, "a mask on one side of the edge");
        assert_eq!(cover(from, to, masked(vec![north, north_east])), Cover::Full, "masks on both sides");
        let straight = Offset(2, 0).to_hex();
        assert_eq!(cover(from, straight, masked(vec![north])), Cover::Full, "one trace: blocked or not");
        let counted = std::cell::Cell::new(0);
        judge_both(from, straight, |_| counted.set(counted.get() + 1));
        assert_eq!(counted.get(), 1, "the same trace is judged once");
    }

    /// The hexes under each point of the plane's line, as `hex_at` reads them: what `trace` walks
    /// in axial coordinates instead.
    fn plane_trace(from: Hex, to: Hex, nudge: f64) -> Vec<Hex> {
        let n = from.unsigned_distance_to(to);
        let (x0, y0) = centre(from);
        let (x1, y1) = centre(to);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len = (dx * dx + dy * dy).sqrt();
        let (px, py) = (-dy / len * nudge, dx / len * nudge);
        let middle = (1..n).map(|i| {
            let t = f64::from(i) / f64::from(n);
            crate::hex::coords::hex_at(x0 + dx * t + px, y0 + dy * t + py)
        });
        std::iter::once(from).chain(middle).chain(std::iter::once(to)).collect()
    }

    #[test]
    fn the_axial_walk_crosses_the_hexes_of_the_planes_line() {
        // Every line from a hex in an even column, one in an odd column and one away from the
        // origin to every hex of a map larger than any scenario's, both nudges.
        let mut out = Vec::new();
        for from in [Offset(0, 0), Offset(1, 0), Offset(7, 3)].map(Offset::to_hex) {
            for col in -40..41 {
                for row in -40..41 {
                    let to = Offset(col, row).to_hex();
                    if to == from {
                        continue;
                    }
                    for nudge in [NUDGE, -NUDGE] {
                        trace(from, to, nudge, &mut out);
                        assert_eq!(out, plane_trace(from, to, nudge), "{from:?} to {to:?}, nudge {nudge}");
                    }
                }
            }
        }
    }

    #[test]
    fn straight_line_is_one_trace() {
        let from = Offset(2, 0).to_hex();
        let to = Offset(2, 4).to_hex();
        let [a, b] = traces(from, to);
        assert_eq!(a, b);
        assert_eq!(a.len(), 5);
    }

    #[test]
    fn edge_line_touches_both_sides() {
        // From a hex to the one two steps away between N and NE the line follows a hexside.
        let from = Offset(2, 4).to_hex();
        let to = Direction::NE.step(Direction::N.step(from));
        assert_eq!(from.unsigned_distance_to(to), 2);
        let [a, b] = traces(from, to);
        assert_ne!(a, b);
        let middles = [a[1], b[1]];
        assert!(middles.contains(&Direction::N.step(from)));
        assert!(middles.contains(&Direction::NE.step(from)));
    }

    #[test]
    fn traces_are_connected_and_symmetric() {
        let from = Offset(0, 0).to_hex();
        for col in 0..9 {
            for row in 0..9 {
                let to = Offset(col, row).to_hex();
                for t in traces(from, to) {
                    for w in t.windows(2) {
                        assert_eq!(w[0].unsigned_distance_to(w[1]), 1);
                    }
                }
                let mut forward = traces(from, to).map(|t| t);
                let mut back = traces(to, from).map(|mut t| {
                    t.reverse();
                    t
                });
                forward.sort_by_key(|t| t.iter().map(|h| (h.x, h.y)).collect::<Vec<_>>());
                back.sort_by_key(|t| t.iter().map(|h| (h.x, h.y)).collect::<Vec<_>>());
                assert_eq!(forward, back);
            }
        }
    }
}
