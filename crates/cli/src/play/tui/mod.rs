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
use tavolo_cards::Card;

use super::i18n::{second_person, texts};
use super::model::{Ask, CardsKind, PlayGame, RowKind, TableView};
use super::ui::{Flow, Key, Overlay, Ui};

mod lines;
#[cfg(test)]
mod tests;

use lines::{cards_spans, centred, choice_lines, prompt_lines, seat_line, wrap};

/// Draws the whole screen.
pub fn render(frame: &mut Frame, game: &dyn PlayGame, ui: &Ui) {
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
    frame.render_widget(
        Paragraph::new(table_lines(game, ui, &view, &ask, left.width))
            .block(Block::default().borders(Borders::ALL)),
        left,
    );
    let (title, text) = log_lines(game, &ask, right);
    frame.render_widget(
        Paragraph::new(text.into_iter().map(Line::raw).collect::<Vec<_>>())
            .block(Block::default().borders(Borders::ALL).title(title)),
        right,
    );
    frame.render_widget(
        Paragraph::new(prompt_lines(game, ui, &ask)).block(Block::default().borders(Borders::TOP)),
        footer,
    );
    render_overlay(frame, game, ui.overlay, area);
}

/// The table: the seats, the rows of cards (the pool as a choice while picking), your hand (as
/// a choice while choosing from it), and the game's preview of the selection.
fn table_lines(
    game: &dyn PlayGame,
    ui: &Ui,
    view: &TableView,
    ask: &Ask,
    width: u16,
) -> Vec<Line<'static>> {
    let t = texts(game.lang());
    let name_width = if width >= 60 { 16 } else { 11 };
    let mut lines: Vec<Line> = view
        .seats
        .iter()
        .map(|s| seat_line(s, name_width))
        .collect();
    lines.push(Line::raw(""));
    let choosing = match ask {
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
    if let Some(p) = game.preview(&selected(ui, choosing.as_ref())) {
        for l in wrap(&p, width.saturating_sub(2) as usize) {
            lines.push(Line::from(Span::styled(
                l,
                Style::default().fg(Color::Green),
            )));
        }
    }
    lines
}

/// The marked cards, and the card under the cursor while more may be chosen (a card to place,
/// a pair to show).
fn selected(ui: &Ui, choosing: Option<&(CardsKind, Vec<Card>)>) -> Vec<Card> {
    match choosing {
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
    }
}

/// The right panel's title and text: the log, or the result when a hand or the game is over;
/// the newest lines at the bottom, wrapped to `area`.
fn log_lines(game: &dyn PlayGame, ask: &Ask, area: Rect) -> (&'static str, Vec<String>) {
    let t = texts(game.lang());
    let inner_height = area.height.saturating_sub(2) as usize;
    let inner_width = area.width.saturating_sub(2) as usize;
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
    (title, text)
}

/// The help or the quit question over the table.
fn render_overlay(frame: &mut Frame, game: &dyn PlayGame, overlay: Option<Overlay>, area: Rect) {
    let t = texts(game.lang());
    match overlay {
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
