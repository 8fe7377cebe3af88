//! Group commit for SQLite: the hands begun and finished by many tables at the same moment share
//! one transaction, so one fsync of the write-ahead log makes them all durable (with
//! `synchronous=FULL` each commit costs an fsync, which capped a room at about 150 hands a
//! second). Each hand runs inside a savepoint of its own: one that fails is rolled back alone.
//! Nobody hears of a result before the commit that makes it durable.

use std::sync::Arc;

use sqlx::{AnyConnection, AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

use crate::hands::{begin_hand_in, finish_hand_in};
use crate::write::discard;
use crate::{Applied, FinishedHand, HandId, NewHand, StoreError, WriteHealth};

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

/// Sends a job its answer once the batch's fate is known: its own result if the batch committed,
/// the batch's error (`Some`) if it did not.
type Answer = Box<dyn FnOnce(Option<&str>) + Send>;

fn answer<T: Send + 'static>(
    reply: oneshot::Sender<Result<T, StoreError>>,
    result: Result<T, StoreError>,
) -> Answer {
    Box::new(move |failed| {
        let result = match failed {
            Some(e) => Err(StoreError::GroupCommit(e.to_string())),
            None => result,
        };
        let _ = reply.send(result);
    })
}

impl Job {
    /// Runs the job on `conn` (a savepoint): whether it succeeded, and its answer.
    async fn run(self, conn: &mut AnyConnection) -> (bool, Answer) {
        match self {
            Job::Begin(hand, reply) => {
                // One connection writes everything: the hand's journal mark is exact without locks.
                let r = begin_hand_in(conn, &hand, false).await;
                (r.is_ok(), answer(reply, r))
            }
            Job::Finish(id, done, reply) => {
                let r = finish_hand_in(conn, id, &done).await;
                (r.is_ok(), answer(reply, r))
            }
        }
    }

    /// The answer of a job the batch never ran (its transaction had already failed).
    fn unrun(self) -> Answer {
        let not_run = || StoreError::GroupCommit("not run".into());
        match self {
            Job::Begin(_, reply) => answer(reply, Err(not_run())),
            Job::Finish(_, _, reply) => answer(reply, Err(not_run())),
        }
    }
}

/// The queue of hands to record, served by one task.
#[derive(Clone, Debug)]
pub(crate) struct Batcher {
    tx: mpsc::UnboundedSender<Job>,
}

fn gone() -> StoreError {
    StoreError::GroupCommit("the store is closed".into())
}

impl Batcher {
    /// Starts the task that records queued hands on `pool`.
    pub(crate) fn start(pool: AnyPool, health: Arc<WriteHealth>) -> Batcher {
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
                commit(&pool, &health, batch).await;
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

/// Runs a batch in one transaction, each job in its own savepoint, then answers every job. A
/// batch that fails in the database discards its connection (see `write.rs`).
async fn commit(pool: &AnyPool, health: &WriteHealth, batch: Vec<Job>) {
    let mut jobs = batch.into_iter();
    let mut answers: Vec<Answer> = Vec::with_capacity(jobs.len());
    let mut conn = match pool.acquire().await {
        Ok(c) => c,
        Err(e) => {
            let e = StoreError::from(e);
            health.failed(&e);
            let failed = e.to_string();
            for job in jobs {
                job.unrun()(Some(&failed));
            }
            return;
        }
    };
    let shared: Result<(), StoreError> = async {
        let mut tx = Connection::begin(&mut *conn).await?;
        for job in jobs.by_ref() {
            let mut sp = match (*tx).begin().await {
                Ok(sp) => sp,
                Err(e) => {
                    answers.push(job.unrun());
                    return Err(e);
                }
            };
            let (ok, a) = job.run(&mut sp).await;
            answers.push(a);
            if ok {
                sp.commit().await?;
            } else {
                sp.rollback().await?;
            }
        }
        tx.commit().await
    }
    .await
    .map_err(StoreError::from);
    answers.extend(jobs.map(Job::unrun));
    match &shared {
        Ok(()) => health.succeeded(),
        Err(e) => discard(&mut conn, health, e),
    }
    // A failed commit undoes every job of the batch: each is told so.
    let failed = shared.err().map(|e| e.to_string());
    for a in answers {
        a(failed.as_deref());
    }
}
