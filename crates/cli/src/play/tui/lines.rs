//! The pieces of the screen: cards as coloured spans, a seat's row, a row of cards to choose
//! from with the cursor and marks, the prompt with the legal keys, and text wrapping.

use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use tavolo_cards::{Card, Suit};

use super::super::i18n::{chips, fill, texts, Texts};
use super::super::model::{Ask, BetAsk, CardsKind, PlayGame, SeatRow};
use super::super::ui::Ui;

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

/// Cards side by side (`░░` for a hidden one).
pub(super) fn cards_spans(cards: &[Option<Card>]) -> Vec<Span<'static>> {
    let mut v = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            v.push(Span::raw(" "));
        }
        v.push(card_span(c, Style::default()));
    }
    v
}

/// A seat's row: the turn marker, the name, the button or dealer mark, the chips, the cards
/// and the last action.
pub(super) fn seat_line(s: &SeatRow, name_width: usize) -> Line<'static> {
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
pub(super) fn choice_lines(label: &str, from: &[Card], ui: &Ui) -> [Line<'static>; 2] {
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

/// The prompt and key lines for the current question, and the last message.
pub(super) fn prompt_lines(game: &dyn PlayGame, ui: &Ui, ask: &Ask) -> Vec<Line<'static>> {
    let t = texts(game.lang());
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
        Ask::Bet(b) => bet_prompt(t, ui, b, (&mut first, &mut second)),
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

/// A key and what it does: `[k] what`.
fn key(k: &str, what: String) -> Vec<Span<'static>> {
    vec![
        Span::styled(
            format!("[{k}]"),
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
        ),
        Span::raw(format!(" {what}  ")),
    ]
}

/// The prompt of a betting decision: the amount being typed, or the keys of the legal bets.
fn bet_prompt(
    t: &Texts,
    ui: &Ui,
    b: &BetAsk,
    (first, second): (&mut Vec<Span<'static>>, &mut Vec<Span<'static>>),
) {
    if let (Some(text), Some((lo, hi))) = (&ui.amount, b.raise) {
        first.push(Span::raw(fill(
            t.amount_prompt,
            &[&chips(lo), &chips(hi), &format!("{text}_")],
        )));
        second.push(Span::raw(format!("{}  ", t.amount_keys)));
        return;
    }
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

/// `text` broken into lines of at most `width` characters, at spaces where possible.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
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

/// A rectangle of `width` × `height` in the middle of `area` (smaller when it does not fit).
pub(super) fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}
