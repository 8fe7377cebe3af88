//! Snapshot tests: each game and phase rendered into a `TestBackend` and compared with a
//! text file in `crates/cli/tests/snapshots/play/` (`TAVOLO_UPDATE_SNAPSHOTS=1` rewrites
//! them). Colours are not in the text; the cursor (`^^`) and marks (`**`) are.

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tavolo_bots::{draw as draw_bots, holdem as holdem_bots, saint as saint_bots};
use tavolo_cards::Lang;
use tavolo_engine::holdem::Structure;
use tavolo_engine::Chips;

use super::super::betting::SessionConfig;
use super::super::draw::{DrawConfig, DrawSession};
use super::super::holdem::{HoldemConfig, HoldemSession};
use super::super::model::{Ask, Command, PlayGame};
use super::super::saint::{SaintConfig, SaintSession};
use super::super::ui::{Flow, Key, Ui};
use super::render;

fn screen(game: &dyn PlayGame, ui: &Ui, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal.draw(|f| render(f, game, ui)).expect("draw");
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut line = String::new();
        for x in 0..width {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn snapshot(name: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots/play")
        .join(format!("{name}.txt"));
    if std::env::var_os("TAVOLO_UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("create snapshot dir");
        std::fs::write(&path, text).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {} — run with TAVOLO_UPDATE_SNAPSHOTS=1 to create it:\n{text}",
            path.display()
        )
    });
    assert_eq!(
        expected,
        text,
        "screen differs from {} (TAVOLO_UPDATE_SNAPSHOTS=1 rewrites it)",
        path.display()
    );
}

fn settle(game: &mut dyn PlayGame) {
    while game.bot_step() {}
}

fn saint(lang: Lang) -> SaintSession {
    let bot = saint_bots::bot_spec("random").expect("bot");
    SaintSession::new(SaintConfig {
        bots: vec![bot.clone(), bot],
        seed: 7,
        lang,
        stamp: "test".into(),
        rules: Default::default(),
    })
    .expect("saint")
}

fn holdem(lang: Lang) -> HoldemSession {
    let bots = ["rules", "station", "rules"]
        .iter()
        .map(|b| holdem_bots::bot_spec(b).expect("bot"))
        .collect();
    HoldemSession::new(HoldemConfig {
        structure: Structure::NoLimit,
        big_blind: Chips::new(100),
        ante: Chips::ZERO,
        session: SessionConfig {
            rules: Default::default(),
            buy_in: Chips::new(10_000),
            bots,
            seed: 11,
            lang,
            stamp: "test".into(),
        },
    })
    .expect("holdem")
}

fn draw() -> DrawSession {
    let bots = ["station", "rules"]
        .iter()
        .map(|b| draw_bots::bot_spec(b).expect("bot"))
        .collect();
    DrawSession::new(DrawConfig {
        ante: Chips::new(10),
        session: SessionConfig {
            rules: Default::default(),
            buy_in: Chips::new(1000),
            bots,
            seed: 5,
            lang: Lang::En,
            stamp: "test".into(),
        },
    })
    .expect("draw")
}

/// `game` once its bots have acted, and the screen's state after the human pressed `pressed`.
fn pressed<G: PlayGame>(mut game: G, pressed: &[Key]) -> (G, Ui) {
    settle(&mut game);
    let mut ui = Ui::default();
    keys(&mut game, &mut ui, pressed);
    (game, ui)
}

fn keys(game: &mut dyn PlayGame, ui: &mut Ui, keys: &[Key]) {
    for &k in keys {
        assert_eq!(ui.key(game, k), Flow::Continue, "{k:?}");
        settle(game);
    }
}

/// Plays a betting hand to its end by checking or calling.
fn call_down(game: &mut dyn PlayGame) {
    for _ in 0..50 {
        settle(game);
        match game.ask() {
            Ask::Bet(b) => {
                // Call or check; where neither is allowed (Draw before the opening), open.
                let c = if b.call.is_some() || b.check {
                    Command::Call
                } else {
                    Command::RaiseTo(b.raise.map_or(Chips::ZERO, |r| r.0))
                };
                game.command(c).expect("call, check or open")
            }
            Ask::Cards { .. } => game.command(Command::Cards(Vec::new())).expect("stand pat"),
            Ask::Showdown => game.command(Command::Show).expect("show"),
            _ => return,
        }
    }
}

#[test]
fn wrap_breaks_at_spaces_and_cuts_long_words() {
    assert_eq!(
        super::lines::wrap("one two three", 7),
        vec!["one two", "three"]
    );
    assert_eq!(
        super::lines::wrap("abcdefghij", 4),
        vec!["abcd", "efgh", "ij"]
    );
    assert_eq!(super::lines::wrap("", 4), vec![""]);
}

#[test]
fn tiny_terminals_are_drawn_without_panicking() {
    let mut s = saint(Lang::En);
    settle(&mut s);
    let mut h = holdem(Lang::En);
    settle(&mut h);
    let ui = Ui {
        overlay: Some(super::Overlay::Help),
        ..Ui::default()
    };
    for (w, h_) in [(1, 1), (10, 4), (40, 12), (79, 23)] {
        screen(&s, &ui, w, h_);
        screen(&h, &Ui::default(), w, h_);
    }
}

#[test]
fn saint_place_phase_at_80x24() {
    let (g, ui) = pressed(saint(Lang::En), &[Key::Right, Key::Right]);
    snapshot("saint_place", &screen(&g, &ui, 80, 24));
}

#[test]
fn saint_show_phase_with_a_marked_card_and_the_live_hand() {
    let (g, ui) = pressed(
        saint(Lang::En),
        &[Key::Enter, Key::Char(' '), Key::Right, Key::Right],
    );
    let text = screen(&g, &ui, 80, 24);
    assert!(text.contains("**"), "marked card\n{text}");
    assert!(text.contains("Best: "), "live hand\n{text}");
    snapshot("saint_show", &text);
    // Larger terminals get longer names and the whole log.
    snapshot("saint_show_120x32", &screen(&g, &ui, 120, 32));
}

#[test]
fn saint_draft_pick_from_the_pool() {
    let (mut g, ui) = pressed(
        saint(Lang::En),
        &[
            Key::Enter,
            Key::Char(' '),
            Key::Right,
            Key::Char(' '),
            Key::Enter,
        ],
    );
    // The human may not be first to pick: let the bots pick until it is our turn.
    settle(&mut g);
    assert!(matches!(
        g.ask(),
        Ask::Cards {
            kind: super::CardsKind::Pick,
            ..
        }
    ));
    snapshot("saint_draft", &screen(&g, &ui, 80, 24));
}

#[test]
fn saint_final_ranking_in_italian() {
    let mut g = saint(Lang::It);
    let mut ui = Ui::default();
    for _ in 0..100 {
        settle(&mut g);
        match g.ask() {
            Ask::Cards { min: 2, .. } => keys(
                &mut g,
                &mut ui,
                &[Key::Char(' '), Key::Right, Key::Char(' '), Key::Enter],
            ),
            Ask::Cards { .. } => keys(&mut g, &mut ui, &[Key::Enter]),
            _ => break,
        }
    }
    assert_eq!(g.ask(), Ask::Over);
    let text = screen(&g, &ui, 80, 24);
    assert!(text.contains("Classifica finale"), "{text}");
    snapshot("saint_over_it", &text);
    assert_eq!(g.take_records().len(), 1, "the game record");
}

#[test]
fn saint_bots_choices_stay_hidden_until_the_reveal() {
    let mut g = saint(Lang::En);
    settle(&mut g);
    // The bots have chosen their cards to place; nothing of it may show.
    let view = g.table();
    assert!(view.seats[1..]
        .iter()
        .all(|s| s.last.is_empty() && s.cards.is_empty()));
    assert!(!g.log().iter().any(|l| l.contains("places")));
    let text = screen(&g, &Ui::default(), 80, 24);
    assert!(!text.contains("placed"), "{text}");
}

#[test]
fn holdem_preflop_decision() {
    let mut g = holdem(Lang::En);
    settle(&mut g);
    snapshot("holdem_preflop", &screen(&g, &Ui::default(), 80, 24));
    // Other seats' hole cards are face down.
    assert!(g
        .table()
        .seats
        .iter()
        .filter(|s| !s.you)
        .all(|s| s.cards.iter().all(|c| c.is_none())));
}

#[test]
fn holdem_raise_prompt_with_pot_shortcut_and_a_bad_amount() {
    let (mut g, mut ui) = pressed(holdem(Lang::En), &[Key::Char('r'), Key::Char('p')]);
    snapshot("holdem_raise_prompt", &screen(&g, &ui, 80, 24));
    // Clear the amount and type one below the minimum.
    keys(
        &mut g,
        &mut ui,
        &[
            Key::Backspace,
            Key::Backspace,
            Key::Backspace,
            Key::Backspace,
        ],
    );
    keys(&mut g, &mut ui, &[Key::Char('5'), Key::Enter]);
    let msg = ui.message.clone().unwrap_or_default();
    assert!(msg.contains("legal range is"), "{msg}");
    assert!(matches!(g.ask(), Ask::Bet(_)), "nothing was played");
    snapshot("holdem_bad_amount", &screen(&g, &ui, 80, 24));
}

#[test]
fn holdem_hand_result_and_next_hand_in_german() {
    let mut g = holdem(Lang::De);
    call_down(&mut g);
    assert_eq!(g.ask(), Ask::Next);
    snapshot("holdem_result_de", &screen(&g, &Ui::default(), 80, 24));
    assert_eq!(g.take_records().len(), 1);
    let mut ui = Ui::default();
    keys(&mut g, &mut ui, &[Key::Enter]);
    assert!(
        g.table().status.starts_with("Spiel 2"),
        "{}",
        g.table().status
    );
}

#[test]
fn help_and_quit_overlays() {
    let (mut g, mut ui) = pressed(holdem(Lang::En), &[Key::Char('?')]);
    snapshot("holdem_help", &screen(&g, &ui, 80, 24));
    keys(&mut g, &mut ui, &[Key::Char('x'), Key::Char('q')]);
    snapshot("holdem_quit", &screen(&g, &ui, 80, 24));
    // "n" keeps playing; "q" then "y" leaves.
    keys(&mut g, &mut ui, &[Key::Char('n')]);
    assert_eq!(ui.overlay, None);
    assert_eq!(ui.key(&mut g, Key::Char('q')), Flow::Continue);
    assert_eq!(ui.key(&mut g, Key::Char('y')), Flow::Quit);
}

#[test]
fn draw_first_betting_round() {
    let mut g = draw();
    settle(&mut g);
    snapshot("draw_first_betting", &screen(&g, &Ui::default(), 80, 24));
}

#[test]
fn draw_exchange_with_marked_cards() {
    // Open with the minimum, then mark two cards to discard.
    let (mut g, mut ui) = pressed(draw(), &[Key::Char('r'), Key::Char('m'), Key::Enter]);
    assert!(matches!(g.ask(), Ask::Cards { .. }), "{:?}", g.ask());
    keys(
        &mut g,
        &mut ui,
        &[Key::Char(' '), Key::Right, Key::Char(' '), Key::Right],
    );
    snapshot("draw_exchange", &screen(&g, &ui, 80, 24));
    keys(&mut g, &mut ui, &[Key::Enter]);
    assert!(
        g.log().iter().any(|l| l.starts_with("You discard")),
        "{:?}",
        g.log()
    );
}

#[test]
fn draw_hand_result() {
    let mut g = draw();
    call_down(&mut g);
    assert_eq!(g.ask(), Ask::Next, "{:?}", g.log());
    snapshot("draw_result", &screen(&g, &Ui::default(), 80, 24));
}
