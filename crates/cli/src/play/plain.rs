//! Line mode (`--plain`) for dumb terminals and screen readers: the same game as printed lines
//! and prompts, read one line at a time. [`parse`] turns a typed line into a [`Command`] (a pure
//! function, unit-tested); [`run`] is the thin loop around it, generic over its input and
//! output so that tests can drive it.

use std::io::{BufRead, Write};

use tavolo_cards::{parse_cards, Card, Lang};

use super::i18n::{chips, fill, is_no, is_yes, second_person, texts, word_of};
use super::model::{cards_text, Ask, CardsKind, Command, PlayGame, Shortcut, TableView};

/// What a typed line means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command for the game.
    Command(Command),
    /// Show the help.
    Help,
    /// Quit (after confirmation).
    Quit,
}

/// Parses `line` as an answer to `ask`; a message saying what was wrong otherwise.
pub fn parse(line: &str, ask: &Ask, lang: Lang) -> Result<Line, String> {
    let t = texts(lang);
    let text = line.trim();
    let lower = text.to_lowercase();
    let mut words = lower.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    match first {
        "?" | "help" => return Ok(Line::Help),
        "q" | "quit" | "exit" => return Ok(Line::Quit),
        _ => {}
    }
    let unknown = || fill(t.unknown_command, &[&text]);
    match ask {
        Ask::Wait | Ask::Over => Err(t.not_now.to_string()),
        Ask::Next => Ok(Line::Command(Command::Continue)),
        Ask::Rebuy(_) if is_yes(text) => Ok(Line::Command(Command::Rebuy(true))),
        Ask::Rebuy(_) if is_no(text) => Ok(Line::Command(Command::Rebuy(false))),
        Ask::Rebuy(_) => Err(unknown()),
        Ask::Showdown => match first {
            "s" | "show" => Ok(Line::Command(Command::Show)),
            "m" | "muck" => Ok(Line::Command(Command::Muck)),
            _ => Err(unknown()),
        },
        Ask::Bet(bet) => {
            let c = match first {
                "f" | "fold" => Command::Fold,
                "k" | "check" => Command::Check,
                "c" | "call" => Command::Call,
                "a" | "allin" | "all-in" => match bet.shortcut(Shortcut::AllIn) {
                    Some(v) => Command::RaiseTo(v),
                    None => Command::Call,
                },
                "r" | "b" | "raise" | "bet" | "open" => match rest.first() {
                    Some(amount) => bet.raise_to(amount, lang)?,
                    None => bet.raise_to("", lang)?,
                },
                w if w.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
                    bet.raise_to(w, lang)?
                }
                _ => return Err(unknown()),
            };
            Ok(Line::Command(c))
        }
        Ask::Cards { kind, from, .. } => {
            let tokens: Vec<&str> = match (kind, first) {
                (CardsKind::Exchange, "f" | "fold") => return Ok(Line::Command(Command::Fold)),
                (CardsKind::Exchange, "x" | "d" | "discard") => rest,
                (CardsKind::Exchange, "pat" | "0" | "-") => Vec::new(),
                _ => lower
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|s| !s.is_empty())
                    .collect(),
            };
            let mut cards = Vec::new();
            for tok in tokens {
                if let Ok(i) = tok.parse::<usize>() {
                    match i.checked_sub(1).and_then(|i| from.get(i)) {
                        Some(&c) => cards.push(c),
                        None => return Err(fill(t.not_a_choice, &[&tok])),
                    }
                } else {
                    let parsed = parse_cards(tok).map_err(|_| fill(t.unknown_command, &[&tok]))?;
                    for c in parsed {
                        if !from.contains(&c) {
                            return Err(fill(t.not_a_choice, &[&c.pretty()]));
                        }
                        cards.push(c);
                    }
                }
            }
            if *kind != CardsKind::Exchange && cards.is_empty() {
                return Err(unknown());
            }
            Ok(Line::Command(Command::Cards(cards)))
        }
    }
}

/// The table as lines of text.
pub fn table_lines(view: &TableView, lang: Lang) -> Vec<String> {
    let mut lines = vec![format!("[{} · {}]", view.title, view.status)];
    for s in &view.seats {
        let cards: Vec<String> = s
            .cards
            .iter()
            .map(|c| c.map_or("??".to_string(), Card::pretty))
            .collect();
        let mut line = format!(
            "{} {}{} {}",
            if s.to_act { ">" } else { " " },
            s.name,
            if s.mark.is_empty() {
                String::new()
            } else {
                format!(" ({})", s.mark)
            },
            s.amount
        );
        if !cards.is_empty() {
            line.push_str(&format!("  {}", cards.join(" ")));
        }
        if s.out {
            line.push_str(&format!("  ({})", word_of(lang, |w| &w.results, "folded")));
        } else if !s.last.is_empty() {
            line.push_str(&format!("  {}", s.last));
        }
        lines.push(line);
    }
    for (_, label, cards) in &view.rows {
        lines.push(format!("  {label}: {}", cards_text(cards)));
    }
    lines
}

/// The prompt for `ask`.
pub fn prompt_lines(game: &dyn PlayGame, ask: &Ask) -> Vec<String> {
    let t = texts(game.lang());
    let mut lines = Vec::new();
    match ask {
        Ask::Wait | Ask::Over => {}
        Ask::Next => lines.push(t.next_hand.to_string()),
        Ask::Rebuy(a) => lines.push(fill(t.busted_rebuy, &[&chips(*a)])),
        Ask::Showdown => lines.push(format!("{} (s / m)", t.ask_showdown)),
        Ask::Bet(b) => {
            let view = game.table();
            lines.extend(table_lines(&view, game.lang()));
            lines.push(format!("  {}: {}", t.your_hand, cards_text(&view.hand)));
            if let Some(p) = game.preview(&[]) {
                lines.push(format!("  {p}"));
            }
            let mut keys = Vec::new();
            if b.fold {
                keys.push(format!("f {}", t.key_fold));
            }
            if b.check {
                keys.push(format!("k {}", t.key_check));
            }
            if let Some(c) = b.call {
                keys.push(format!("c {}", fill(t.key_call, &[&chips(c)])));
            }
            if let Some((lo, hi)) = b.raise {
                let template = if b.opening { t.key_bet } else { t.key_raise };
                keys.push(format!("r N {}", fill(template, &[&chips(lo), &chips(hi)])));
                keys.push(format!("a {}", fill(t.key_allin, &[&chips(hi)])));
            }
            keys.push(format!("? {}", t.key_help));
            keys.push(format!("q {}", t.key_quit));
            lines.push(keys.join(" | "));
        }
        Ask::Cards {
            kind, from, max, ..
        } => {
            let view = game.table();
            lines.extend(table_lines(&view, game.lang()));
            if *kind == CardsKind::Pick {
                lines.push(format!("  {}: {}", t.your_hand, cards_text(&view.hand)));
            }
            let numbered: Vec<String> = from
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}={}", i + 1, c.pretty()))
                .collect();
            lines.push(format!("  {}", numbered.join(" ")));
            if let Some(p) = game.preview(&[]) {
                lines.push(format!("  {p}"));
            }
            lines.push(match kind {
                CardsKind::Place => t.ask_place.to_string(),
                CardsKind::Show => t.ask_show.to_string(),
                CardsKind::Pick => t.ask_pick.to_string(),
                CardsKind::Exchange => {
                    format!("{} (x 1 2 3 | x | f)", fill(t.ask_exchange, &[max]))
                }
            });
        }
    }
    lines
}

/// Plays `game` in line mode, reading `input` and writing `out`; `save` stores finished records
/// and returns the lines to print about them (their paths).
pub fn run(
    game: &mut dyn PlayGame,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    save: &mut dyn FnMut(Vec<(String, String)>) -> Vec<String>,
) -> std::io::Result<()> {
    let t = texts(game.lang());
    let mut printed = 0;
    let mut flush = |game: &mut dyn PlayGame,
                     out: &mut dyn Write,
                     printed: &mut usize|
     -> std::io::Result<()> {
        let log = game.log();
        for line in &log[(*printed).min(log.len())..] {
            writeln!(out, "{}", second_person(game.lang(), line))?;
        }
        *printed = log.len();
        for line in save(game.take_records()) {
            writeln!(out, "{line}")?;
        }
        Ok(())
    };
    loop {
        while game.bot_step() {}
        flush(game, out, &mut printed)?;
        let ask = game.ask();
        if matches!(ask, Ask::Wait | Ask::Over) {
            break;
        }
        for line in prompt_lines(game, &ask) {
            writeln!(out, "{line}")?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            game.quit();
            break;
        }
        match parse(&line, &ask, game.lang()) {
            Ok(Line::Help) => {
                for l in t.help_plain.iter().chain(game.help().iter()) {
                    writeln!(out, "{l}")?;
                }
            }
            Ok(Line::Quit) => {
                writeln!(out, "{}", t.quit_confirm)?;
                write!(out, "> ")?;
                out.flush()?;
                let mut answer = String::new();
                if input.read_line(&mut answer)? == 0 || is_yes(&answer) {
                    game.quit();
                    break;
                }
            }
            Ok(Line::Command(c)) => {
                if let Err(e) = game.command(c) {
                    writeln!(out, "{e}")?;
                }
            }
            Err(e) => writeln!(out, "{e}")?,
        }
    }
    flush(game, out, &mut printed)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::model::BetAsk;
    use tavolo_engine::Chips;

    fn bet() -> Ask {
        Ask::Bet(BetAsk {
            fold: true,
            check: false,
            call: Some(Chips::new(100)),
            raise: Some((Chips::new(200), Chips::new(1000))),
            opening: false,
            shortcuts: vec![
                (Shortcut::Min, Chips::new(200)),
                (Shortcut::Pot, Chips::new(350)),
                (Shortcut::AllIn, Chips::new(1000)),
            ],
        })
    }

    #[test]
    fn betting_words_and_amounts_parse() {
        let line = |text| parse(text, &bet(), Lang::En);
        let command = |c| Ok(Line::Command(c));
        let raise_to = |n| command(Command::RaiseTo(Chips::new(n)));
        assert_eq!(line("f"), command(Command::Fold));
        assert_eq!(line(" call "), command(Command::Call));
        assert_eq!(line("r 300"), raise_to(300));
        assert_eq!(line("r pot"), raise_to(350));
        assert_eq!(line("450"), raise_to(450));
        assert_eq!(line("a"), raise_to(1000));
        assert_eq!(line("?"), Ok(Line::Help));
        assert_eq!(line("q"), Ok(Line::Quit));
    }

    #[test]
    fn bad_amounts_and_words_give_messages_not_panics() {
        let lang = Lang::En;
        let e = parse("r 5", &bet(), lang).unwrap_err();
        assert!(e.contains("200 to 1,000"), "{e}");
        let e = parse("r", &bet(), lang).unwrap_err();
        assert!(e.contains("200 to 1,000"), "{e}");
        let e = parse("dance", &bet(), lang).unwrap_err();
        assert!(e.contains("dance"), "{e}");
        let e = parse("r 99999999999999999999999999", &bet(), Lang::It).unwrap_err();
        assert!(e.contains("da 200 a 1,000"), "{e}");
    }

    /// A choice of `kind` among `cards`, of `min` to `max` of them: the cards and the question.
    fn choose(kind: CardsKind, cards: &str, min: usize, max: usize) -> (Vec<Card>, Ask) {
        let from: Vec<Card> = parse_cards(cards).unwrap();
        let ask = Ask::Cards {
            kind,
            from: from.clone(),
            min,
            max,
        };
        (from, ask)
    }

    /// What a line choosing `cards` parses to.
    fn picked(cards: Vec<Card>) -> Result<Line, String> {
        Ok(Line::Command(Command::Cards(cards)))
    }

    #[test]
    fn cards_by_name_or_position() {
        let (from, ask) = choose(CardsKind::Show, "As Kd 7c", 2, 2);
        let lang = Lang::En;
        assert_eq!(parse("1 3", &ask, lang), picked(vec![from[0], from[2]]));
        assert_eq!(parse("kd,AS", &ask, lang), picked(vec![from[1], from[0]]));
        assert!(parse("4", &ask, lang).is_err());
        assert!(parse("Qh", &ask, lang).unwrap_err().contains("Q♥"));
        assert!(parse("", &ask, lang).is_err());
        assert!(parse("Zz", &ask, lang).is_err());
    }

    #[test]
    fn exchange_accepts_standing_pat_and_discards() {
        let (from, ask) = choose(CardsKind::Exchange, "As Kd 7c 4h 2s", 0, 3);
        let lang = Lang::En;
        assert_eq!(parse("x", &ask, lang), picked(vec![]));
        assert_eq!(parse("x 4 5", &ask, lang), picked(vec![from[3], from[4]]));
        assert_eq!(parse("f", &ask, lang), Ok(Line::Command(Command::Fold)));
    }
}
