//! A tournament table's side of its coordinator (RULES.md §5): the coordinator's [`Order`]s —
//! seat a player with tournament chips, remove one between hands, a stack's new count between
//! hands (rebuy, add-on, chip race), the level from the next hand,
//! may deal or hold (hand-for-hand), close — and the [`Report`]s back: each order's outcome, and
//! each hand once it is over *and durable* ([`HandOver`]), after which the table waits for the
//! coordinator's go unless it holds a standing permission.
//!
//! What the table keeps for it ([`Tour`]) is saved with the table, in the transaction of every
//! hand's begin and finish: a new owner deals on at the same level, tells the coordinator again
//! the last hand over (the coordinator knows hands by their number at the table, so a report it
//! already had changes nothing) and deals its next hand on the coordinator's go alone.

use serde::{Deserialize, Serialize};
use tavolo_engine::game::{Game, Outcome};
use tavolo_engine::table::TableError;
use tavolo_store::UserId;

use super::io::{Effect, HandOver, LevelOrder, Order, Permit, Report};
use super::play::Live;
use super::{Stage, TableCore};
use crate::books::Member;
use crate::error::RoomError;
use crate::protocol::{AckResult, TournamentView};

/// What a tournament table keeps for its coordinator.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tour {
    /// Whether it may deal.
    pub permit: Permit,
    /// The level given last (from the next hand on).
    pub level: Option<LevelOrder>,
    /// Told to close once no hand is in play.
    pub closing: bool,
    /// The last hand over (reported once its finish is recorded; saved with that finish).
    pub last: Option<HandOver>,
    /// The permission the hand in play used up, given back if the hand is voided (and saved
    /// as given back: a table is saved as if its hand in play were voided).
    #[serde(skip)]
    pub before: Option<Permit>,
}

impl<G: Game> TableCore<G> {
    /// Carries out the coordinator's `order`, or refuses it (the table unchanged).
    pub(super) fn order(&mut self, order: Order) {
        let kind = order.kind();
        let result = if !self.kind.is_tournament() {
            Err("this is not a tournament table".to_string())
        } else if matches!(self.stage, Stage::Closing | Stage::Stopped) {
            Err("the table is closing".to_string())
        } else {
            self.carry_out(order)
        };
        if let Err(why) = result {
            tracing::warn!(table = %self.id, order = kind, error = %why, "an order refused");
            self.report(Report::Refused {
                order: kind.to_string(),
                why,
            });
        }
    }

    fn carry_out(&mut self, order: Order) -> Result<(), String> {
        match order {
            Order::Seat {
                player,
                seat,
                stack,
            } => {
                let change = (self.table.seat_with_stack(player.clone(), seat, stack))
                    .map_err(|e| e.to_string())?;
                self.lost_seats.remove(&player.id);
                self.book(change, None);
                self.report(Report::Seated {
                    player: player.id,
                    seat,
                });
            }
            Order::Remove { player } => self.remove(player)?,
            Order::Stack { player, stack } => {
                let m = (self.table.seats())
                    .find(|(_, o)| o.player.id == player)
                    .map(|(_, o)| o.player.clone())
                    .ok_or_else(|| TableError::NotSeated.to_string())?;
                self.table.restack(&m, stack).map_err(|e| e.to_string())?;
            }
            Order::Level(l) => {
                self.table.set_level(l.level).map_err(|e| e.to_string())?;
                let (_, bank) = self.kind.clock(&self.o, l.number);
                self.clock.grow_banks(bank);
                self.tour.level = Some(l);
            }
            Order::Deal(p) => {
                // The coordinator's latest word stands, whatever becomes of the hand in play.
                self.tour.permit = p;
                self.tour.before = None;
            }
            Order::Close => {
                self.tour.closing = true;
                self.tour.permit = Permit::Hold;
            }
        }
        Ok(())
    }

    /// Takes `user` off the table: at once between their hands, at the end of the hand they
    /// are dealt in (they play it to its end). [`Report::Removed`] follows when they go.
    fn remove(&mut self, user: UserId) -> Result<(), String> {
        let m = (self.table.seats())
            .find(|(_, o)| o.player.id == user)
            .map(|(_, o)| o.player.clone())
            .ok_or_else(|| TableError::NotSeated.to_string())?;
        let change = self.table.leave(&m).map_err(|e| e.to_string())?;
        self.book(change, None);
        Ok(())
    }

    /// A player left a tournament table (only an order takes one off): the coordinator is told
    /// the stack they take.
    pub(super) fn removed(&mut self, m: &Member, stack: tavolo_engine::Chips) {
        if self.kind.is_tournament() {
            self.report(Report::Removed {
                player: m.id,
                stack,
            });
        }
    }

    /// `leave` or `sit_out` at a tournament table (RULES.md §5; TDA 30): the player stays in and
    /// keeps the seat, away — dealt in, posting, and played for at once (check where free,
    /// else fold) until they sit in again; nothing is cashed out.
    pub(super) fn away(&mut self, user: &Member) -> Result<AckResult, RoomError> {
        self.table.sit_out(user).map_err(RoomError::Seating)?;
        self.start_auto(user);
        Ok(AckResult::done())
    }

    /// Whether the coordinator lets the table deal now.
    pub(super) fn permitted(&self) -> bool {
        !self.kind.deals_on_permit() || (self.tour.permit != Permit::Hold && !self.tour.closing)
    }

    /// A hand is being dealt: a permission for one hand is used up (given back if the hand
    /// is voided).
    pub(super) fn permit_used(&mut self) {
        if self.tour.permit == Permit::Next {
            self.tour.before = Some(Permit::Next);
            self.tour.permit = Permit::Hold;
        }
    }

    /// The hand dealt is void (never begun in the books, refused, closed): its stacks stay as
    /// dealt, and a permission it used up is given back.
    pub(super) fn void_dealt(
        &mut self,
    ) -> Result<tavolo_engine::table::Change<Member>, TableError> {
        if let Some(p) = self.tour.before.take() {
            self.tour.permit = p;
        }
        self.table.void_hand()
    }

    /// The orders in force as saved: as if the hand in play were voided.
    pub(super) fn saved_tour(&self) -> Tour {
        let mut t = self.tour.clone();
        if let Some(p) = t.before.take() {
            t.permit = p;
        }
        t
    }

    /// A table told to close does so once no hand is in play.
    pub(super) fn close_if_told(&mut self) {
        let idle = self.hand.is_none() && self.dealing.is_none() && self.settling.is_none();
        if self.tour.closing && idle && self.stage == Stage::Open {
            self.close();
        }
    }

    /// The report of hand `live` (number `number` at the table), over with `outcome`.
    pub(super) fn hand_over(
        &self,
        live: &Live<G>,
        number: u64,
        outcome: &Outcome,
    ) -> Option<HandOver> {
        let ids = live.members.iter().map(|m| m.id);
        let Outcome::Chips {
            start,
            end,
            carried_in,
            carried_out,
            ..
        } = outcome
        else {
            // A points game (a Swiss event's Saint Poker): each player's points, and who never
            // came.
            let Outcome::Points { scores, .. } = outcome else {
                return None;
            };
            let absent = (live.members.iter().zip(&live.came))
                .filter(|(_, came)| !**came)
                .map(|(m, _)| m.id);
            return Some(HandOver {
                hand: number,
                id: live.id.0,
                began: Vec::new(),
                ended: Vec::new(),
                carried_in: tavolo_engine::Chips::ZERO,
                carried_out: tavolo_engine::Chips::ZERO,
                points: ids.zip(scores.iter().map(|&s| i64::from(s))).collect(),
                absent: absent.collect(),
            });
        };
        Some(HandOver {
            hand: number,
            id: live.id.0,
            began: ids.clone().zip(start.iter().copied()).collect(),
            ended: ids.zip(end.iter().copied()).collect(),
            carried_in: *carried_in,
            carried_out: *carried_out,
            points: Vec::new(),
            absent: Vec::new(),
        })
    }

    /// A tournament table taken over tells its coordinator the last hand over (it may not have
    /// heard of it before the takeover; a report it had changes nothing), then the table as
    /// restored.
    pub(super) fn tell_restored(&mut self) {
        if !self.kind.is_tournament() {
            return;
        }
        if let Some(over) = self.tour.last.clone() {
            self.report(Report::HandOver(over));
        }
        let seats = (self.table.seats())
            .map(|(s, o)| (o.player.id, s, o.stack))
            .collect();
        let hands = self.table.hands_dealt();
        self.report(Report::Restored { seats, hands });
    }

    /// Tells the coordinator.
    pub(super) fn report(&mut self, r: Report) {
        self.out.push(Effect::Report(r));
    }

    /// The tournament's facts every viewer of a tournament table is shown.
    pub(super) fn tournament_view(&self) -> Option<TournamentView> {
        let super::TableKind::Tournament { tournament } = &self.kind else {
            return None;
        };
        let l = self.tour.level;
        Some(TournamentView {
            tournament: tournament.clone(),
            level: l.map(|l| l.number),
            // A Draw level has no blinds: only its ante is shown.
            small_blind: l.map(|l| l.level.small_blind).filter(|c| !c.is_zero()),
            big_blind: l.map(|l| l.level.big_blind).filter(|c| !c.is_zero()),
            ante: l.map(|l| l.level.ante),
            next_level_ms: l.and_then(|l| l.next_level_ms),
            holding: self.tour.permit == Permit::Hold,
        })
    }
}
