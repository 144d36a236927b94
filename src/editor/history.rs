//! Undo and redo for the battle editor: each edit keeps the battle as it was before it, so undoing
//! gives back exactly what was there, and a new edit after an undo forgets what was undone. It
//! knows the battle as last saved, for the "modified" mark and the question before edits are lost.

/// A battle under edit, and the battles before each edit made and after each one undone.
#[derive(Clone, Debug)]
pub struct History<T> {
    now: T,
    before: Vec<T>,
    undone: Vec<T>,
    saved: T,
}

impl<T: Clone + PartialEq> History<T> {
    /// A history starting at `start`, as saved.
    pub fn new(start: T) -> History<T> {
        History { saved: start.clone(), now: start, before: Vec::new(), undone: Vec::new() }
    }

    pub fn now(&self) -> &T {
        &self.now
    }

    /// Makes a change; a change that changes nothing is not one to undo. Redo is forgotten.
    pub fn change<E>(&mut self, f: impl FnOnce(&mut T) -> Result<(), E>) -> Result<(), E> {
        let mut next = self.now.clone();
        f(&mut next)?;
        if next != self.now {
            self.before.push(std::mem::replace(&mut self.now, next));
            self.undone.clear();
        }
        Ok(())
    }

    /// Makes a change part of the last one, undone with it: a brush stroke's later hexes. Only
    /// right straight after that change (`depth` unchanged, nothing to redo), which the caller
    /// knows.
    pub fn amend<E>(&mut self, f: impl FnOnce(&mut T) -> Result<(), E>) -> Result<(), E> {
        let mut next = self.now.clone();
        f(&mut next)?;
        self.now = next;
        Ok(())
    }

    /// Changes the battle now, before every change, after every one undone and as saved alike:
    /// what is no edit to undo (the id a save makes unique).
    pub fn change_everywhere(&mut self, f: impl Fn(&mut T)) {
        for t in std::iter::once(&mut self.now).chain(&mut self.before).chain(&mut self.undone).chain(std::iter::once(&mut self.saved)) {
            f(t);
        }
    }

    /// Undoes the last change; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(previous) = self.before.pop() else { return false };
        self.undone.push(std::mem::replace(&mut self.now, previous));
        true
    }

    /// Makes again the last change undone; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.undone.pop() else { return false };
        self.before.push(std::mem::replace(&mut self.now, next));
        true
    }

    /// How many changes may be undone: a brush stroke knows by it whether it has made its first.
    pub fn depth(&self) -> usize {
        self.before.len()
    }

    pub fn can_undo(&self) -> bool {
        !self.before.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Whether the battle differs from the one last saved.
    pub fn modified(&self) -> bool {
        self.now != self.saved
    }

    /// The battle is saved as it is now.
    pub fn saved(&mut self) {
        self.saved = self.now.clone();
    }
}
