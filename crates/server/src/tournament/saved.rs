//! A tournament as it survives its owner: the committed seed, the log of every input the
//! engine's [`Tournament`](tavolo_engine::tournament::Tournament) accepted, in order, and the
//! movements of money sent to the books and not answered for good.
//!
//! Why a log and not the engine's state: the engine is deterministic, so replaying the log from
//! the seed rebuilds exactly the state the old owner had — the same draws, the same finishing
//! order, the same prizes — and every step is checked again on the way (a log the engine does
//! not accept is refused, never half restored). The engine's private representation stays
//! free to change: only these steps are a stored format. The log grows with the tournament (a
//! step per hand), so the books keep it as rows, a step each, and a save carries only the steps
//! the books do not hold yet ([`TournamentSave::from`]): what a save writes does not grow with
//! the hands, and the coordinator keeps in memory only the steps not saved yet.
//!
//! Every movement's key is made here, from durable facts only — the tournament, the member,
//! the entry's or rebuy's number, the place (0 for a share of a tournament called off; a player
//! still in has no place and one share), a deal's share (one deal a tournament pays shares
//! before the places are known: one that kept money back, after which no deal is made), the
//! house's one overlay — so that a movement sent again, by this owner or the next, is the same
//! movement: "already done", never done twice.

use serde::{Deserialize, Serialize};
use tavolo_engine::tournament::{Config, DealKind};
use tavolo_engine::{Chips, ChipsError};
use tavolo_store::{Account, Journal, PoolMove, TournamentRow, TournamentSaveRow, UserId};

use super::io::{HandOver, Lease, TournamentSave};
use super::swiss::SwissGame;
use crate::books::Member;

/// One input the tournament accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// The books recorded the `n`-th entry charge of `member` (whether the tournament then took
    /// it or it bounced, refunded), at this time.
    Entered {
        /// Who.
        member: Member,
        /// The entry's number for them (1 first).
        n: u32,
        /// The time (Unix ms).
        at_ms: u64,
    },
    /// The books recorded the `k`-th rebuy of `member`: it waits for their table to be between
    /// hands.
    RebuyBooked {
        /// Who.
        member: Member,
        /// The rebuy's number for them (1 first).
        k: u32,
    },
    /// Rebuy `k` of `user` given to the tournament, between hands (whether it took it or it
    /// bounced, refunded).
    Rebuy {
        /// Who.
        user: UserId,
        /// The rebuy's number.
        k: u32,
    },
    /// The books recorded the `k`-th add-on charge of `member`: it waits for their table to be
    /// between hands.
    AddOnBooked {
        /// Who.
        member: Member,
        /// The add-on charge's number for them (1 first; a later one only after one bounced).
        k: u32,
    },
    /// Add-on charge `k` of `user` given to the tournament, between hands (whether it took it
    /// or it bounced, refunded).
    AddOn {
        /// Who.
        user: UserId,
        /// The charge's number.
        k: u32,
    },
    /// A player proposed a deal at the final table, at this time.
    DealProposed {
        /// Who.
        user: UserId,
        /// Its kind.
        kind: DealKind,
        /// The prize money it keeps back to play for: 0 (and not written) for none, as in a log
        /// from before deals kept money back (issue 51).
        #[serde(default, skip_serializing_if = "is_zero")]
        keep_back: Chips,
        /// The time (Unix ms).
        at_ms: u64,
    },
    /// A player answered the deal proposed, at this time.
    DealAnswered {
        /// Who.
        user: UserId,
        /// Accepted (true) or declined.
        accept: bool,
        /// The time (Unix ms).
        at_ms: u64,
    },
    /// A member withdrew.
    Unregistered {
        /// Who.
        user: UserId,
    },
    /// The clock moved the tournament (a start, a level, registration closed).
    Tick {
        /// The time (Unix ms).
        at_ms: u64,
    },
    /// A table was told to deal its next hand.
    Dealt {
        /// The table.
        table: usize,
    },
    /// A table's hand is over, at this time.
    HandOver(Reported),
    /// A Swiss event's game is over (a Saint Poker table's result).
    SwissGame(SwissGame),
    /// The room's operator called the tournament off: no table deals another hand, and once
    /// none is in a hand, [`Step::Cancel`].
    CancelAsked,
    /// The tournament called off, every table between hands (the engine's `cancel`).
    Cancel,
    /// The books recorded a payout — a refund, a prize, a deal's share: nothing changes but its
    /// player is told. A step so that a new owner tells it again (issue 51): the answer is not
    /// otherwise in the log, and the save that holds this step no longer lists it pending.
    PaidOut {
        /// The payout.
        movement: Movement,
    },
    /// The books refused a charge whose player waited for no answer (it was answered pending):
    /// nothing changes but the player is told why — a step, as [`Step::PaidOut`], so that a new
    /// owner tells it again. (A refusal answered to the intent waiting for it is not logged.)
    ChargeRefused {
        /// The charge.
        movement: Movement,
        /// The account that fell short, if that was why.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        short: Option<String>,
        /// The books' words.
        why: String,
    },
}

/// Whether `c` is nothing (a field left out of the log when it is).
fn is_zero(c: &Chips) -> bool {
    c.is_zero()
}

/// A table's report of a hand as the tournament took it, at a time (hand-for-hand stops the
/// clock from the hand that begins it to the hand that ends it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reported {
    /// The table's report.
    #[serde(flatten)]
    pub report: HandOver,
    /// The time (Unix ms). 0 in a log saved before the time was kept: such a hand is over at
    /// the latest time the tournament had (the engine's clock never goes back).
    #[serde(default)]
    pub at_ms: u64,
}

/// A movement of the prize pool the coordinator makes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Movement {
    /// The `n`-th entry of `member`: the prize part into the pool, the fee to the house.
    Entry {
        /// Who pays.
        member: Member,
        /// The entry's number.
        n: u32,
    },
    /// The `k`-th rebuy of `member`: its prize part into the pool.
    Rebuy {
        /// Who pays.
        member: Member,
        /// The rebuy's number.
        k: u32,
    },
    /// The `k`-th add-on charge of `member`: the add-on's price into the pool.
    AddOn {
        /// Who pays.
        member: Member,
        /// The charge's number.
        k: u32,
    },
    /// Entry `n` of `member` given back.
    EntryBack {
        /// To whom.
        member: Member,
        /// The entry's number.
        n: u32,
    },
    /// Rebuy `k` of `member` given back.
    RebuyBack {
        /// To whom.
        member: Member,
        /// The rebuy's number.
        k: u32,
    },
    /// Add-on charge `k` of `member` given back.
    AddOnBack {
        /// To whom.
        member: Member,
        /// The charge's number.
        k: u32,
    },
    /// The fee of entry `n` of `member` given back (called off after the first bust: the prize
    /// part stays in the pool, shared).
    FeeBack {
        /// To whom.
        member: Member,
        /// The entry's number.
        n: u32,
    },
    /// The house's overlay into the pool (`back`: out of it, to the house), once: its key is
    /// the tournament's.
    Overlay {
        /// How much.
        amount: Chips,
        /// Given back to the house (called off before the first bust).
        back: bool,
    },
    /// The prize of `place` to `member` (place 0: a share of a tournament called off).
    Prize {
        /// The winner.
        member: Member,
        /// The place (1 first; tied players share a place's number).
        place: usize,
        /// The prize.
        amount: Chips,
    },
    /// `member`'s share of the deal that kept money back (paid when it is made, before any
    /// place is known; a tournament makes one such deal at most).
    DealShare {
        /// Whose.
        member: Member,
        /// The share.
        amount: Chips,
    },
}

impl Movement {
    /// Whose money it is (the house's overlay: nobody's).
    pub fn member(&self) -> Option<&Member> {
        match self {
            Movement::Entry { member, .. }
            | Movement::Rebuy { member, .. }
            | Movement::EntryBack { member, .. }
            | Movement::RebuyBack { member, .. }
            | Movement::AddOn { member, .. }
            | Movement::AddOnBack { member, .. }
            | Movement::FeeBack { member, .. }
            | Movement::Prize { member, .. }
            | Movement::DealShare { member, .. } => Some(member),
            Movement::Overlay { .. } => None,
        }
    }

    /// Chips a refund of this movement's kind gives back, or a charge takes (the prize part and
    /// the fee).
    pub fn parts(&self, config: &Config) -> (Chips, Chips) {
        match self {
            Movement::Entry { .. } | Movement::EntryBack { .. } => (config.prize, config.fee),
            Movement::Rebuy { .. } | Movement::RebuyBack { .. } => (config.prize, Chips::ZERO),
            Movement::AddOn { .. } | Movement::AddOnBack { .. } => {
                let price = config.add_on.map_or(Chips::ZERO, |a| a.prize);
                (price, Chips::ZERO)
            }
            Movement::FeeBack { .. } => (Chips::ZERO, config.fee),
            Movement::Prize { amount, .. }
            | Movement::DealShare { amount, .. }
            | Movement::Overlay { amount, .. } => (*amount, Chips::ZERO),
        }
    }

    /// The movement's journal for tournament `id` (its key from durable facts: see the module
    /// documentation).
    pub fn journal(&self, id: &str, config: &Config) -> Result<Journal, ChipsError> {
        let (prize, fee) = self.parts(config);
        let (prize, fee) = (prize.to_ledger()?, fee.to_ledger()?);
        let key = |what: String| format!("tournament:{id}:{what}");
        let account = match self.member() {
            Some(m) if m.bot => Account::Bots,
            Some(m) => Account::User(m.id),
            None => Account::House,
        };
        let u = self.member().map_or(0, |m| m.id.0);
        Ok(match self {
            Movement::Entry { n, .. } => {
                PoolMove::charge(key(format!("entry:{u}:{n}")), id, account, prize, fee)
            }
            Movement::Rebuy { k, .. } => {
                PoolMove::charge(key(format!("rebuy:{u}:{k}")), id, account, prize, 0)
            }
            Movement::EntryBack { n, .. } => PoolMove::refund(
                key(format!("refund:entry:{u}:{n}")),
                id,
                account,
                prize,
                fee,
            ),
            Movement::RebuyBack { k, .. } => {
                PoolMove::refund(key(format!("refund:rebuy:{u}:{k}")), id, account, prize, 0)
            }
            Movement::AddOn { k, .. } => {
                PoolMove::charge(key(format!("addon:{u}:{k}")), id, account, prize, 0)
            }
            Movement::AddOnBack { k, .. } => {
                PoolMove::refund(key(format!("refund:addon:{u}:{k}")), id, account, prize, 0)
            }
            Movement::FeeBack { n, .. } => {
                PoolMove::refund(key(format!("refund:fee:{u}:{n}")), id, account, 0, fee)
            }
            Movement::Prize { place, .. } => {
                PoolMove::prize(key(format!("prize:{place}:{u}")), id, account, prize)
            }
            Movement::DealShare { .. } => {
                PoolMove::prize(key(format!("deal:{u}")), id, account, prize)
            }
            Movement::Overlay { back: false, .. } => {
                PoolMove::overlay(key("overlay".into()), id, prize, false)
            }
            Movement::Overlay { back: true, .. } => {
                PoolMove::overlay(key("overlay:back".into()), id, prize, true)
            }
        })
    }

    /// Whether it takes money in (an entry, a rebuy) rather than paying out.
    pub fn is_charge(&self) -> bool {
        matches!(
            self,
            Movement::Entry { .. } | Movement::Rebuy { .. } | Movement::AddOn { .. }
        )
    }
}

/// The coordinator as another owner restores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTournament {
    /// The committed seed every draw comes from.
    pub seed: [u8; 32],
    /// Inputs the tournament accepted, oldest first: in a save, those from its
    /// [`TournamentSave::from`] on. Kept as rows, not in the save's own text — but a save made
    /// before the rows (issue 51) holds the whole log here, and loads as it was saved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<Step>,
    /// The movements sent to the books and not answered for good, oldest first: the new owner
    /// sends them again, the same.
    pub pending: Vec<Movement>,
}

impl TournamentSave {
    /// Checks a save read back for a coordinator of `seed` taking over after `held` steps the
    /// books hold as rows (the one check of the Hold'em, Draw and Swiss coordinators' restores):
    /// of this seed, and following those rows.
    pub(crate) fn follows(&self, seed: &[u8; 32], held: usize) -> Result<(), super::CoordError> {
        use super::CoordError;
        if self.state.seed != *seed {
            return Err(CoordError::Saved("the save is of another seed".into()));
        }
        if held as u64 != self.from {
            let why = format!("{held} steps held, the save follows {}", self.from);
            return Err(CoordError::Saved(why));
        }
        Ok(())
    }

    /// The save as the books keep it: each step it carries a row of the log (those the books
    /// hold already are not written again), the rest — the seed, the movements pending — and
    /// the lobby line `summary` in the tournament's row.
    pub fn to_row(&self, summary: String) -> Result<TournamentSaveRow, serde_json::Error> {
        let rest = SavedTournament {
            seed: self.state.seed,
            log: Vec::new(),
            pending: self.state.pending.clone(),
        };
        let steps = (self.state.log.iter())
            .map(serde_json::to_string)
            .collect::<Result<_, _>>()?;
        Ok(TournamentSaveRow {
            state: serde_json::to_string(&rest)?,
            summary,
            seq: i64::try_from(self.seq).unwrap_or(i64::MAX),
            from: i64::try_from(self.from).unwrap_or(i64::MAX),
            steps,
        })
    }

    /// The newest save of `row`'s tournament read back for `lease`, with `steps`, the rows of
    /// its log ([`tavolo_store::Store::tournament_steps`]): the steps they hold, and the save
    /// whose own log follows them (empty, or a save's from before the rows: the whole log).
    /// `None`: never saved.
    pub fn from_rows(
        lease: Lease,
        row: &TournamentRow,
        steps: &[String],
    ) -> Result<Option<(Vec<Step>, TournamentSave)>, String> {
        let Some(state) = row.state.as_deref() else {
            return Ok(None);
        };
        let state: SavedTournament = serde_json::from_str(state).map_err(|e| e.to_string())?;
        let held = (steps.iter().enumerate())
            .map(|(i, s)| serde_json::from_str(s).map_err(|e| format!("step {i}: {e}")))
            .collect::<Result<Vec<Step>, String>>()?;
        let save = TournamentSave {
            lease,
            seq: u64::try_from(row.saved_seq).unwrap_or(0),
            from: held.len() as u64,
            state,
        };
        Ok(Some((held, save)))
    }
}
