//! Group commit for SQLite: the hands begun and finished by many tables at the same moment share
//! one transaction, so one fsync of the write-ahead log makes them all durable (with
//! `synchronous=FULL` each commit costs an fsync, which capped a room at about 150 hands a
//! second). Each hand runs inside a savepoint of its own: one that fails is rolled back alone.
//! Nobody hears of a result before the commit that makes it durable.

use sqlx::{AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

use crate::hands::{begin_hand_in, finish_hand_in};
use crate::{Applied, FinishedHand, HandId, NewHand, StoreError};

/// Most hands in one transaction.
const MAX_BATCH: usize = 256;

enum Job {
    Begin(NewHand, oneshot::Sender<Result<HandId, StoreError>>),
    Finish(
        HandId,
        FinishedHand,
        oneshot::Sender<Result<Applied, StoreError>>,
    ),
}

enum Done {
    Begun(HandId),
    Finished(Applied),
}

/// The queue of hands to record, served by one task.
#[derive(Clone, Debug)]
pub(crate) struct Batcher {
    tx: mpsc::UnboundedSender<Job>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Job::Begin(h, _) => write!(f, "Begin({})", h.table),
            Job::Finish(id, _, _) => write!(f, "Finish({})", id.0),
        }
    }
}

fn gone() -> StoreError {
    StoreError::GroupCommit("the store is closed".into())
}

impl Batcher {
    /// Starts the task that records queued hands on `pool`.
    pub(crate) fn start(pool: AnyPool) -> Batcher {
        let (tx, mut rx) = mpsc::unbounded_channel::<Job>();
        tokio::spawn(async move {
            while let Some(first) = rx.recv().await {
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH {
                    match rx.try_recv() {
                        Ok(j) => batch.push(j),
                        Err(_) => break,
                    }
                }
                commit(&pool, batch).await;
            }
        });
        Batcher { tx }
    }

    pub(crate) async fn begin_hand(&self, hand: NewHand) -> Result<HandId, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx.send(Job::Begin(hand, tx)).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }

    pub(crate) async fn finish_hand(
        &self,
        id: HandId,
        done: FinishedHand,
    ) -> Result<Applied, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(Job::Finish(id, done, tx))
            .map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }
}

/// Runs a batch in one transaction, each job in its own savepoint, then answers every job.
async fn commit(pool: &AnyPool, batch: Vec<Job>) {
    let mut outcomes: Vec<Result<Done, StoreError>> = Vec::with_capacity(batch.len());
    let shared: Result<(), StoreError> = async {
        let mut tx = pool.begin().await?;
        for job in &batch {
            let mut sp = (*tx).begin().await?;
            let r = match job {
                Job::Begin(hand, _) => begin_hand_in(&mut sp, hand).await.map(Done::Begun),
                Job::Finish(id, done, _) => {
                    finish_hand_in(&mut sp, *id, done).await.map(Done::Finished)
                }
            };
            if r.is_ok() {
                sp.commit().await?;
            } else {
                sp.rollback().await?;
            }
            outcomes.push(r);
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    let failed = shared.err().map(|e| e.to_string());
    let mut outcomes = outcomes.into_iter();
    for job in batch {
        // A failed commit undoes every job of the batch: each is told so.
        let out = match (&failed, outcomes.next()) {
            (None, Some(r)) => r,
            (Some(e), _) => Err(StoreError::GroupCommit(e.clone())),
            (None, None) => Err(StoreError::GroupCommit("the batch stopped early".into())),
        };
        match job {
            Job::Begin(_, reply) => {
                let _ = reply.send(out.and_then(|d| match d {
                    Done::Begun(id) => Ok(id),
                    Done::Finished(_) => Err(StoreError::GroupCommit("a mismatched answer".into())),
                }));
            }
            Job::Finish(_, _, reply) => {
                let _ = reply.send(out.and_then(|d| match d {
                    Done::Finished(a) => Ok(a),
                    Done::Begun(_) => Err(StoreError::GroupCommit("a mismatched answer".into())),
                }));
            }
        }
    }
}
