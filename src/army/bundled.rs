//! The army lists compiled into the program, so every build (the web one too) has them: the
//! rulesets' own tables of profiles, in the format a player writes.

use super::ArmyList;
use std::sync::{Arc, OnceLock};

/// `(file name under armies/, text)` of every bundled army list.
pub const BUNDLED: &[(&str, &str)] = &[
    ("thucydide-antiquity.ron", include_str!("../../armies/thucydide-antiquity.ron")),
    ("swordpoint-ancient-medieval.ron", include_str!("../../armies/swordpoint-ancient-medieval.ron")),
    ("black-powder-napoleonic.ron", include_str!("../../armies/black-powder-napoleonic.ron")),
    ("swidenth-patrol.ron", include_str!("../../armies/swidenth-patrol.ron")),
    ("black-vale-raiders.ron", include_str!("../../armies/black-vale-raiders.ron")),
    ("ost-de-swidenth.ron", include_str!("../../armies/ost-de-swidenth.ron")),
    ("horde-du-val-noir.ron", include_str!("../../armies/horde-du-val-noir.ron")),
];

/// Every bundled list, parsed once. They are part of the program and checked by the tests, so a
/// failure to parse one is a build defect, not bad user input.
pub fn all() -> Vec<Arc<ArmyList>> {
    static LISTS: OnceLock<Vec<Arc<ArmyList>>> = OnceLock::new();
    LISTS
        .get_or_init(|| {
            BUNDLED
                .iter()
                .map(|(file, text)| Arc::new(super::parse(&format!("armies/{file}"), text).unwrap_or_else(|e| panic!("{e}"))))
                .collect()
        })
        .clone()
}
