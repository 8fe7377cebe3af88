//! The coordinator's movements as a real store records them: a sit-and-go played with lost
//! answers and a crash, every journal the simulated books took sent to the store in the same
//! order (those sent twice "already done"), audits clean with the pool empty and each player
//! paid once.

use tavolo_cards::GameRng;
use tavolo_server::tournament::Intent;
use tavolo_store::{Account, Applied, Store};

use super::bench::{sit_and_go, Bench};

#[tokio::test]
async fn a_sit_and_go_with_faults_audits_clean_in_the_store() {
    let store = Store::open("sqlite::memory:")
        .await
        .expect("sqlite in memory");
    let mut b = Bench::new(sit_and_go(9, 9), &[1_000; 9], 21);
    let mut ids = Vec::new();
    for i in 0..9 {
        let u = store
            .register(&format!("p{i}"), "correct horse")
            .await
            .expect("a player");
        ids.push(u.id);
        assert_eq!(u.id, b.member(i).id, "the bench's users are the store's");
    }
    let start = store
        .balance(&Account::User(ids[0]))
        .await
        .expect("a balance");
    let mut rng = GameRng::from_u64(22);
    for i in 0..9 {
        b.books.ledger.answers_lost = i % 3 == 0;
        b.intent(i, Intent::Register);
        b.answer_one();
        b.books.ledger.answers_lost = false;
        if i == 4 {
            b.crash(|| true);
        }
        b.wait(std::time::Duration::from_secs(10));
    }
    b.play_out(&mut rng);
    let mut again = 0;
    for j in &b.books.taken {
        if store.transfer(j).await.expect("the store takes it") == Applied::AlreadyDone {
            again += 1;
        }
    }
    assert!(again > 0, "some movements were sent twice");
    let report = store.audit().await.expect("audit");
    assert!(report.balanced(), "{:#?}", report.problems);
    assert_eq!(report.in_tournaments, 0);
    let mut prizes = Vec::new();
    for u in &ids {
        let held = store.balance(&Account::User(*u)).await.expect("a balance");
        prizes.push(held - (start - 110));
    }
    prizes.sort_unstable();
    assert_eq!(prizes, vec![0, 0, 0, 0, 0, 0, 180, 270, 450]);
}
