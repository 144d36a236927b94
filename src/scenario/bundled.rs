//! The scenarios compiled into the program, so every build (the web one too) has them.

pub const DEFAULT: &str = "thucydide-first-clash";

/// `(file name, text)` of every bundled scenario.
pub const BUNDLED: &[(&str, &str)] = &[
    ("thucydide-first-clash.ron", include_str!("../../scenarios/thucydide-first-clash.ron")),
    ("thucydide-hydaspes.ron", include_str!("../../scenarios/thucydide-hydaspes.ron")),
    ("swordpoint-hastings-skirmish.ron", include_str!("../../scenarios/swordpoint-hastings-skirmish.ron")),
    ("swordpoint-heraclea.ron", include_str!("../../scenarios/swordpoint-heraclea.ron")),
    ("black-powder-quatre-bras.ron", include_str!("../../scenarios/black-powder-quatre-bras.ron")),
    ("black-powder-plancenoit.ron", include_str!("../../scenarios/black-powder-plancenoit.ron")),
    ("swidenth-border-patrol.ron", include_str!("../../scenarios/swidenth-border-patrol.ron")),
    ("swidenth-ruined-village.ron", include_str!("../../scenarios/swidenth-ruined-village.ron")),
    ("mass-battle-field.ron", include_str!("../../scenarios/mass-battle-field.ron")),
    ("mass-battle-heroes.ron", include_str!("../../scenarios/mass-battle-heroes.ron")),
    ("mass-battle-siege.ron", include_str!("../../scenarios/mass-battle-siege.ron")),
];

/// Every bundled scenario, parsed once (the menu asks every frame), in the list's order.
pub fn all() -> impl Iterator<Item = super::Scenario> {
    static PARSED: std::sync::OnceLock<Vec<super::Scenario>> = std::sync::OnceLock::new();
    PARSED.get_or_init(|| BUNDLED.iter().filter_map(|(_, text)| super::parse(text).ok()).collect()).iter().cloned()
}

/// A bundled scenario by id, parsed.
pub fn find(id: &str) -> Option<super::Scenario> {
    all().find(|s| s.id == id)
}
