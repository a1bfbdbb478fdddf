//! What one process holds for a while when several share a database, on SQLite and on
//! PostgreSQL: a lease (the Matrix account) and the claim on an owed bot move. Each test asks
//! the store as two or more processes would (a connection each), with the times given, so that
//! expiry needs no waiting.

use std::sync::{Arc, Barrier};

use jungle::ai::Level;
use jungle::store::{Lease, LeaseGrant, Location, NewGame, Step, Store};
use jungle::{Position, Side};

use crate::common::backends::backends;

const MATRIX: &str = "matrix https://matrix.example.org @jungle:example.org";

fn open(at: &Location) -> Store {
    Store::connect(at).unwrap_or_else(|e| panic!("{at}: {e}"))
}

fn held(grant: LeaseGrant) -> Lease {
    match grant {
        LeaseGrant::Held(lease) => lease,
        LeaseGrant::Granted => panic!("granted where another owner holds the lease"),
    }
}

#[test]
fn a_lease_has_one_holder_until_it_is_given_up_or_lapses() {
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let at = backend.fresh(dir.path());
        let (a, b) = (open(&at), open(&at));
        let name = backend.name();
        assert_eq!(
            a.take_lease(MATRIX, "A", 1000, 1060).unwrap(),
            LeaseGrant::Granted,
            "{name}"
        );
        // While A's lease runs, B is refused and told who holds it until when.
        let holder = held(b.take_lease(MATRIX, "B", 1059, 1119).unwrap());
        assert_eq!(
            (holder.owner.as_str(), holder.acquired_at, holder.expires_at),
            ("A", 1000, 1060),
            "{name}"
        );
        // A renews it in time: B is still refused after the first expiry.
        assert!(a.renew_lease(MATRIX, "A", 1120).unwrap(), "{name}");
        assert_eq!(
            held(b.take_lease(MATRIX, "B", 1100, 1160).unwrap()).expires_at,
            1120
        );
        // A asking again keeps it (and when it was first taken).
        assert_eq!(
            a.take_lease(MATRIX, "A", 1101, 1161).unwrap(),
            LeaseGrant::Granted
        );
        assert_eq!(a.lease(MATRIX).unwrap().unwrap().acquired_at, 1000);
        // Only the holder gives it up; then B takes it at once.
        assert!(!b.release_lease(MATRIX, "B").unwrap(), "{name}");
        assert!(a.release_lease(MATRIX, "A").unwrap(), "{name}");
        assert_eq!(a.lease(MATRIX).unwrap(), None, "{name}");
        assert_eq!(
            b.take_lease(MATRIX, "B", 1102, 1162).unwrap(),
            LeaseGrant::Granted
        );
        // B dies without giving it up: C is refused until it lapses, then takes it over, and
        // B's renewal (had it survived) finds the lease gone.
        assert_eq!(
            held(a.take_lease(MATRIX, "C", 1161, 1221).unwrap()).owner,
            "B"
        );
        assert_eq!(
            a.take_lease(MATRIX, "C", 1162, 1222).unwrap(),
            LeaseGrant::Granted,
            "{name}"
        );
        assert!(!b.renew_lease(MATRIX, "B", 1300).unwrap(), "{name}");
        assert_eq!(
            a.lease(MATRIX).unwrap(),
            Some(Lease {
                name: MATRIX.into(),
                owner: "C".into(),
                acquired_at: 1162,
                expires_at: 1222,
            })
        );
        // Another name is another lease.
        assert_eq!(
            b.take_lease(
                "matrix https://matrix.example.org @other:example.org",
                "B",
                1162,
                1222
            )
            .unwrap(),
            LeaseGrant::Granted
        );
    }
}

#[test]
fn processes_asking_for_one_lease_at_once_get_it_once() {
    const PROCESSES: usize = 6;
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let at = backend.fresh(dir.path());
        for round in 0..5 {
            let name = format!("{MATRIX} round {round}");
            let barrier = Arc::new(Barrier::new(PROCESSES));
            let grants: Vec<bool> = (0..PROCESSES)
                .map(|p| {
                    let (at, name, barrier) = (at.clone(), name.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        let s = open(&at);
                        barrier.wait();
                        s.take_lease(&name, &format!("p{p}"), 1000, 1060).unwrap()
                            == LeaseGrant::Granted
                    })
                })
                .collect::<Vec<_>>()
                .into_iter()
                .map(|t| t.join().unwrap())
                .collect();
            assert_eq!(
                grants.iter().filter(|g| **g).count(),
                1,
                "{}, round {round}: {grants:?}",
                backend.name()
            );
            let winner = grants.iter().position(|g| *g).unwrap();
            assert_eq!(
                open(&at).lease(&name).unwrap().unwrap().owner,
                format!("p{winner}")
            );
        }
    }
}

/// A game against the bot, which plays Jade and so is to move at once.
fn bot_game(s: &mut Store, channel: &str) -> i64 {
    let human = s.upsert_player("test", "h", "Hal", 0).unwrap();
    s.create_game(&NewGame {
        platform: "test",
        scope: "guild",
        channel,
        jade_id: None,
        crimson_id: Some(human.id),
        bot_level: Some(Level::EASY),
        position: &Position::start(),
        rated: false,
        time_control: jungle::engine::TimeControl::DEFAULT,
        now: 1000,
    })
    .unwrap()
    .id
}

/// Plays the first legal move of the game's position.
fn play_first(s: &mut Store, id: i64) {
    let g = s.game(id).unwrap().unwrap();
    let step = Step::play(&g.position, g.position.legal_moves()[0]);
    assert!(s.commit_move(id, g.ply, &step, 1000, None).unwrap());
}

#[test]
fn an_owed_bot_move_is_claimed_by_one_process_until_it_is_played_or_lapses() {
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let at = backend.fresh(dir.path());
        let (mut a, mut b) = (open(&at), open(&at));
        let name = backend.name();
        let id = bot_game(&mut a, "c1");
        assert!(a.claim_bot_turn(id, 0, "A", 1000, 1060).unwrap(), "{name}");
        assert!(!b.claim_bot_turn(id, 0, "B", 1001, 1061).unwrap(), "{name}");
        // The claimer asking again keeps it; nobody claims a ply the game is not at.
        assert!(a.claim_bot_turn(id, 0, "A", 1002, 1062).unwrap(), "{name}");
        assert!(!b.claim_bot_turn(id, 1, "B", 1002, 1062).unwrap(), "{name}");
        // A plays: the move ends the claim. At ply 1 the human is to move: nothing to claim.
        play_first(&mut a, id);
        assert!(!b.claim_bot_turn(id, 1, "B", 1003, 1063).unwrap(), "{name}");
        play_first(&mut b, id);
        assert!(b.claim_bot_turn(id, 2, "B", 1010, 1070).unwrap(), "{name}");
        // B dies while searching: A is refused until B's claim lapses, then takes it.
        assert!(!a.claim_bot_turn(id, 2, "A", 1069, 1129).unwrap(), "{name}");
        assert!(a.claim_bot_turn(id, 2, "A", 1070, 1130).unwrap(), "{name}");
        // A gives it up without a move: only A can, and then B may claim it at once.
        assert!(!b.release_bot_turn(id, "B").unwrap(), "{name}");
        assert!(a.release_bot_turn(id, "A").unwrap(), "{name}");
        assert!(b.claim_bot_turn(id, 2, "B", 1071, 1131).unwrap(), "{name}");
        // A takeback to the bot's first turn ends B's claim as well.
        let back = a.take_back(id, 2, 2, Side::Crimson, 1072).unwrap().unwrap();
        assert_eq!(back.ply, 0);
        assert!(a.claim_bot_turn(id, 0, "A", 1073, 1133).unwrap(), "{name}");
        // A game that is over has no bot move to claim.
        let other = bot_game(&mut a, "c2");
        assert!(
            a.finish_game(other, 0, &jungle::store::Finish::aborted(), 1074)
                .unwrap()
        );
        assert!(
            !a.claim_bot_turn(other, 0, "A", 1075, 1135).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn processes_claiming_one_owed_bot_move_at_once_get_it_once() {
    const PROCESSES: usize = 6;
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let at = backend.fresh(dir.path());
        for round in 0..5 {
            let id = bot_game(&mut open(&at), &format!("race{round}"));
            let barrier = Arc::new(Barrier::new(PROCESSES));
            let claims: Vec<bool> = (0..PROCESSES)
                .map(|p| {
                    let (at, barrier) = (at.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        let s = open(&at);
                        barrier.wait();
                        s.claim_bot_turn(id, 0, &format!("p{p}"), 1000, 1060)
                            .unwrap()
                    })
                })
                .collect::<Vec<_>>()
                .into_iter()
                .map(|t| t.join().unwrap())
                .collect();
            assert_eq!(
                claims.iter().filter(|c| **c).count(),
                1,
                "{}, round {round}: {claims:?}",
                backend.name()
            );
        }
    }
}
