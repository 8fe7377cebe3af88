//! What players are shown of a Swiss event (RULES.md §5, "Saint Poker tournaments (Swiss)"):
//! the lobby line's round, the standings with their tie-break columns, each round's tables with
//! their results, where each player plays now, and their notices — made from the Swiss
//! coordinator's state after every step, into the same [`Shown`] the Hold'em tournaments fill.

use std::collections::BTreeMap;

use tavolo_engine::tournament::SwissPhase;
use tavolo_engine::Chips;
use tavolo_store::UserId;

use super::saved::Step;
use super::shown::Shown;
use super::swiss::{SwissCoordinator, SwissNotice};
use crate::protocol::tournament::{
    SwissStanding, SwissTable, TournamentEntrant, TournamentStatus, TournamentSwiss,
};

/// The most notices kept a player (the oldest go first).
const NOTICES_KEPT: usize = 50;

impl Shown {
    /// Made again from a Swiss event's coordinator (its current round's tables' ids by number:
    /// `tables`).
    pub fn update_swiss(&mut self, c: &SwissCoordinator, tables: &BTreeMap<usize, String>) {
        let e = c.event();
        let name = |u: &UserId| {
            (c.members().get(u)).map_or_else(|| format!("#{}", u.0), |m| m.name.clone())
        };
        let l = &mut self.line;
        l.status = match e.phase() {
            SwissPhase::Registering => TournamentStatus::Registering,
            SwissPhase::Playing => TournamentStatus::Running,
            SwissPhase::Finished => TournamentStatus::Finished,
            SwissPhase::Cancelled => TournamentStatus::Cancelled,
        };
        let started = e.phase() != SwissPhase::Registering;
        l.entrants = e.registered().len();
        l.left = if e.config().knockout.is_some() && started {
            e.left().len()
        } else {
            e.registered().len()
        };
        l.round = (e.round() > 0).then_some(e.round());
        // The rounds set, shown from the start (the rules' number is known once it starts).
        let set = (e.config().rounds).filter(|_| e.config().knockout.is_none());
        l.rounds = e.rounds().or(set);
        let playing = e.phase() == SwissPhase::Playing;
        self.tables = if playing {
            tables.clone()
        } else {
            BTreeMap::new()
        };
        self.seats.clear();
        for (k, players) in e.tables().iter().enumerate() {
            let Some(id) = tables.get(&k).filter(|_| playing && !e.reported(k)) else {
                continue;
            };
            for (seat, p) in players.iter().enumerate() {
                self.seats.insert(*p, (id.clone(), seat));
            }
        }
        let out = |p: &UserId| e.config().knockout.is_some() && playing && !e.left().contains(p);
        let standings = c.standings();
        self.entrants = self.swiss_entrants(c, &standings);
        let standings = (standings.iter().enumerate())
            .map(|(i, (m, s))| SwissStanding {
                place: i + 1,
                name: m.name.clone(),
                points: s.points.value(),
                saint: s.saint,
                opponents: s.opponents.value(),
                eliminated: out(&m.id),
            })
            .collect();
        self.swiss = Some(TournamentSwiss {
            standings,
            tables: swiss_tables(c, tables, &name),
        });
    }

    /// The players as the tournaments' standings list them: by the Swiss standings, each with
    /// the table they play at now and their final place once over (those registered before the
    /// start unplaced).
    fn swiss_entrants(
        &self,
        c: &SwissCoordinator,
        standings: &[(
            crate::books::Member,
            tavolo_engine::tournament::Standing<UserId>,
        )],
    ) -> Vec<(UserId, TournamentEntrant)> {
        let e = c.event();
        let entrant =
            |name: String, table: Option<String>, place: Option<usize>| TournamentEntrant {
                name,
                stack: Chips::ZERO,
                table,
                place,
                prize: None,
            };
        if e.phase() == SwissPhase::Registering {
            return (e.registered().iter())
                .map(|u| {
                    let name = (c.members().get(u))
                        .map_or_else(|| format!("#{}", u.0), |m| m.name.clone());
                    (*u, entrant(name, None, None))
                })
                .collect();
        }
        let finished = e.phase() == SwissPhase::Finished;
        (standings.iter().enumerate())
            .map(|(i, (m, _))| {
                let table = self.seats.get(&m.id).map(|(id, _)| id.clone());
                (
                    m.id,
                    entrant(m.name.clone(), table, finished.then_some(i + 1)),
                )
            })
            .collect()
    }

    /// Keeps a Swiss event's `notice` for `user`.
    pub fn swiss_notice(&mut self, user: UserId, notice: &SwissNotice) {
        let kept = self.notices.entry(user).or_default();
        kept.push(super::notices::swiss_shown(notice));
        if kept.len() > NOTICES_KEPT {
            kept.remove(0);
        }
    }
}

/// Every round's tables: those whose game is in (from the log), then the current round's
/// still playing.
fn swiss_tables(
    c: &SwissCoordinator,
    ids: &BTreeMap<usize, String>,
    name: &dyn Fn(&UserId) -> String,
) -> Vec<SwissTable> {
    let e = c.event();
    let mut out: Vec<SwissTable> = (c.log().iter())
        .filter_map(|s| match s {
            Step::SwissGame(g) => Some(g),
            _ => None,
        })
        .map(|g| {
            let players = (g.played.iter().map(|(p, _)| p))
                .chain(&g.absent)
                .map(name)
                .collect();
            let saint = (g.played.iter().map(|(_, s)| *s))
                .chain(g.absent.iter().map(|_| 0))
                .collect();
            SwissTable {
                round: g.round,
                table: g.table + 1,
                id: None,
                players,
                saint: Some(saint),
                absent: g.absent.iter().map(name).collect(),
            }
        })
        .collect();
    if e.phase() == SwissPhase::Playing {
        for (k, players) in e.tables().iter().enumerate() {
            if e.reported(k) {
                continue;
            }
            out.push(SwissTable {
                round: e.round(),
                table: k + 1,
                id: ids.get(&k).cloned(),
                players: players.iter().map(name).collect(),
                saint: None,
                absent: Vec::new(),
            });
        }
    }
    out.sort_by_key(|t| (t.round, t.table));
    out
}
