//! The battle editor's model, without a screen: a battle being made (its scenario), the edits
//! that change it, each checked before it is made, and their history for undo and redo. The
//! window's editor draws and clicks on it; `scenario::to_ron` saves it.

pub mod edit;
pub mod form;
pub mod history;
pub mod muster;

pub use edit::{Edit, Paint};
pub use history::History;
