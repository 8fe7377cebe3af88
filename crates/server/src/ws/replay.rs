//! Replaying answers: a repeated `seq` gets the original answer and has no second effect
//! (docs/protocol.md). The cache is the session's ([`crate::sessions::Replay`]): a client that
//! reconnects may resend an intent.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::Mutex;

use crate::protocol::{Answer, Code};
use crate::sessions::Replay;

/// The replay cache of a connection's session.
#[derive(Clone, Debug)]
pub struct Answers(pub Arc<Mutex<Replay>>);

impl Answers {
    /// The answer already given to `seq`, if any.
    pub async fn get(&self, seq: u64) -> Option<Utf8Bytes> {
        self.0.lock().await.get(seq)
    }

    /// Keeps `text`, the answer to `seq`, unless it is a redirection: `elsewhere` had no
    /// effect, and the same intent sent again (once the table's dead owner lost its lease and
    /// this node took it over) must be tried again, not told the dead node's address.
    pub async fn keep(&self, seq: u64, answer: &Answer, text: &Utf8Bytes) {
        if matches!(answer, Err(e) if e.code == Code::Elsewhere) {
            return;
        }
        self.0.lock().await.put(seq, text.clone());
    }
}
