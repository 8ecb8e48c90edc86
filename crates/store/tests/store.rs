//! The store's suite (issue 17), run on an SQLite file and, when `COALITION_TEST_DATABASE_URL` names one, on
//! PostgreSQL: the same queries must behave the same on both.

use coalition_store::*;
use std::sync::atomic::{AtomicU64, Ordering};

static NEXT: AtomicU64 = AtomicU64::new(0);

/// A game id no other test (or earlier run on a shared PostgreSQL database) uses.
fn fresh_id(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!(
        "{tag}-{}-{nanos}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// The databases to run on: a new SQLite file, and PostgreSQL when the variable is set.
async fn stores() -> Vec<Store> {
    let dir = std::env::temp_dir().join(fresh_id("coalition-store"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v = vec![
        Store::open(dir.join("test.db").to_str().unwrap())
            .await
            .unwrap(),
    ];
    if let Ok(url) = std::env::var("COALITION_TEST_DATABASE_URL") {
        v.push(
            Store::open(&url)
                .await
                .expect("COALITION_TEST_DATABASE_URL"),
        );
    } else {
        eprintln!("COALITION_TEST_DATABASE_URL is not set: the suite runs on SQLite only");
    }
    v
}

fn game(id: &str) -> GameRow {
    GameRow {
        id: id.to_string(),
        created_ms: 1,
        header: "{}".into(),
        commitment: "c".into(),
        host_hash: "h".into(),
        settings: "{}".into(),
        deadline_ms: None,
        paused_ms: None,
        finished: false,
        wake_ms: None,
        version: 0,
    }
}

fn entries(n: usize, tag: &str) -> Vec<(String, String)> {
    (0..n)
        .map(|i| ("submit".to_string(), format!("{{\"{tag}\":{i}}}")))
        .collect()
}

#[tokio::test]
async fn a_game_and_its_seats_are_stored_and_read_back() {
    for s in stores().await {
        let id = fresh_id("g");
        let seats = vec![
            SeatRow {
                player: "anne".into(),
                powers: "france".into(),
                token_hash: None,
            },
            SeatRow {
                player: "bill".into(),
                powers: "austria,russia".into(),
                token_hash: None,
            },
        ];
        s.create_game(&game(&id), &seats, &[], &[]).await.unwrap();
        assert_eq!(
            s.game(&id).await.unwrap(),
            Some(game(&id)),
            "{:?}",
            s.backend()
        );
        assert_eq!(s.seats(&id).await.unwrap(), seats);
        assert!(s.games().await.unwrap().iter().any(|g| g.id == id));
        assert_eq!(s.game("no-such-game").await.unwrap(), None);
    }
}

#[tokio::test]
async fn two_writers_cannot_both_append_the_same_sequence_number() {
    for s in stores().await {
        let id = fresh_id("g");
        s.create_game(&game(&id), &[], &[], &[]).await.unwrap();
        s.append(&id, 1, &entries(2, "a"), &[], &[], 5)
            .await
            .unwrap();
        let err = s
            .append(&id, 2, &entries(1, "b"), &[], &[], 6)
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Conflict { seq: 2, .. }), "{err}");
        let log = s.log(&id, 0).await.unwrap();
        assert_eq!(log.len(), 2);
        assert_eq!(log[1].entry, "{\"a\":1}", "the first writer's entry stays");
        assert_eq!(s.last_seq(&id).await.unwrap(), 2);
        assert_eq!(s.log(&id, 1).await.unwrap().len(), 1);
    }
}

#[tokio::test]
async fn an_append_that_conflicts_part_way_writes_nothing() {
    for s in stores().await {
        let id = fresh_id("g");
        s.create_game(&game(&id), &[], &[], &[]).await.unwrap();
        s.append(&id, 1, &entries(1, "a"), &[], &[], 5)
            .await
            .unwrap();
        s.append(&id, 3, &entries(1, "a"), &[], &[], 5)
            .await
            .unwrap();
        // 2 is free, 3 is not: the batch is refused whole.
        let err = s
            .append(&id, 2, &entries(2, "b"), &[], &[], 6)
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Conflict { seq: 3, .. }), "{err}");
        let seqs: Vec<i64> = s.log(&id, 0).await.unwrap().iter().map(|r| r.seq).collect();
        assert_eq!(seqs, vec![1, 3]);
    }
}

#[tokio::test]
async fn concurrent_appenders_leave_one_entry_per_sequence_number() {
    for s in stores().await {
        let id = fresh_id("g");
        s.create_game(&game(&id), &[], &[], &[]).await.unwrap();
        let mut tasks = Vec::new();
        for w in 0..4 {
            let s = s.clone();
            let id = id.clone();
            tasks.push(tokio::spawn(async move {
                let mut won = 0;
                while won < 10 {
                    let next = s.last_seq(&id).await.unwrap() + 1;
                    match s
                        .append(&id, next, &entries(1, &format!("w{w}")), &[], &[], 1)
                        .await
                    {
                        Ok(()) => won += 1,
                        Err(StoreError::Conflict { .. }) => {}
                        Err(e) => panic!("{e}"),
                    }
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        let seqs: Vec<i64> = s.log(&id, 0).await.unwrap().iter().map(|r| r.seq).collect();
        assert_eq!(seqs, (1..=40).collect::<Vec<_>>(), "{:?}", s.backend());
    }
}

#[tokio::test]
async fn a_seat_is_claimed_once_until_the_host_frees_it() {
    for s in stores().await {
        let id = fresh_id("g");
        let seat = SeatRow {
            player: "anne".into(),
            powers: "france".into(),
            token_hash: None,
        };
        s.create_game(&game(&id), &[seat], &[], &[]).await.unwrap();
        assert!(s.claim_seat(&id, "anne", "t1").await.unwrap());
        assert!(!s.claim_seat(&id, "anne", "t2").await.unwrap(), "taken");
        assert!(
            !s.claim_seat(&id, "zoe", "t2").await.unwrap(),
            "no such seat"
        );
        assert_eq!(
            s.seats(&id).await.unwrap()[0].token_hash.as_deref(),
            Some("t1")
        );
        assert!(s.set_seat_token(&id, "anne", None).await.unwrap());
        assert!(s.claim_seat(&id, "anne", "t3").await.unwrap());
        assert_eq!(
            s.seats(&id).await.unwrap()[0].token_hash.as_deref(),
            Some("t3")
        );
    }
}

#[tokio::test]
async fn chunks_of_events_are_written_with_the_entries_that_complete_them() {
    let chunk = |k: i64| (k, format!("[{k}]"));
    for s in stores().await {
        let id = fresh_id("g");
        s.create_game(&game(&id), &[], &[], &[]).await.unwrap();
        assert_eq!(s.event_chunks(&id).await.unwrap(), 0);
        s.append(&id, 1, &entries(1, "a"), &[chunk(0), chunk(1)], &[], 5)
            .await
            .unwrap();
        // A conflicting append writes neither its entries nor its chunks.
        let err = s
            .append(&id, 1, &entries(1, "b"), &[chunk(2)], &[], 6)
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Conflict { seq: 1, .. }), "{err}");
        assert_eq!(s.event_chunks(&id).await.unwrap(), 2);
        // A chunk stored already is left as it is.
        s.append(
            &id,
            2,
            &entries(1, "c"),
            &[(1, "[other]".into()), chunk(2)],
            &[],
            7,
        )
        .await
        .unwrap();
        s.put_events(&id, &[chunk(2), chunk(3)]).await.unwrap();
        assert_eq!(s.event_chunks(&id).await.unwrap(), 4);
        assert_eq!(s.events(&id, 1, 3).await.unwrap(), vec![chunk(1), chunk(2)]);
        assert_eq!(s.events(&id, 3, 10).await.unwrap(), vec![chunk(3)]);
    }
}

#[tokio::test]
async fn the_latest_snapshot_is_kept() {
    for s in stores().await {
        let id = fresh_id("g");
        s.create_game(&game(&id), &[], &[], &[]).await.unwrap();
        assert_eq!(s.snapshot(&id).await.unwrap(), None);
        s.put_snapshot(&id, 10, "ten").await.unwrap();
        s.put_snapshot(&id, 20, "twenty").await.unwrap();
        assert_eq!(s.snapshot(&id).await.unwrap(), Some((20, "twenty".into())));
    }
}

#[tokio::test]
async fn deadlines_move_on_by_the_time_no_server_was_up() {
    for s in stores().await {
        let running = fresh_id("g");
        let paused = fresh_id("g");
        let due = GameRow {
            deadline_ms: Some(1000),
            ..game(&running)
        };
        s.create_game(&due, &[], &[], &[]).await.unwrap();
        s.create_game(&game(&paused), &[], &[], &[]).await.unwrap();
        s.set_clock(&paused, Some(1000), Some(500)).await.unwrap();
        let due = s.due_games(1100).await.unwrap();
        assert!(due.contains(&running) && !due.contains(&paused), "{due:?}");
        s.shift_deadlines(250).await.unwrap();
        assert!(!s.due_games(1100).await.unwrap().contains(&running));
        assert_eq!(
            s.game(&running).await.unwrap().unwrap().deadline_ms,
            Some(1250)
        );
        assert_eq!(
            s.game(&paused).await.unwrap().unwrap().deadline_ms,
            Some(1000),
            "a paused game's clock is not running"
        );
        let me = fresh_id("server");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        s.heartbeat(&me, now).await.unwrap();
        assert!(s.last_alive().await.unwrap().unwrap() >= now);
        s.set_finished(&running).await.unwrap();
        let g = s.game(&running).await.unwrap().unwrap();
        assert!(g.finished);
        assert_eq!(g.deadline_ms, None);
        // Leave no running game with a deadline behind on a shared database: a server's clock would keep
        // trying it.
        s.set_finished(&paused).await.unwrap();
    }
}

#[tokio::test]
async fn a_game_is_created_with_its_first_entries_at_once_and_its_marks_count_every_change() {
    for s in stores().await {
        let id = fresh_id("g");
        let seat = SeatRow {
            player: "anne".into(),
            powers: "france".into(),
            token_hash: None,
        };
        s.create_game(&game(&id), &[seat], &entries(3, "a"), &[(0, "[0]".into())])
            .await
            .unwrap();
        assert_eq!(s.last_seq(&id).await.unwrap(), 3);
        assert_eq!(s.event_chunks(&id).await.unwrap(), 1);
        assert_eq!(s.marks(&id).await.unwrap(), Some((3, 0)));
        assert_eq!(s.marks("no-such-game").await.unwrap(), None);
        // A creation whose entries clash with a stored game's id writes nothing.
        assert!(
            s.create_game(&game(&id), &[], &entries(1, "b"), &[])
                .await
                .is_err()
        );
        assert_eq!(s.last_seq(&id).await.unwrap(), 3);
        // Each change of the row or the seats counts once; an append moves the sequence number.
        s.set_clock(&id, Some(5), None).await.unwrap();
        assert!(s.claim_seat(&id, "anne", "t1").await.unwrap());
        assert!(
            s.set_addresses(&id, "anne", "t1", Some("a@example.org"), None)
                .await
                .unwrap()
        );
        s.append(&id, 4, &entries(1, "c"), &[], &[], 9)
            .await
            .unwrap();
        assert_eq!(s.marks(&id).await.unwrap(), Some((4, 3)));
        assert_eq!(s.addresses(&id).await.unwrap().len(), 1);
        // A new token takes the old player's addresses with it.
        assert!(s.set_seat_token(&id, "anne", Some("t2")).await.unwrap());
        assert!(s.addresses(&id).await.unwrap().is_empty());
        assert!(
            !s.set_seat_token(&id, "zoe", None).await.unwrap(),
            "no such seat"
        );
        assert_eq!(s.marks(&id).await.unwrap(), Some((4, 4)));
        s.set_finished(&id).await.unwrap();
    }
}

#[tokio::test]
async fn a_wake_up_makes_a_game_due_until_it_is_cleared() {
    for s in stores().await {
        let id = fresh_id("g");
        s.create_game(&game(&id), &[], &[], &[]).await.unwrap();
        assert!(!s.due_games(100).await.unwrap().contains(&id));
        s.set_wake(&id, Some(50)).await.unwrap();
        assert!(s.due_games(100).await.unwrap().contains(&id));
        assert!(!s.due_games(49).await.unwrap().contains(&id));
        // Paused, the clock stops, but the bots still play on.
        s.set_clock(&id, None, Some(10)).await.unwrap();
        assert!(s.due_games(100).await.unwrap().contains(&id));
        s.set_wake(&id, None).await.unwrap();
        assert!(!s.due_games(100).await.unwrap().contains(&id));
        s.set_finished(&id).await.unwrap();
    }
}

fn notice(id: &str, game: &str, n: usize) -> Notice {
    Notice {
        id: format!("{game}-n{n}"),
        game: game.to_string(),
        player: "anne".into(),
        channel: "email".into(),
        address: "anne@example.org".into(),
        subject: format!("notice {n} of {id}"),
        body: "your turn".into(),
    }
}

#[tokio::test]
async fn notices_are_queued_with_their_entries_leased_once_and_retried_or_given_up() {
    for s in stores().await {
        let id = fresh_id("g");
        s.create_game(&game(&id), &[], &[], &[]).await.unwrap();
        s.append(&id, 1, &entries(1, "a"), &[], &[notice("x", &id, 1)], 1000)
            .await
            .unwrap();
        // A conflicting append queues nothing.
        assert!(
            s.append(&id, 1, &entries(1, "b"), &[], &[notice("x", &id, 2)], 1000)
                .await
                .is_err()
        );
        assert_eq!(s.outbox(&id).await.unwrap().len(), 1);
        // Leased to one taker at a time (others in a shared database may hold notices too: look for ours).
        let mine = |v: Vec<Queued>| {
            v.into_iter()
                .filter(|q| q.notice.game == id)
                .collect::<Vec<_>>()
        };
        let taken = mine(s.take_notices(2000, 30_000, 1000).await.unwrap());
        assert_eq!(taken.len(), 1);
        assert_eq!(taken[0].attempts, 1);
        assert!(
            mine(s.take_notices(2001, 30_000, 1000).await.unwrap()).is_empty(),
            "leased"
        );
        s.notice_result(&taken[0].notice.id, 2002, Err(("refused", Some(5000))))
            .await
            .unwrap();
        assert!(mine(s.take_notices(4999, 30_000, 1000).await.unwrap()).is_empty());
        let again = mine(s.take_notices(5000, 30_000, 1000).await.unwrap());
        assert_eq!(again[0].attempts, 2);
        s.notice_result(&again[0].notice.id, 5001, Ok(()))
            .await
            .unwrap();
        let q = &s.outbox(&id).await.unwrap()[0];
        assert_eq!(
            (q.sent_ms, q.next_ms, q.error.as_deref()),
            (Some(5001), None, None)
        );
        // A deadline is reminded of once, whoever asks.
        s.set_clock(&id, Some(9000), None).await.unwrap();
        assert!(
            s.to_remind(10_000).await.unwrap().is_empty(),
            "no seat wants notices"
        );
        let seat = SeatRow {
            player: "anne".into(),
            powers: "france".into(),
            token_hash: None,
        };
        let with_seat = fresh_id("g");
        s.create_game(
            &GameRow {
                deadline_ms: Some(9000),
                ..game(&with_seat)
            },
            &[seat],
            &[],
            &[],
        )
        .await
        .unwrap();
        assert!(s.claim_seat(&with_seat, "anne", "t1").await.unwrap());
        assert!(
            !s.set_addresses(&with_seat, "anne", "t0", None, Some("http://x/"))
                .await
                .unwrap(),
            "another token"
        );
        assert!(
            s.set_addresses(
                &with_seat,
                "anne",
                "t1",
                None,
                Some("http://127.0.0.1:1/hook")
            )
            .await
            .unwrap()
        );
        assert!(
            s.to_remind(10_000)
                .await
                .unwrap()
                .contains(&(with_seat.clone(), 9000))
        );
        assert!(
            !s.to_remind(8_999)
                .await
                .unwrap()
                .iter()
                .any(|(g, _)| *g == with_seat)
        );
        assert!(
            s.remind(&with_seat, 9000, &[notice("r", &with_seat, 1)], 8000)
                .await
                .unwrap()
        );
        assert!(
            !s.remind(&with_seat, 9000, &[notice("r", &with_seat, 2)], 8000)
                .await
                .unwrap()
        );
        assert!(
            !s.to_remind(10_000)
                .await
                .unwrap()
                .iter()
                .any(|(g, _)| *g == with_seat)
        );
        assert_eq!(s.outbox(&with_seat).await.unwrap().len(), 1);
        // Given up: no more tries.
        let r = s.outbox(&with_seat).await.unwrap()[0].clone();
        s.notice_result(&r.notice.id, 8001, Err(("gone", None)))
            .await
            .unwrap();
        assert!(
            s.take_notices(i64::MAX / 2, 10, 1000)
                .await
                .unwrap()
                .iter()
                .all(|q| q.notice.game != with_seat)
        );
        s.set_finished(&id).await.unwrap();
        s.set_finished(&with_seat).await.unwrap();
    }
}
