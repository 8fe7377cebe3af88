//! A tournament as the room holds it: the commands its task takes, its handle (the command
//! channel and what players are shown), and the registry of the tournaments this node holds.
//! No I/O here: the task itself is the room's (`crate::tournaments`).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use tokio::sync::{mpsc, oneshot};

use super::io::{Ack, Intent};
use super::shown::Shown;
use super::CoordError;
use crate::books::Member;

/// What a member's intent is answered with.
pub type IntentReply = oneshot::Sender<Result<Ack, CoordError>>;

/// A command for a tournament's task.
#[derive(Debug)]
pub enum TournamentCmd {
    /// A member's intent, answered on `reply`.
    Intent {
        /// Who.
        member: Member,
        /// What.
        intent: Intent,
        /// Where the answer goes.
        reply: IntentReply,
    },
}

/// A tournament as the room holds it.
#[derive(Clone, Debug)]
pub struct TournamentHandle {
    /// Its id.
    pub id: String,
    /// Its task's commands.
    pub tx: mpsc::Sender<TournamentCmd>,
    /// What players are shown, updated by its task.
    pub shown: Arc<Mutex<Shown>>,
}

/// The room's tournaments on this node, by id.
#[derive(Debug, Default)]
pub struct Tournaments {
    running: Mutex<BTreeMap<String, TournamentHandle>>,
}

impl Tournaments {
    /// Tournament `id`, if this node holds it.
    pub fn get(&self, id: &str) -> Option<TournamentHandle> {
        let map = self.running.lock().unwrap_or_else(|e| e.into_inner());
        map.get(id).cloned()
    }

    /// Every tournament this node holds.
    pub fn all(&self) -> Vec<TournamentHandle> {
        let map = self.running.lock().unwrap_or_else(|e| e.into_inner());
        map.values().cloned().collect()
    }

    /// Keeps `h` (a tournament started or taken up here).
    pub fn insert(&self, h: TournamentHandle) {
        let mut map = self.running.lock().unwrap_or_else(|e| e.into_inner());
        map.insert(h.id.clone(), h);
    }

    /// Forgets tournament `id` if its task has ended (its commands' channel closed): another
    /// node holds it now. Its page and lobby line are then the books', and this node may take
    /// it up again ([`crate::room::Room::resume_tournaments`] passes by the ones it holds).
    pub fn forget_ended(&self, id: &str) {
        let mut map = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(id).is_some_and(|h| h.tx.is_closed()) {
            map.remove(id);
        }
    }
}
