//! A simulated store for table cores: the ledger (accounts, journals under idempotency keys,
//! the house alone below zero), hands (begun under a key, finished once, voided), tables (the
//! epoch every write is fenced by, the saved state, closing) and takeovers — the semantics of
//! `tavolo_store` in memory, with faults a test or the simulation injects: writes refused while
//! the books are "down" (nothing recorded), and writes recorded whose answer is lost.

use std::collections::BTreeMap;

use tavolo_server::books::Member;
use tavolo_server::table::core::{BookAnswer, BookFailure, Booked, Ledger, Write};
use tavolo_store::{Account, Fence, FinishedHand, HandId, Journal, NewHand, TableSave, UserId};

/// A hand as the books hold it.
#[derive(Clone, Debug, PartialEq)]
pub struct SimHand {
    /// Its table.
    pub table: String,
    /// `playing`, `finished` or `voided`.
    pub status: &'static str,
    /// Its beginning's key.
    pub key: Option<String>,
    /// Who was dealt in: seat, user, stack.
    pub players: Vec<(usize, UserId, i64)>,
}

/// A table as the books hold it.
#[derive(Clone, Debug, Default)]
pub struct SimTable {
    /// The epoch writes must carry.
    pub epoch: i64,
    /// Closed for good.
    pub closed: bool,
    /// The saved state (JSON), as a new owner restores it.
    pub state: Option<String>,
    /// The order of that save.
    pub saved_seq: i64,
}

/// The simulated books.
#[derive(Debug, Default)]
pub struct SimBooks {
    /// Balances by account name.
    pub accounts: BTreeMap<String, i64>,
    /// Journals by key: kind and legs (merged by account, no zero legs, in account order).
    pub journals: BTreeMap<String, (String, Vec<(String, i64)>)>,
    /// Hands by id.
    pub hands: BTreeMap<i64, SimHand>,
    /// Hands begun under a key, by that key.
    hand_keys: BTreeMap<String, i64>,
    /// Tables by id.
    pub tables: BTreeMap<String, SimTable>,
    /// Users by id.
    pub users: BTreeMap<i64, Member>,
    next_user: i64,
    next_hand: i64,
    /// While set, every write fails (nothing recorded): a full disk, a lost connection.
    pub down: bool,
    /// While set, every write is recorded but its answer is `Unavailable` (the answer was lost).
    pub answers_lost: bool,
    /// What should never happen, as it happened: a key reused with other legs, a hand settled
    /// twice.
    pub violations: Vec<String>,
}

impl SimBooks {
    /// Books with the house, and a bankroll for the bots.
    pub fn new() -> SimBooks {
        let mut b = SimBooks {
            next_user: 1,
            next_hand: 1,
            ..SimBooks::default()
        };
        b.accounts.insert("house".into(), -1_000_000_000);
        b.accounts.insert("bots".into(), 1_000_000_000);
        b
    }

    /// A player (or a bot) with `chips` in their account.
    pub fn user(&mut self, name: &str, bot: bool, chips: i64) -> Member {
        let id = UserId(self.next_user);
        self.next_user += 1;
        let m = Member {
            id,
            name: name.to_string(),
            guest: false,
            bot,
        };
        self.users.insert(id.0, m.clone());
        if chips > 0 && !bot {
            *self.accounts.entry("house".into()).or_default() -= chips;
            self.accounts.insert(Account::User(id).to_string(), chips);
        }
        m
    }

    /// A table opened at epoch 1.
    pub fn open_table(&mut self, id: &str) -> Fence {
        self.tables.insert(
            id.to_string(),
            SimTable {
                epoch: 1,
                ..SimTable::default()
            },
        );
        Fence {
            table: id.to_string(),
            epoch: 1,
        }
    }

    /// An account's balance.
    pub fn balance(&self, a: &Account) -> i64 {
        self.accounts.get(&a.to_string()).copied().unwrap_or(0)
    }

    /// Every seat account of `table` that holds chips.
    pub fn seats_of(&self, table: &str) -> Vec<(UserId, i64)> {
        let prefix = format!("seat:{table}:");
        (self.accounts.iter())
            .filter(|(n, b)| n.starts_with(&prefix) && **b != 0)
            .filter_map(|(n, b)| Some((UserId(n[prefix.len()..].parse().ok()?), *b)))
            .collect()
    }

    /// The sum of every account: always 0 (double entry).
    pub fn total(&self) -> i64 {
        self.accounts.values().sum()
    }

    /// Carries out `write` for `fence` with the faults in force.
    pub fn execute(&mut self, fence: &Fence, write: &Write) -> BookAnswer {
        if self.down {
            return Err(BookFailure::Unavailable(
                "the disk is full (simulated)".into(),
            ));
        }
        let answer = self.carry_out(fence, write);
        if self.answers_lost {
            return Err(BookFailure::Unavailable(
                "the answer was lost (simulated)".into(),
            ));
        }
        answer
    }

    fn carry_out(&mut self, fence: &Fence, write: &Write) -> BookAnswer {
        match write {
            Write::NewBot(n) => {
                let name = format!("bot-{}-{}", fence.table, n + 1);
                let known = self.users.values().find(|m| m.name == name).cloned();
                let bot = known.unwrap_or_else(|| self.user(&name, true, 0));
                return Ok(Booked::Bot(bot));
            }
            _ => self.check_fence(fence)?,
        }
        // Every write but closing refuses before it changes anything (a journal's legs are all
        // checked before any is applied); closing moves several journals, so it alone is undone
        // whole when one is refused. (A copy of the books before every write made the long
        // simulations quadratic in the hands played.)
        let snapshot = matches!(write, Write::Close).then(|| {
            (
                self.accounts.clone(),
                self.journals.clone(),
                self.hands.clone(),
            )
        });
        let result = match write {
            Write::Move(j) => self.apply(j).map(|()| Booked::Done),
            Write::Begin(h) => self.begin(h),
            Write::Finish(id, f) => self.finish(*id, f).map(|()| Booked::Done),
            Write::Void(id, _) => {
                if let Some(h) = self.hands.get_mut(&id.0).filter(|h| h.status == "playing") {
                    h.status = "voided";
                }
                Ok(Booked::Done)
            }
            Write::Save(s) => {
                self.save(&fence.table, s);
                Ok(Booked::Done)
            }
            Write::Close => self.close(&fence.table).map(|()| Booked::Done),
            Write::Release(s) => {
                self.save(&fence.table, s);
                Ok(Booked::Done)
            }
            Write::NewBot(_) => unreachable!(),
        };
        if let (Err(_), Some(snapshot)) = (&result, snapshot) {
            (self.accounts, self.journals, self.hands) = snapshot;
        }
        result
    }

    fn check_fence(&self, fence: &Fence) -> Result<(), BookFailure> {
        match self.tables.get(&fence.table) {
            Some(t) if t.epoch == fence.epoch && !t.closed => Ok(()),
            _ => Err(BookFailure::Fenced),
        }
    }

    /// Keeps `save` unless the table holds a newer one.
    fn save(&mut self, table: &str, save: &TableSave) {
        if let Some(t) = self
            .tables
            .get_mut(table)
            .filter(|t| t.saved_seq < save.seq)
        {
            t.state = Some(save.state.clone());
            t.saved_seq = save.seq;
        }
    }

    /// Records `j` once under its key (the same legs again: nothing; other legs: refused, and a
    /// violation).
    pub fn apply(&mut self, j: &Journal) -> Result<(), BookFailure> {
        let legs = normalized(j);
        if legs.iter().map(|(_, a)| *a).sum::<i64>() != 0 {
            self.violations
                .push(format!("unbalanced journal {}", j.key));
            return Err(refused(format!("unbalanced journal {}", j.key)));
        }
        if let Some((_, known)) = self.journals.get(&j.key) {
            if *known == legs {
                return Ok(());
            }
            self.violations.push(format!(
                "key {} reused with other legs: {known:?} then {legs:?}",
                j.key
            ));
            return Err(refused(format!("key {} reused", j.key)));
        }
        for (account, amount) in &legs {
            let balance = self.accounts.get(account).copied().unwrap_or(0);
            if account != "house" && balance + amount < 0 {
                return Err(BookFailure::Refused {
                    short: Some(account.clone()),
                    why: format!("{account} holds {balance}, {} needed", -amount),
                });
            }
        }
        for (account, amount) in &legs {
            *self.accounts.entry(account.clone()).or_default() += amount;
        }
        self.journals.insert(j.key.clone(), (j.kind.clone(), legs));
        Ok(())
    }

    fn begin(&mut self, h: &NewHand) -> BookAnswer {
        if let Some(key) = &h.key {
            if let Some(id) = self.hand_keys.get(key) {
                return Ok(Booked::Hand(HandId(*id)));
            }
        }
        if let Some(stakes) = &h.stakes {
            self.apply(stakes)?;
        }
        let id = self.next_hand;
        self.next_hand += 1;
        if let Some(key) = &h.key {
            self.hand_keys.insert(key.clone(), id);
        }
        self.hands.insert(
            id,
            SimHand {
                table: h.table.clone(),
                status: "playing",
                key: h.key.clone(),
                players: h.players.clone(),
            },
        );
        if let Some(save) = &h.save {
            self.save(&h.table, save);
        }
        Ok(Booked::Hand(HandId(id)))
    }

    fn finish(&mut self, id: HandId, f: &FinishedHand) -> Result<(), BookFailure> {
        let status = self.hands.get(&id.0).map(|h| h.status);
        match status {
            Some("playing") => {
                self.apply(&f.journal)?;
                if let Some(h) = self.hands.get_mut(&id.0) {
                    h.status = "finished";
                }
            }
            Some("finished") => {
                let legs = normalized(&f.journal);
                if self.journals.get(&f.journal.key).map(|(_, l)| l) != Some(&legs) {
                    self.violations
                        .push(format!("hand {} settled twice, differently", id.0));
                    return Err(refused(format!("hand {} was settled otherwise", id.0)));
                }
            }
            other => return Err(refused(format!("hand {} is {other:?}", id.0))),
        }
        if let (Some(fence), Some(save)) = (&f.fence, &f.save) {
            self.save(&fence.table, save);
        }
        Ok(())
    }

    /// Closing: hands not finished voided, every seat cashed out, the pot back to its payers (or
    /// the house), the table closed.
    fn close(&mut self, table: &str) -> Result<(), BookFailure> {
        self.void_hands(table);
        for (user, chips) in self.seats_of(table) {
            let owner = self.owner(user);
            let key = format!("close:{table}:{}", user.0);
            let j = Journal::move_chips(
                key,
                "cash_out",
                Account::Seat {
                    table: table.into(),
                    user,
                },
                owner,
                chips,
            );
            self.apply(&j)?;
        }
        self.empty_pot(table, "close")?;
        if let Some(t) = self.tables.get_mut(table) {
            t.closed = true;
        }
        Ok(())
    }

    fn owner(&self, user: UserId) -> Account {
        match self.users.get(&user.0) {
            Some(m) if m.bot => Account::Bots,
            _ => Account::User(user),
        }
    }

    fn void_hands(&mut self, table: &str) {
        for h in self
            .hands
            .values_mut()
            .filter(|h| h.table == table && h.status == "playing")
        {
            h.status = "voided";
        }
    }

    /// The pot's chips go back: Saint Poker stakes to their payers (newest stake journal first,
    /// while they fit), the rest to the house.
    fn empty_pot(&mut self, table: &str, why: &str) -> Result<(), BookFailure> {
        let pot = Account::Pot(table.to_string()).to_string();
        let held = self.accounts.get(&pot).copied().unwrap_or(0);
        if held == 0 {
            return Ok(());
        }
        let mut legs = vec![(pot.clone(), -held)];
        let mut left = held;
        let stakes: Vec<Vec<(String, i64)>> = (self.journals.values().rev())
            .filter(|(kind, l)| kind == "stake" && l.iter().any(|(a, _)| *a == pot))
            .map(|(_, l)| l.clone())
            .collect();
        for paid in stakes {
            let total: i64 = paid
                .iter()
                .filter(|(a, _)| *a != pot)
                .map(|(_, x)| -x)
                .sum();
            if total <= 0 || total > left {
                break;
            }
            left -= total;
            legs.extend(
                paid.into_iter()
                    .filter(|(a, _)| *a != pot)
                    .map(|(a, x)| (a, -x)),
            );
        }
        legs.push(("house".into(), left));
        let legs = legs
            .into_iter()
            .filter_map(|(a, x)| Some((Account::parse(&a)?, x)))
            .collect();
        let n = self.journals.len();
        self.apply(&Journal::new(
            format!("{why}:{pot}:{held}:{n}"),
            "refund",
            legs,
        ))
    }

    /// Another node claims `table`: the epoch goes up, the hand in play is voided (and a Saint
    /// Poker game's stakes go back), and the claimant learns what the books hold.
    pub fn claim(&mut self, table: &str, saint: bool) -> (Fence, Option<String>, Ledger) {
        let t = self.tables.entry(table.to_string()).or_default();
        t.epoch += 1;
        let (epoch, state, saved_seq) = (t.epoch, t.state.clone(), t.saved_seq);
        self.void_hands(table);
        if saint {
            let _ = self.empty_pot(table, "takeover");
        }
        let seats = self.seats_of(table);
        let pot = self.balance(&Account::Pot(table.to_string()));
        let strays = seats
            .iter()
            .filter_map(|(u, _)| self.users.get(&u.0).cloned())
            .collect();
        let fence = Fence {
            table: table.to_string(),
            epoch,
        };
        let ledger = Ledger {
            seats,
            pot,
            strays,
            saved_seq,
        };
        (fence, state, ledger)
    }
}

fn refused(why: String) -> BookFailure {
    BookFailure::Refused { short: None, why }
}

/// A journal's legs merged by account, zero legs dropped, in account order.
fn normalized(j: &Journal) -> Vec<(String, i64)> {
    let mut m: BTreeMap<String, i64> = BTreeMap::new();
    for (a, x) in &j.legs {
        *m.entry(a.to_string()).or_default() += x;
    }
    m.retain(|_, x| *x != 0);
    m.into_iter().collect()
}
