//! What players are shown of a tournament (RULES.md §5): the lobby's line, the
//! standings with places and prizes, its tables, and each player's notices — made from the
//! coordinator's state after every step, kept by its shell for the HTTP API to read.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use tavolo_engine::tournament::{DealKind, Phase};
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::io::Notice;
use super::Coordinator;
use crate::protocol::tournament::{
    TournamentDeal, TournamentDealShare, TournamentDetail, TournamentEntrant, TournamentLevel,
    TournamentLine, TournamentMe, TournamentNotice, TournamentStatus,
};

/// The most notices kept a player (the oldest go first).
const NOTICES_KEPT: usize = 50;

/// A tournament as shown.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The lobby's line.
    pub line: TournamentLine,
    /// The prizes, first place first, once fixed.
    pub prizes: Vec<Chips>,
    /// The standings, with who each line is.
    pub entrants: Vec<(UserId, TournamentEntrant)>,
    /// The open tables' ids, by the coordinator's number.
    pub tables: BTreeMap<usize, String>,
    /// Where each player still in sits: table id, seat.
    pub seats: BTreeMap<UserId, (String, usize)>,
    /// Prizes paid, by player.
    pub paid: BTreeMap<UserId, Chips>,
    /// Each player's notices, oldest first.
    pub notices: BTreeMap<UserId, Vec<TournamentNotice>>,
    /// What each player may buy now: a rebuy, the add-on (only those who may buy something).
    pub offers: BTreeMap<UserId, (bool, bool)>,
    /// The deal proposed, and the players whose answer it waits for.
    pub deal: Option<(TournamentDeal, BTreeSet<UserId>)>,
    /// The players who may propose a deal now.
    pub may_deal: BTreeSet<UserId>,
    /// A Swiss event's standings and rounds.
    pub swiss: Option<crate::protocol::tournament::TournamentSwiss>,
}

/// What players see of a tournament once it is over (the books keep it with its end: its page
/// shows it after a restart): the standings with places and prizes, the prizes, what each player
/// was paid, a Swiss event's standings and rounds, and each player's notices (issue 51: a
/// finished event's page is served from here after a restart, its log no longer replayed).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// The standings, with who each line is.
    pub entrants: Vec<(UserId, TournamentEntrant)>,
    /// The prizes, first place first.
    pub prizes: Vec<Chips>,
    /// Prizes paid, by player.
    pub paid: Vec<(UserId, Chips)>,
    /// A Swiss event's standings and rounds.
    pub swiss: Option<crate::protocol::tournament::TournamentSwiss>,
    /// Each player's notices, oldest first (none in results kept before they were).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<(UserId, Vec<TournamentNotice>)>,
}

impl Shown {
    /// A tournament not started, as its lobby line says.
    pub fn new(line: TournamentLine) -> Shown {
        Shown {
            line,
            prizes: Vec::new(),
            entrants: Vec::new(),
            tables: BTreeMap::new(),
            seats: BTreeMap::new(),
            paid: BTreeMap::new(),
            notices: BTreeMap::new(),
            offers: BTreeMap::new(),
            deal: None,
            may_deal: BTreeSet::new(),
            swiss: None,
        }
    }

    /// Made again from the coordinator (its tables' ids by number: `tables`).
    pub fn update(&mut self, c: &Coordinator, tables: &BTreeMap<usize, String>) {
        let t = c.tournament();
        let l = &mut self.line;
        l.status = match t.phase() {
            Phase::Registering => TournamentStatus::Registering,
            Phase::Running => TournamentStatus::Running,
            Phase::Finished => TournamentStatus::Finished,
            Phase::Cancelled => TournamentStatus::Cancelled,
        };
        l.entrants = t.entries();
        l.left = t.stacks().len();
        l.prize_pool = t.pool();
        self.prizes = t.prizes().map(<[Chips]>::to_vec).unwrap_or_default();
        l.places_paid = self.prizes.len();
        l.overlay = (l.guarantee.is_some() && t.prizes().is_some()).then(|| t.overlay());
        self.clock(c);
        self.tables = tables.clone();
        self.paid = c.paid();
        self.offers = (t.stacks().keys())
            .map(|u| (*u, c.may_buy(*u)))
            .filter(|(_, (r, a))| *r || *a)
            .collect();
        self.seats.clear();
        // Over, the tables deal no more: nobody is shown a seat (the winner's last one, or the
        // seats of those a cancel found still in, would lead to a table that closes).
        let over = matches!(t.phase(), Phase::Finished | Phase::Cancelled);
        let seatings = t.seatings().filter(|_| !over);
        for (k, s) in seatings.enumerate() {
            let Some(id) = tables.get(&k) else { continue };
            for (seat, p) in s.seats.iter().enumerate() {
                if let Some(p) = p {
                    self.seats.insert(*p, (id.clone(), seat));
                }
            }
        }
        self.entrants = self.standings(c);
        self.deal(c);
    }

    /// The deal proposed (both kinds' figures for everyone), who may propose one.
    fn deal(&mut self, c: &Coordinator) {
        let t = c.tournament();
        let name = |u: &UserId| {
            (c.members().get(u)).map_or_else(|| format!("#{}", u.0), |m| m.name.clone())
        };
        self.deal = t.deal().map(|d| {
            let players = (d.players.iter().enumerate())
                .map(|(i, u)| TournamentDealShare {
                    name: name(u),
                    stack: d.stacks.get(i).copied().unwrap_or_default(),
                    icm: d.icm.get(i).copied().unwrap_or_default(),
                    chop: d.chop.get(i).copied().unwrap_or_default(),
                    accepted: d.accepted.contains(u),
                })
                .collect();
            let kind = match d.kind {
                DealKind::Icm => "icm",
                DealKind::Chop => "chop",
            };
            let shown = TournamentDeal {
                kind: kind.into(),
                by: name(&d.by),
                keep_back: d.keep_back,
                ends_ms: d.until_ms,
                settled: d.settled,
                players,
            };
            let waiting = (d.players.iter())
                .filter(|u| !d.accepted.contains(u))
                .copied()
                .collect();
            (shown, waiting)
        });
        self.line.deal_ends_ms = self.deal.as_ref().map(|(d, _)| d.ends_ms);
        let playing_for = (t.phase() == Phase::Running)
            .then(|| t.kept_back())
            .flatten();
        self.line.kept_back = playing_for.map(|k| k.amount).filter(|a| !a.is_zero());
        // The rules but "still in" are the same for everyone: asked once, of the first.
        let first = t.stacks().keys().next().copied();
        self.may_deal = match first {
            Some(u) if c.may_propose_deal(u) => t.stacks().keys().copied().collect(),
            _ => BTreeSet::new(),
        };
    }

    /// The players still in by stack (those registered before the start with the chips they
    /// will start with), then those out by place.
    fn standings(&self, c: &Coordinator) -> Vec<(UserId, TournamentEntrant)> {
        let (t, config) = (c.tournament(), c.config());
        let name = |u: &UserId| {
            (c.members().get(u)).map_or_else(|| format!("#{}", u.0), |m| m.name.clone())
        };
        // The winner (and the players of a deal) keep their chips and have a place: shown once,
        // with the place and the chips they finished with.
        let placed: std::collections::BTreeSet<UserId> = t.places().map(|p| p.player).collect();
        let mut standing: Vec<(UserId, TournamentEntrant)> = (t.stacks().iter())
            .filter(|(u, _)| !placed.contains(u))
            .map(|(u, s)| {
                let e = TournamentEntrant {
                    name: name(u),
                    stack: *s,
                    table: self.seats.get(u).map(|(id, _)| id.clone()),
                    place: None,
                    prize: None,
                };
                (*u, e)
            })
            .collect();
        // Registered before the start: listed with the chips they will start with.
        standing.extend(t.registered().iter().map(|u| {
            let e = TournamentEntrant {
                name: name(u),
                stack: config.structure.starting_stack,
                table: None,
                place: None,
                prize: None,
            };
            (*u, e)
        }));
        standing.sort_by(|a, b| b.1.stack.cmp(&a.1.stack).then(a.1.name.cmp(&b.1.name)));
        let mut out: Vec<(UserId, TournamentEntrant)> = (t.places())
            .map(|p| {
                let e = TournamentEntrant {
                    name: name(&p.player),
                    stack: t.stacks().get(&p.player).copied().unwrap_or(Chips::ZERO),
                    table: None,
                    place: Some(p.place),
                    prize: self.paid.get(&p.player).copied(),
                };
                (p.player, e)
            })
            .collect();
        out.sort_by_key(|(_, e)| e.place);
        standing.extend(out);
        standing
    }

    /// The level, its blinds, the next level and the break, and the average stack.
    fn clock(&mut self, c: &Coordinator) {
        let t = c.tournament();
        let config = c.config();
        let l = &mut self.line;
        let running = t.phase() == Phase::Running;
        let level = (running || t.phase() == Phase::Finished).then(|| t.level());
        let blinds = level.and_then(|n| config.structure.level(n));
        l.level = level.and_then(|n| u32::try_from(n).ok());
        // A Draw level has no blinds: only its ante is shown.
        l.small_blind = blinds.map(|b| b.small_blind).filter(|c| !c.is_zero());
        l.big_blind = blinds.map(|b| b.big_blind).filter(|c| !c.is_zero());
        l.ante = blinds.map(|b| b.ante);
        let now_ms = c.now_ms();
        l.level_ends_ms = t.level_ends_ms(now_ms);
        // Over, no level comes next (the level it ended in is kept).
        l.next_level = level.filter(|_| running).and_then(|n| {
            let next = config.structure.level(n + 1)?;
            Some(TournamentLevel {
                number: u32::try_from(n + 1).ok()?,
                small_blind: next.small_blind,
                big_blind: next.big_blind,
                ante: next.ante,
            })
        });
        l.break_next_minutes = running.then(|| t.break_next()).flatten();
        l.break_ends_ms = (t.on_break()).and_then(|b| b.until_ms());
        let total: Chips = t.stacks().values().copied().sum();
        let left = u64::try_from(l.left).unwrap_or(u64::MAX);
        l.average_stack = (left > 0).then(|| total.div_floor(left));
    }

    /// Keeps `notice` for `user`.
    pub fn notice(&mut self, user: UserId, notice: &Notice) {
        let kept = self.notices.entry(user).or_default();
        kept.push(super::notices::shown(notice));
        if kept.len() > NOTICES_KEPT {
            kept.remove(0);
        }
    }

    /// What its players see of it once it is over, to keep in the books with its end.
    pub fn results(&self) -> Results {
        Results {
            entrants: self.entrants.clone(),
            prizes: self.prizes.clone(),
            paid: self.paid.iter().map(|(u, c)| (*u, *c)).collect(),
            swiss: self.swiss.clone(),
            notices: (self.notices.iter())
                .map(|(u, n)| (*u, n.clone()))
                .collect(),
        }
    }

    /// A tournament this node does not hold, as the books keep it: its lobby `line` and, once
    /// it is over, the `results` kept with its end (after a restart, or held elsewhere till its
    /// end).
    pub fn from_books(line: TournamentLine, results: Results) -> Shown {
        let mut s = Shown::new(line);
        s.entrants = results.entrants;
        s.prizes = results.prizes;
        s.paid = results.paid.into_iter().collect();
        s.swiss = results.swiss;
        s.notices = results.notices.into_iter().collect();
        s
    }

    /// The tournament in full, as `me` (if anybody) sees it at `now_ms` (the room's clock).
    pub fn detail(&self, me: Option<UserId>, now_ms: u64) -> TournamentDetail {
        let me = me.map(|u| {
            let standing = self.entrants.iter().find(|(p, _)| *p == u);
            let seat = self.seats.get(&u);
            let (may_rebuy, may_add_on) = self.offers.get(&u).copied().unwrap_or_default();
            TournamentMe {
                may_rebuy,
                may_add_on,
                may_propose_deal: self.may_deal.contains(&u),
                deal_answer_due: self.deal.as_ref().is_some_and(|(_, w)| w.contains(&u)),
                registered: standing.is_some(),
                table: seat.map(|(id, _)| id.clone()),
                seat: seat.map(|(_, s)| *s),
                place: standing.and_then(|(_, e)| e.place),
                prize: self.paid.get(&u).copied(),
                notices: self.notices.get(&u).cloned().unwrap_or_default(),
            }
        });
        TournamentDetail {
            tournament: self.line.clone(),
            prizes: self.prizes.clone(),
            entrants: self.entrants.iter().map(|(_, e)| e.clone()).collect(),
            tables: self.tables.values().cloned().collect(),
            me,
            deal: self.deal.as_ref().map(|(d, _)| d.clone()),
            swiss: self.swiss.clone(),
            now_ms,
        }
    }
}
