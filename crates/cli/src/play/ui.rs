//! The full-screen interface's state and its key handling, as a pure function: [`Ui::key`]
//! takes the game and a [`Key`] and changes the cursor, marks, amount prompt and overlays, or
//! sends a [`Command`] to the game. No terminal here, so every key path is unit-tested.

use tavolo_cards::Card;

use super::i18n::{fill, is_no, is_yes, texts};
use super::model::{Ask, BetAsk, CardsKind, Command, PlayGame, Shortcut};

/// A key press, independent of the terminal library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Left arrow.
    Left,
    /// Right arrow.
    Right,
}

/// An overlay over the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The key help.
    Help,
    /// "Quit? (y/n)".
    Quit,
}

/// What the caller should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// Leave the game.
    Quit,
}

/// The interface's own state (none of it is the game's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ui {
    /// The card under the cursor (index into the cards being chosen from).
    pub cursor: usize,
    /// Marked cards.
    pub marked: Vec<Card>,
    /// The amount being typed, when the amount prompt is open.
    pub amount: Option<String>,
    /// The overlay shown, if any.
    pub overlay: Option<Overlay>,
    /// A message for the human (an error or a hint).
    pub message: Option<String>,
}

impl Ui {
    /// Handles one key: an open overlay takes it first, then the amount prompt, then the keys
    /// that work everywhere (help, quit), then the game's question.
    pub fn key(&mut self, game: &mut dyn PlayGame, key: Key) -> Flow {
        if let Some(overlay) = self.overlay {
            return self.overlay_key(game, overlay, key);
        }
        let ask = game.ask();
        if self.amount.is_some() {
            self.amount_key(game, &ask, key);
            return Flow::Continue;
        }
        match key {
            Key::Char('?') => {
                self.overlay = Some(Overlay::Help);
                return Flow::Continue;
            }
            Key::Char('q') if ask == Ask::Over => return Flow::Quit,
            Key::Char('q') | Key::Esc => {
                self.overlay = Some(Overlay::Quit);
                return Flow::Continue;
            }
            _ => {}
        }
        match ask {
            Ask::Wait => {
                if key == Key::Char('f') && game.may_fold_out_of_turn() {
                    self.send(game, Command::Fold);
                }
            }
            Ask::Over => {
                if key == Key::Enter {
                    return Flow::Quit;
                }
            }
            Ask::Next => {
                if matches!(key, Key::Enter | Key::Char(' ') | Key::Char('n')) {
                    self.send(game, Command::Continue);
                }
            }
            Ask::Rebuy(_) => match key {
                Key::Char(c) if is_yes(&c.to_string()) => self.send(game, Command::Rebuy(true)),
                Key::Char(c) if is_no(&c.to_string()) => self.send(game, Command::Rebuy(false)),
                _ => {}
            },
            Ask::Showdown => match key {
                Key::Char('s') | Key::Enter => self.send(game, Command::Show),
                Key::Char('m') => self.send(game, Command::Muck),
                _ => {}
            },
            Ask::Bet(bet) => self.bet_key(game, &bet, key),
            Ask::Cards {
                kind,
                from,
                min,
                max,
            } => self.cards_key(game, kind, &from, (min, max), key),
        }
        Flow::Continue
    }

    /// A key while an overlay is shown: any key closes the help; "yes" confirms quitting.
    fn overlay_key(&mut self, game: &mut dyn PlayGame, overlay: Overlay, key: Key) -> Flow {
        match (overlay, key) {
            (Overlay::Quit, Key::Char(c)) if is_yes(&c.to_string()) => {
                game.quit();
                Flow::Quit
            }
            _ => {
                self.overlay = None;
                Flow::Continue
            }
        }
    }

    /// A key while the amount prompt is open: digits, the shortcuts (min, half pot, pot,
    /// all-in), Enter to bet, Esc to close. The prompt closes when the bet is no longer asked.
    fn amount_key(&mut self, game: &mut dyn PlayGame, ask: &Ask, key: Key) {
        let (Some(text), Ask::Bet(bet)) = (&mut self.amount, ask) else {
            self.amount = None;
            return;
        };
        let shortcut = |s| bet.shortcut(s).map(|v| v.to_string());
        match key {
            Key::Char(c) if c.is_ascii_digit() && text.len() < 18 => text.push(c),
            Key::Backspace => {
                text.pop();
            }
            Key::Esc => self.amount = None,
            Key::Char('m') => *text = shortcut(Shortcut::Min).unwrap_or_default(),
            Key::Char('h') => *text = shortcut(Shortcut::HalfPot).unwrap_or_default(),
            Key::Char('p') => *text = shortcut(Shortcut::Pot).unwrap_or_default(),
            Key::Char('a') => *text = shortcut(Shortcut::AllIn).unwrap_or_default(),
            Key::Enter => {
                let typed = text.clone();
                match bet.raise_to(&typed, game.lang()) {
                    Ok(c) => {
                        self.amount = None;
                        self.send(game, c);
                    }
                    Err(e) => self.message = Some(e),
                }
            }
            _ => {}
        }
    }

    /// A key at a betting decision: fold, check, call, all-in, or open the amount prompt.
    fn bet_key(&mut self, game: &mut dyn PlayGame, bet: &BetAsk, key: Key) {
        match key {
            Key::Char('f') if bet.fold => self.send(game, Command::Fold),
            Key::Char('k') if bet.check => self.send(game, Command::Check),
            Key::Char('c') if bet.call.is_some() || bet.check => self.send(game, Command::Call),
            Key::Char('a') => match bet.shortcut(Shortcut::AllIn) {
                Some(v) => self.send(game, Command::RaiseTo(v)),
                None if bet.call.is_some() => self.send(game, Command::Call),
                None => {}
            },
            Key::Char('r') | Key::Char('b') => match bet.raise {
                Some((lo, hi)) if lo == hi => self.send(game, Command::RaiseTo(lo)),
                Some((lo, _)) => {
                    self.amount = Some(lo.to_string());
                    self.message = None;
                }
                None => self.message = Some(texts(game.lang()).not_now.to_string()),
            },
            _ => {}
        }
    }

    /// A key while choosing `min` to `max` cards of `from`: move, mark, fold (an exchange), or
    /// Enter to choose.
    fn cards_key(
        &mut self,
        game: &mut dyn PlayGame,
        kind: CardsKind,
        from: &[Card],
        (min, max): (usize, usize),
        key: Key,
    ) {
        let n = from.len();
        if n > 0 && self.cursor >= n {
            self.cursor = n - 1;
        }
        match key {
            Key::Left | Key::Char('h') if n > 0 => self.cursor = (self.cursor + n - 1) % n,
            Key::Right | Key::Char('l') if n > 0 => self.cursor = (self.cursor + 1) % n,
            Key::Char(' ') | Key::Char('x') if n > 0 => {
                let c = from[self.cursor];
                if let Some(i) = self.marked.iter().position(|&m| m == c) {
                    self.marked.remove(i);
                } else if self.marked.len() < max.max(1) {
                    self.marked.push(c);
                } else {
                    self.message = Some(choose_message(game, min, max));
                }
            }
            Key::Char('f') if kind == CardsKind::Exchange => self.send(game, Command::Fold),
            Key::Enter => {
                let chosen = self.chosen(kind, from, max);
                if chosen.len() < min || chosen.len() > max {
                    self.message = Some(choose_message(game, min, max));
                } else {
                    self.send(game, Command::Cards(chosen));
                }
            }
            _ => {}
        }
    }

    /// The cards Enter chooses: the one under the cursor when one is asked and none is marked;
    /// for a shown pair, one marked and the cursor on another; else the marked ones.
    fn chosen(&self, kind: CardsKind, from: &[Card], max: usize) -> Vec<Card> {
        let n = from.len();
        if max == 1 && self.marked.is_empty() && n > 0 {
            vec![from[self.cursor]]
        } else if kind == CardsKind::Show && self.marked.len() == 1 && n > 0 {
            let c = from[self.cursor];
            let mut v = self.marked.clone();
            if c != v[0] {
                v.push(c);
            }
            v
        } else {
            self.marked.clone()
        }
    }

    /// Sends a command; on success the selection is reset, otherwise the message is shown.
    fn send(&mut self, game: &mut dyn PlayGame, c: Command) {
        match game.command(c) {
            Ok(()) => {
                self.marked.clear();
                self.cursor = 0;
                self.message = None;
            }
            Err(e) => self.message = Some(e),
        }
    }
}

/// "Choose N cards" or "choose N to M cards".
fn choose_message(game: &dyn PlayGame, min: usize, max: usize) -> String {
    let t = texts(game.lang());
    if min == max {
        fill(t.choose_n, &[&max])
    } else {
        fill(t.choose_range, &[&min, &max])
    }
}
