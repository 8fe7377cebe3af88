//! A deal at the final table (RULES.md §5, "Kinds and money"): a player still in proposes to
//! share the prize money left by ICM or by the chip chop, keeping back an amount to play for if
//! they like; every player still in must accept within [`DEAL_MS`]. Meanwhile the table deals no
//! new hand (the hand in play finishes, as at a break). One decline, or the time running out,
//! and play goes on. Everyone accepting: a deal that keeps nothing back ends the tournament with
//! its figures paid; one that keeps money back pays its shares at once ([`Effect::PayShare`])
//! and play goes on, the places decided by play, the winner taking the amount kept back
//! ([`KeptBack`]; docs/rule-decisions.md, "Making a deal").
//!
//! The figures are those of the stacks between hands: a proposal made while the hand is played
//! is figured again when it ends, and acceptances are taken only between hands (the stacks
//! accepted are those the deal pays).

use std::collections::BTreeSet;

use super::{Effect, Phase, Tournament, TournamentError};
use crate::tournament::deal::{check, chip_chop, icm_rounded, shared_prizes, MAX_DEAL_PLAYERS};
use crate::tournament::finish::Placed;
use crate::Chips;

/// How long the players have to accept a deal (ms) from its proposal.
pub const DEAL_MS: u64 = 120_000;

/// How a deal shares the prize money left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealKind {
    /// The Independent Chip Model, in whole chips ([`icm_chips`](crate::tournament::icm_chips)).
    Icm,
    /// The chip chop ([`chip_chop`]).
    Chop,
}

/// A deal proposed and not yet made or off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal<P> {
    /// The kind proposed.
    pub kind: DealKind,
    /// Who proposed it.
    pub by: P,
    /// The prize money kept back to play for (taken off the top of the prizes left:
    /// [`shared_prizes`]); the figures share the rest.
    pub keep_back: Chips,
    /// When it lapses unless everyone has accepted (ms).
    pub until_ms: u64,
    /// The players in it, most chips first (equal stacks: the lower player first): the order of
    /// the places the deal gives.
    pub players: Vec<P>,
    /// Their stacks, as figured.
    pub stacks: Vec<Chips>,
    /// What each would take by ICM (of the prizes less the amount kept back).
    pub icm: Vec<Chips>,
    /// Each one's ICM figure rounded down ([`icm_floors`](crate::tournament::icm_floors)): at
    /// most their `icm`.
    pub icm_floor: Vec<Chips>,
    /// What each would take by the chip chop.
    pub chop: Vec<Chips>,
    /// Who has accepted these figures.
    pub accepted: BTreeSet<P>,
    /// The figures are final (the table is between hands): answers are taken.
    pub settled: bool,
}

impl<P: Copy + Ord> Deal<P> {
    /// What each player would take by the kind proposed.
    pub fn figures(&self) -> &[Chips] {
        match self.kind {
            DealKind::Icm => &self.icm,
            DealKind::Chop => &self.chop,
        }
    }
}

/// A deal made that kept money back: play goes on for it, and the winner takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeptBack {
    /// The amount kept back: the winner's.
    pub amount: Chips,
    /// What the deal's shares paid.
    pub shared: Chips,
    /// How many places were given before the deal: they are paid their prizes; the places
    /// given after it are paid nothing but the amount kept back, to the winner.
    pub places_before: usize,
}

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    /// The deal proposed, if any.
    pub fn deal(&self) -> Option<&Deal<P>> {
        self.deal.as_ref()
    }

    /// The deal made that kept money back, while play goes on for it (and after).
    pub fn kept_back(&self) -> Option<&KeptBack> {
        self.kept_back.as_ref()
    }

    /// `player` proposes a deal of `kind` keeping `keep_back` back to play for, at `now_ms`:
    /// refused unless the prizes are fixed, they are still in, and the players left, at most
    /// ten, sit at one table ([`Tournament::deal_refusal`]), or if more is kept back than the
    /// prize money left. A deal whose time is up by `now_ms` lapses first.
    pub fn propose_deal(
        &mut self,
        player: P,
        kind: DealKind,
        keep_back: Chips,
        now_ms: u64,
    ) -> Result<Vec<Effect<P>>, TournamentError> {
        if let Some(e) = self.deal_refusal(player, now_ms) {
            return Err(e);
        }
        let mut deal = Deal {
            kind,
            by: player,
            keep_back,
            until_ms: now_ms.saturating_add(DEAL_MS),
            players: Vec::new(),
            stacks: Vec::new(),
            icm: Vec::new(),
            icm_floor: Vec::new(),
            chop: Vec::new(),
            accepted: BTreeSet::new(),
            settled: false,
        };
        self.figure(&mut deal)?;
        if deal.settled {
            deal.accepted.insert(player);
        }
        let mut out = Vec::new();
        self.deal_clock(now_ms, &mut out);
        let until_ms = deal.until_ms;
        self.deal = Some(deal);
        out.push(Effect::DealProposed {
            by: player,
            kind,
            keep_back,
            until_ms,
        });
        Ok(out)
    }

    /// Why [`Tournament::propose_deal`] would refuse `player` at `now_ms`; `None`: it would not
    /// (what the room offers them). Reads the state only: no figures are made.
    pub fn deal_refusal(&self, player: P, now_ms: u64) -> Option<TournamentError> {
        if self.phase != Phase::Running {
            return Some(TournamentError::Over);
        }
        if self.open || self.prizes.is_none() {
            return Some(TournamentError::NotAllowed(
                "a deal is made once the prizes are fixed",
            ));
        }
        if !self.stacks.contains_key(&player) {
            return Some(TournamentError::NotIn);
        }
        if self.kept_back.is_some() {
            return Some(TournamentError::NotAllowed(
                "a deal was made: what it kept back is played for",
            ));
        }
        if self.stacks.len() > MAX_DEAL_PLAYERS || self.tables_in_play() != 1 {
            return Some(TournamentError::NotAllowed(
                "a deal is made at the final table, of at most ten",
            ));
        }
        if self.deal.as_ref().is_some_and(|d| now_ms < d.until_ms) {
            return Some(TournamentError::NotAllowed("a deal is proposed already"));
        }
        let stacks: Vec<Chips> = self.stacks.values().copied().collect();
        check(&stacks, self.deal_prizes()).err().map(Into::into)
    }

    /// The prizes a deal shares: those of the places not given yet.
    fn deal_prizes(&self) -> &[Chips] {
        let all = self.prizes.as_deref().unwrap_or_default();
        &all[..all.len().min(self.stacks.len())]
    }

    /// `player` accepts (between hands) or declines the deal proposed, at `now_ms`. The last
    /// acceptance makes it: nothing kept back, the tournament ends on the deal's figures; money
    /// kept back, the shares are paid and play goes on for it ([`KeptBack`]).
    pub fn answer_deal(
        &mut self,
        player: P,
        accept: bool,
        now_ms: u64,
    ) -> Result<Vec<Effect<P>>, TournamentError> {
        let mut out = Vec::new();
        let Some(deal) = self.deal.as_mut() else {
            return Err(TournamentError::NotAllowed("no deal is proposed"));
        };
        if !deal.players.contains(&player) {
            return Err(TournamentError::NotIn);
        }
        if now_ms >= deal.until_ms || !accept {
            let declined_by = (now_ms < deal.until_ms).then_some(player);
            self.deal = None;
            out.push(Effect::DealOff(declined_by));
            return Ok(out);
        }
        if !deal.settled {
            return Err(TournamentError::NotAllowed(
                "a deal is accepted once the hand in play is over",
            ));
        }
        deal.accepted.insert(player);
        if deal.accepted.len() == deal.players.len() {
            self.make_deal(&mut out)?;
        }
        Ok(out)
    }

    /// The deal lapses at `now_ms` if its time is up.
    pub(super) fn deal_clock(&mut self, now_ms: u64, out: &mut Vec<Effect<P>>) {
        if self.deal.as_ref().is_some_and(|d| now_ms >= d.until_ms) {
            self.deal = None;
            out.push(Effect::DealOff(None));
        }
    }

    /// A hand is over: the deal proposed is figured again from the stacks now (acceptances of
    /// other figures lapse), or is off if it cannot be.
    pub(super) fn refigure_deal(&mut self, out: &mut Vec<Effect<P>>) {
        let Some(mut deal) = self.deal.take() else {
            return;
        };
        if self.phase != Phase::Running || self.figure(&mut deal).is_err() {
            out.push(Effect::DealOff(None));
            return;
        }
        self.deal = Some(deal);
    }

    /// The deal's players, stacks and figures from the stacks now; acceptances are kept only
    /// if the figures are unchanged.
    fn figure(&self, deal: &mut Deal<P>) -> Result<(), TournamentError> {
        let mut left: Vec<(P, Chips)> = self.stacks.iter().map(|(p, c)| (*p, *c)).collect();
        left.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let (players, stacks): (Vec<P>, Vec<Chips>) = left.into_iter().unzip();
        let prizes = shared_prizes(self.deal_prizes(), deal.keep_back)?;
        let icm = icm_rounded(&stacks, &prizes)?;
        let chop = chip_chop(&stacks, &prizes)?;
        if (&players, &icm.chips, &chop) != (&deal.players, &deal.icm, &deal.chop) {
            deal.accepted.clear();
        }
        (deal.players, deal.stacks, deal.chop) = (players, stacks, chop);
        (deal.icm, deal.icm_floor) = (icm.chips, icm.floors);
        deal.settled = self.tables.iter().all(|t| t.idle);
        Ok(())
    }

    /// Everyone accepted. Nothing kept back: the tournament ends on the deal's figures — the
    /// places already given are paid, the players in the deal are placed in the order of their
    /// stacks and paid its figures. Money kept back: the shares are paid now, and play goes on
    /// for the amount kept back ([`KeptBack`]).
    fn make_deal(&mut self, out: &mut Vec<Effect<P>>) -> Result<(), TournamentError> {
        let Some(deal) = self.deal.take() else {
            return Ok(());
        };
        let shares: Vec<(P, Chips)> = (deal.players.iter().copied())
            .zip(deal.figures().iter().copied())
            .collect();
        let made = Effect::DealMade {
            kind: deal.kind,
            shares: shares.clone(),
            keep_back: deal.keep_back,
        };
        if !deal.keep_back.is_zero() {
            out.push(made);
            self.kept_back = Some(KeptBack {
                amount: deal.keep_back,
                shared: shares.iter().map(|(_, c)| *c).sum(),
                places_before: self.placed.len(),
            });
            for (player, amount) in shares {
                if amount > 0 {
                    out.push(Effect::PayShare { player, amount });
                }
            }
            return Ok(());
        }
        let prizes = self.prizes.clone().unwrap_or_default();
        self.pay_places(&prizes, out)?;
        out.push(made);
        for (i, (&player, &stack)) in deal.players.iter().zip(&deal.stacks).enumerate() {
            let p = Placed {
                player,
                place: i + 1,
                tied: 1,
            };
            self.placed.push((p, stack, 0));
            out.push(Effect::Busted(p));
        }
        for (player, amount) in shares {
            if amount > 0 {
                out.push(Effect::Pay { player, amount });
            }
        }
        self.phase = Phase::Finished;
        out.push(Effect::Finished);
        Ok(())
    }
}
