//! The full-screen interface (ratatui on crossterm): [`render`] draws the model of a
//! [`PlayGame`] and the [`Ui`] state into any ratatui frame (the tests draw into a
//! `TestBackend` and compare with text snapshots); [`run`] is the thin terminal loop around it.
//! Readable at 80×24: the table (seats, centre, your cards and selection) on the left, the log
//! or the last result on the right, the prompt with the legal keys at the bottom.

use std::io;
use std::time::Duration;

use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind};
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use crossterm::ExecutableCommand;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::{Frame, Terminal};
use tavolo_cards::{Card, Suit};

use super::i18n::{chips, fill, second_person, texts};
use super::model::{Ask, CardsKind, PlayGame, RowKind, SeatRow};
use super::ui::{Flow, Key, Overlay, Ui};

/// A card as a coloured span: red hearts and diamonds, black clubs and spades, on white.
fn card_span(card: Option<Card>, style: Style) -> Span<'static> {
    match card {
        Some(c) => {
            let fg = match c.suit() {
                Suit::Hearts | Suit::Diamonds => Color::Red,
                Suit::Clubs | Suit::Spades => Color::Black,
            };
            Span::styled(
                c.pretty(),
                Style::default().fg(fg).bg(Color::White).patch(style),
            )
        }
        None => Span::styled("░░", Style::default().fg(Color::Blue).patch(style)),
    }
}

fn cards_spans(cards: &[Option<Card>]) -> Vec<Span<'static>> {
    let mut v = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            v.push(Span::raw(" "));
        }
        v.push(card_span(c, Style::default()));
    }
    v
}

fn seat_line(s: &SeatRow, name_width: usize) -> Line<'static> {
    let base = if s.out {
        Style::default().add_modifier(Modifier::DIM)
    } else if s.you {
        Style::default().add_modifier(Modifier::BOLD)
    } else {
        Style::default()
    };
    let name: String = s.name.chars().take(name_width).collect();
    let mut spans = vec![
        Span::styled(
            if s.to_act { "▶" } else { " " },
            Style::default().fg(Color::Yellow),
        ),
        Span::styled(format!("{name:<name_width$}"), base),
        Span::styled(format!("{:>2}", s.mark), Style::default().fg(Color::Yellow)),
        Span::styled(format!("{:>8} ", s.amount), base),
    ];
    spans.extend(cards_spans(&s.cards));
    if !s.last.is_empty() {
        spans.push(Span::styled(format!(" {}", s.last), base.fg(Color::Cyan)));
    }
    Line::from(spans)
}

/// A row of cards to choose from, and under it the cursor (`^^`) and marks (`**`).
fn choice_lines(label: &str, from: &[Card], ui: &Ui) -> [Line<'static>; 2] {
    let mut top = vec![Span::raw(format!("{label}: "))];
    let mut bottom = " ".repeat(label.chars().count() + 2);
    for (i, &c) in from.iter().enumerate() {
        if i > 0 {
            top.push(Span::raw(" "));
            bottom.push(' ');
        }
        let marked = ui.marked.contains(&c);
        let mut style = Style::default();
        if i == ui.cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        if marked {
            style = style.add_modifier(Modifier::UNDERLINED).bg(Color::Yellow);
        }
        top.push(card_span(Some(c), style));
        bottom.push_str(if i == ui.cursor {
            "^^"
        } else if marked {
            "**"
        } else {
            "  "
        });
    }
    [
        Line::from(top),
        Line::from(Span::styled(bottom, Style::default().fg(Color::Yellow))),
    ]
}

/// The prompt and key lines for the current question.
fn prompt_lines(game: &dyn PlayGame, ui: &Ui, ask: &Ask) -> Vec<Line<'static>> {
    let t = texts(game.lang());
    let key = |k: &str, what: String| -> Vec<Span<'static>> {
        vec![
            Span::styled(
                format!("[{k}]"),
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(" {what}  ")),
        ]
    };
    let mut first: Vec<Span<'static>> = Vec::new();
    let mut second: Vec<Span<'static>> = Vec::new();
    match ask {
        Ask::Wait => {
            first.push(Span::raw(format!("{}  ", t.waiting)));
            if game.may_fold_out_of_turn() {
                first.extend(key("f", t.key_fold.to_string()));
            }
        }
        Ask::Over => first.push(Span::raw(t.game_end)),
        Ask::Next => first.push(Span::raw(t.next_hand)),
        Ask::Rebuy(a) => first.push(Span::raw(fill(t.busted_rebuy, &[&chips(*a)]))),
        Ask::Showdown => {
            first.push(Span::raw(t.ask_showdown));
            second.extend(key(
                "s",
                t.shows.replace("{0} ", "").replace(" {1}: {2}", ""),
            ));
            second.extend(key("m", t.mucks.replace("{0} ", "")));
        }
        Ask::Bet(b) => {
            if let (Some(text), Some((lo, hi))) = (&ui.amount, b.raise) {
                first.push(Span::raw(fill(
                    t.amount_prompt,
                    &[&chips(lo), &chips(hi), &format!("{text}_")],
                )));
                second.push(Span::raw(format!("{}  ", t.amount_keys)));
            } else {
                if b.fold {
                    first.extend(key("f", t.key_fold.to_string()));
                }
                if b.check {
                    first.extend(key("k", t.key_check.to_string()));
                }
                if let Some(c) = b.call {
                    first.extend(key("c", fill(t.key_call, &[&chips(c)])));
                }
                if let Some((lo, hi)) = b.raise {
                    let template = if b.opening { t.key_bet } else { t.key_raise };
                    second.extend(key("r", fill(template, &[&chips(lo), &chips(hi)])));
                    second.extend(key("a", fill(t.key_allin, &[&chips(hi)])));
                }
            }
        }
        Ask::Cards { kind, max, .. } => {
            first.push(Span::raw(match kind {
                CardsKind::Place => t.ask_place.to_string(),
                CardsKind::Show => t.ask_show.to_string(),
                CardsKind::Pick => t.ask_pick.to_string(),
                CardsKind::Exchange => fill(t.ask_exchange, &[max]),
            }));
            second.push(Span::raw(if *kind == CardsKind::Exchange {
                t.exchange_keys
            } else {
                t.cards_keys
            }));
            second.push(Span::raw("  "));
        }
    }
    second.extend(key("?", t.key_help.to_string()));
    second.extend(key("q", t.key_quit.to_string()));
    let mut lines = vec![Line::from(first), Line::from(second)];
    if let Some(m) = &ui.message {
        lines.push(Line::from(Span::styled(
            m.clone(),
            Style::default().fg(Color::Red),
        )));
    }
    lines
}

/// `text` broken into lines of at most `width` characters, at spaces where possible.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        while word.chars().count() > width {
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(head);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// Draws the whole screen.
pub fn render(frame: &mut Frame, game: &dyn PlayGame, ui: &Ui) {
    let t = texts(game.lang());
    let view = game.table();
    let ask = game.ask();
    let area = frame.area();
    let [header, middle, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(6),
        Constraint::Length(4),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(
                view.status.clone(),
                Style::default()
                    .fg(Color::Cyan)
                    .add_modifier(Modifier::BOLD),
            ),
            Span::raw(" — "),
            Span::raw(view.title.clone()),
        ])),
        header,
    );
    let left_width = (middle.width * 3 / 5).max(48).min(middle.width);
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(middle);

    // The table.
    let name_width = if left.width >= 60 { 16 } else { 11 };
    let mut lines: Vec<Line> = view
        .seats
        .iter()
        .map(|s| seat_line(s, name_width))
        .collect();
    lines.push(Line::raw(""));
    let choosing = match &ask {
        Ask::Cards { kind, from, .. } => Some((*kind, from.clone())),
        _ => None,
    };
    for (kind, label, cards) in &view.rows {
        if let Some((CardsKind::Pick, from)) = &choosing {
            if *kind == RowKind::Pool {
                lines.extend(choice_lines(label, from, ui));
                continue;
            }
        }
        let mut spans = vec![Span::raw(format!("{label}: "))];
        spans.extend(cards_spans(
            &cards.iter().map(|&c| Some(c)).collect::<Vec<_>>(),
        ));
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    match &choosing {
        Some((kind, from)) if *kind != CardsKind::Pick => {
            lines.extend(choice_lines(t.your_hand, from, ui))
        }
        _ => {
            let mut spans = vec![Span::raw(format!("{}: ", t.your_hand))];
            spans.extend(cards_spans(
                &view.hand.iter().map(|&c| Some(c)).collect::<Vec<_>>(),
            ));
            lines.push(Line::from(spans));
        }
    }
    // The marked cards, and the card under the cursor while more may be chosen.
    let selected: Vec<Card> = match &choosing {
        Some((kind @ (CardsKind::Place | CardsKind::Show), from)) => {
            let max = if *kind == CardsKind::Place { 1 } else { 2 };
            let mut v = ui.marked.clone();
            if let Some(&c) = from.get(ui.cursor) {
                if v.len() < max && !v.contains(&c) {
                    v.push(c);
                }
            }
            v
        }
        _ => ui.marked.clone(),
    };
    if let Some(p) = game.preview(&selected) {
        for l in wrap(&p, left.width.saturating_sub(2) as usize) {
            lines.push(Line::from(Span::styled(
                l,
                Style::default().fg(Color::Green),
            )));
        }
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL)),
        left,
    );

    // The log, or the result when a hand or the game is over; the newest lines at the bottom.
    let inner_height = right.height.saturating_sub(2) as usize;
    let inner_width = right.width.saturating_sub(2) as usize;
    let lang = game.lang();
    let wrapped = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .flat_map(|l| wrap(&second_person(lang, l), inner_width))
            .collect()
    };
    let showing_result = matches!(ask, Ask::Next | Ask::Over | Ask::Rebuy(_));
    let (title, mut text) = if showing_result {
        let mut v = wrapped(game.result());
        v.push(String::new());
        (t.result, v)
    } else {
        (t.log, Vec::new())
    };
    let room = inner_height.saturating_sub(text.len());
    let mut log = game.log();
    if showing_result {
        // The result is also the end of the log: show what came before it.
        log = &log[..log.len().saturating_sub(game.result().len())];
    }
    // Enough of the log's tail to fill the room once wrapped.
    let tail = wrapped(&log[log.len().saturating_sub(room)..]);
    text.extend(tail[tail.len().saturating_sub(room)..].iter().cloned());
    frame.render_widget(
        Paragraph::new(text.into_iter().map(Line::raw).collect::<Vec<_>>())
            .block(Block::default().borders(Borders::ALL).title(title)),
        right,
    );

    frame.render_widget(
        Paragraph::new(prompt_lines(game, ui, &ask)).block(Block::default().borders(Borders::TOP)),
        footer,
    );

    match ui.overlay {
        Some(Overlay::Help) => {
            let help = game.help();
            let width = help.iter().map(|l| l.chars().count()).max().unwrap_or(20) as u16 + 4;
            let rect = centred(area, width, help.len() as u16 + 2);
            frame.render_widget(Clear, rect);
            frame.render_widget(
                Paragraph::new(help.iter().map(|l| Line::raw(*l)).collect::<Vec<_>>())
                    .block(Block::default().borders(Borders::ALL).title(t.help_title)),
                rect,
            );
        }
        Some(Overlay::Quit) => {
            let width = t.quit_confirm.chars().count() as u16 + 4;
            let rect = centred(area, width, 3);
            frame.render_widget(Clear, rect);
            frame.render_widget(
                Paragraph::new(t.quit_confirm).block(Block::default().borders(Borders::ALL)),
                rect,
            );
        }
        None => {}
    }
}

/// Restores the terminal even if the game panics or fails.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = disable_raw_mode();
        let _ = io::stdout().execute(LeaveAlternateScreen);
    }
}

fn key_of(code: KeyCode) -> Option<Key> {
    Some(match code {
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        _ => return None,
    })
}

/// Plays `game` full-screen until the human leaves; returns the lines `save` gave back (the
/// saved records), to print once the screen is restored.
pub fn run(
    game: &mut dyn PlayGame,
    save: &mut dyn FnMut(Vec<(String, String)>) -> Vec<String>,
) -> io::Result<Vec<String>> {
    enable_raw_mode()?;
    let _restore = Restore;
    io::stdout().execute(EnterAlternateScreen)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let mut ui = Ui::default();
    let mut saved = Vec::new();
    loop {
        saved.extend(save(game.take_records()));
        terminal.draw(|f| render(f, game, &ui))?;
        let waiting = game.ask() == Ask::Wait;
        if !waiting {
            // Simultaneous phases: the bots choose (hidden) while the human is asked.
            if game.bot_step() {
                continue;
            }
        }
        // Bots act at a pace the human can follow; keys are read meanwhile.
        let timeout = Duration::from_millis(if waiting { 400 } else { 250 });
        if event::poll(timeout)? {
            if let TermEvent::Key(k) = event::read()? {
                if k.kind == KeyEventKind::Press {
                    if let Some(key) = key_of(k.code) {
                        if ui.key(game, key) == Flow::Quit {
                            break;
                        }
                    }
                }
            }
        } else if waiting && ui.overlay.is_none() {
            game.bot_step();
        }
    }
    saved.extend(save(game.take_records()));
    Ok(saved)
}

#[cfg(test)]
mod tests {
    //! Snapshot tests: each game and phase rendered into a `TestBackend` and compared with a
    //! text file in `crates/cli/tests/snapshots/play/` (`TAVOLO_UPDATE_SNAPSHOTS=1` rewrites
    //! them). Colours are not in the text; the cursor (`^^`) and marks (`**`) are.

    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use tavolo_bots::{draw as draw_bots, holdem as holdem_bots, saint as saint_bots};
    use tavolo_cards::Lang;
    use tavolo_engine::holdem::Structure;

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
            rules: Default::default(),
            big_blind: 100,
            ante: 0,
            buy_in: 10_000,
            bots,
            seed: 11,
            lang,
            stamp: "test".into(),
        })
        .expect("holdem")
    }

    fn draw() -> DrawSession {
        let bots = ["station", "rules"]
            .iter()
            .map(|b| draw_bots::bot_spec(b).expect("bot"))
            .collect();
        DrawSession::new(DrawConfig {
            ante: 10,
            rules: Default::default(),
            buy_in: 1000,
            bots,
            seed: 5,
            lang: Lang::En,
            stamp: "test".into(),
        })
        .expect("draw")
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
                        Command::RaiseTo(b.raise.map_or(0, |r| r.0))
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
        assert_eq!(super::wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(super::wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(super::wrap("", 4), vec![""]);
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
        let mut g = saint(Lang::En);
        settle(&mut g);
        let mut ui = Ui::default();
        keys(&mut g, &mut ui, &[Key::Right, Key::Right]);
        snapshot("saint_place", &screen(&g, &ui, 80, 24));
    }

    #[test]
    fn saint_show_phase_with_a_marked_card_and_the_live_hand() {
        let mut g = saint(Lang::En);
        settle(&mut g);
        let mut ui = Ui::default();
        keys(
            &mut g,
            &mut ui,
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
        let mut g = saint(Lang::En);
        settle(&mut g);
        let mut ui = Ui::default();
        keys(
            &mut g,
            &mut ui,
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
        let mut g = holdem(Lang::En);
        settle(&mut g);
        let mut ui = Ui::default();
        keys(&mut g, &mut ui, &[Key::Char('r'), Key::Char('p')]);
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
        let mut g = holdem(Lang::En);
        settle(&mut g);
        let mut ui = Ui::default();
        keys(&mut g, &mut ui, &[Key::Char('?')]);
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
        let mut g = draw();
        settle(&mut g);
        let mut ui = Ui::default();
        // Open with the minimum, then mark two cards to discard.
        keys(
            &mut g,
            &mut ui,
            &[Key::Char('r'), Key::Char('m'), Key::Enter],
        );
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
}
