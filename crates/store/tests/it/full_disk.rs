//! A disk that fills during a commit (the write-ahead log cannot grow): the commit fails, the
//! failure is reported, every later write is refused or made durably, and after space returns
//! and a restart every acknowledged sign-up, buy-in and finished hand is there, and the books
//! balance. The "disk" is the test process's file size limit (`RLIMIT_FSIZE`), so nothing is
//! mounted. That limit holds for every thread of a process, and the store's other tests share
//! this test binary: the test runs in a process of its own, this binary started again for this
//! one test (see [`alone_in_a_process`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::books::{finished_hand, seat, seeded_hand};
use tavolo_store::{Account, Applied, HandId, Journal, Store, UserId};

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavolo-full-disk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn largest_file(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok()?.metadata().ok().map(|m| m.len()))
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0)
}

/// Files of this process may not grow past `bytes` (`None`: no limit).
fn limit_file_size(bytes: Option<u64>) {
    // Writing past the limit must fail with EFBIG, not kill the process.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut lim), 0);
        lim.rlim_cur = bytes.map_or(lim.rlim_max, |b| b as libc::rlim_t);
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &lim), 0);
    }
}

/// What the room was told was done, to look for after a restart.
#[derive(Default)]
struct Acknowledged {
    users: Vec<UserId>,
    buy_ins: Vec<(UserId, i64)>,
    hands: Vec<HandId>,
}

impl Acknowledged {
    /// What the seat holds if everything acknowledged is in the books and nothing else.
    fn seat(&self) -> i64 {
        self.buy_ins.iter().map(|b| b.1).sum::<i64>() - self.hands.len() as i64
    }
}

/// One round of work: a sign-up, a buy-in of 10 chips, and a hand begun and finished (a
/// chip the seat leaves in the table's pot, as odd chips carried to the next hand). Returns how
/// many steps were refused.
async fn round(store: &Store, table: &str, n: usize, ack: &mut Acknowledged) -> usize {
    let mut refused = 0;
    match store.create_guest().await {
        Ok(u) => ack.users.push(u.id),
        Err(_) => refused += 1,
    }
    let Some(&ada) = ack.users.first() else {
        return refused + 1;
    };
    let buy = Journal::move_chips(
        format!("buyin:{table}:{n}"),
        "buy_in",
        Account::User(ada),
        seat(table, ada),
        10,
    );
    match store.transfer(&buy).await {
        Ok(Applied::Done) => ack.buy_ins.push((ada, 10)),
        Ok(other) => panic!("a fresh buy-in was {other:?}"),
        Err(_) => refused += 1,
    }
    let seed = [n as u8; 32];
    // Dealt in with what the seat holds: every acknowledged buy-in, less the pots.
    let hand = seeded_hand(table, "holdem", seed, vec![(0, ada, ack.seat())]);
    match store.begin_hand(&hand).await {
        Ok(id) => {
            let done = finished_hand(
                "variant = 'NT'".into(),
                vec![(ada, -1)],
                Journal::new(
                    format!("hand:{}", id.0),
                    "hand",
                    vec![(seat(table, ada), -1), (Account::Pot(table.to_string()), 1)],
                ),
            );
            match store.finish_hand(id, &done).await {
                Ok(_) => ack.hands.push(id),
                Err(_) => {
                    refused += 1;
                    // A hand the books could not finish is voided, as a table does.
                    let _ = store.void_hand(id, None, "a test voids it").await;
                }
            }
        }
        Err(_) => refused += 1,
    }
    refused
}

/// Set in the child process [`alone_in_a_process`] starts: the test itself runs there.
const CHILD: &str = "TAVOLO_TEST_FULL_DISK_CHILD";

/// Runs the test `name` of this module in a child process (this test binary again, filtered to
/// exactly that test, with [`CHILD`] set) and fails unless it ran there and passed.
fn alone_in_a_process(name: &str) {
    // `module_path!()` is `it::full_disk`; the test harness names tests without the crate.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let test = format!("{module}::{name}");
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([test.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{test} in a process of its own: {}\n--- stdout\n{stdout}\n--- stderr\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_disk_that_fills_during_commits_never_loses_an_acknowledged_sign_up_buy_in_or_hand() {
    if std::env::var_os(CHILD).is_none() {
        return alone_in_a_process(
            "a_disk_that_fills_during_commits_never_loses_an_acknowledged_sign_up_buy_in_or_hand",
        );
    }
    let dir = tempdir();
    let store = Store::open_in_dir(&dir).await.expect("open");
    let table = store
        .create_table("holdem", "{}", "solo", 60_000)
        .await
        .expect("a table")
        .table;
    let mut ack = Acknowledged::default();
    for n in 0..20 {
        assert_eq!(round(&store, &table, n, &mut ack).await, 0);
    }
    assert!(store.write_health().failing().is_none());
    limit_file_size(Some(largest_file(&dir) + 24 * 1024));
    let mut refused = 0;
    let mut refused_while_full = false;
    for n in 20..200 {
        let failures = store.write_health().failures();
        let r = round(&store, &table, n, &mut ack).await;
        refused += r;
        if r > 0 {
            refused_while_full = true;
            // Every refusal was a failed write the store counted (and told the room about).
            assert!(store.write_health().failures() > failures);
        }
    }
    assert!(refused_while_full, "the disk never filled");
    assert!(store.write_health().failures() > 0);
    limit_file_size(None);
    // Space is back: the next writes succeed by themselves, and the store says so.
    for n in 200..205 {
        assert_eq!(
            round(&store, &table, n, &mut ack).await,
            0,
            "after space returns"
        );
    }
    assert!(store.write_health().failing().is_none());
    store.close().await;
    drop(store);

    let again = Store::open_in_dir(&dir).await.expect("reopen");
    let lost_users: Vec<i64> = {
        let mut lost = Vec::new();
        for id in &ack.users {
            if again.user(*id).await.is_err() {
                lost.push(id.0);
            }
        }
        lost
    };
    let mut lost_hands = Vec::new();
    for id in &ack.hands {
        match again.hand(*id).await {
            Ok(h) if h.status == "finished" => {}
            other => lost_hands.push((id.0, format!("{:?}", other.map(|h| h.status)))),
        }
    }
    // Every acknowledged buy-in is on the seat, less the 1-chip pot of every finished hand.
    let ada = ack.users[0];
    let on_seat = again.balance(&seat(&table, ada)).await.expect("balance");
    let expected = ack.seat();
    assert!(
        lost_users.is_empty() && lost_hands.is_empty() && on_seat == expected,
        "after a restart: {} of {} acknowledged sign-ups gone {lost_users:?}; {} of {} \
         finished hands gone {lost_hands:?}; the seat holds {on_seat}, acknowledged {expected} \
         ({refused} steps refused)",
        lost_users.len(),
        ack.users.len(),
        lost_hands.len(),
        ack.hands.len(),
    );
    let report = again.audit().await.expect("audit");
    assert!(
        report.balanced(),
        "{} problems, the first: {:?}",
        report.problems.len(),
        report.problems.iter().take(3).collect::<Vec<_>>()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
