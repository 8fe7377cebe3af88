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
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::{Frame, Terminal};
use tavolo_cards::{Card, Suit};

use super::i18n::{chips, fill, texts};
use super::model::{Ask, CardsKind, PlayGame, SeatRow};
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
        Ask::Wait => first.push(Span::raw(t.waiting)),
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
                second.push(Span::raw(t.amount_keys));
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
                view.title.clone(),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::raw(" — "),
            Span::styled(view.status.clone(), Style::default().fg(Color::Cyan)),
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
    for (label, cards) in &view.rows {
        if let Some((CardsKind::Pick, from)) = &choosing {
            if label.as_str() == t.pool {
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
    let selected: Vec<Card> = match &choosing {
        Some((CardsKind::Place, from)) if ui.marked.is_empty() => {
            from.get(ui.cursor).copied().into_iter().collect()
        }
        _ => ui.marked.clone(),
    };
    if let Some(p) = game.preview(&selected) {
        lines.push(Line::from(Span::styled(
            p,
            Style::default().fg(Color::Green),
        )));
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL)),
        left,
    );

    // The log, or the result when a hand or the game is over.
    let inner_height = right.height.saturating_sub(2) as usize;
    let (title, mut text): (&str, Vec<String>) =
        if matches!(ask, Ask::Next | Ask::Over | Ask::Rebuy(_)) {
            let mut v = game.result().to_vec();
            v.push(String::new());
            (t.result, v)
        } else {
            (t.log, Vec::new())
        };
    let room = inner_height.saturating_sub(text.len());
    let log = game.log();
    text.extend(log[log.len().saturating_sub(room)..].iter().cloned());
    frame.render_widget(
        Paragraph::new(text.into_iter().map(Line::raw).collect::<Vec<_>>())
            .block(Block::default().borders(Borders::ALL).title(title))
            .wrap(Wrap { trim: false }),
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
