//! The game-independent model of `tavolo play`: what a table looks like to the human
//! ([`TableView`]), what they are asked ([`Ask`]), what they may answer ([`Command`]), and the
//! [`PlayGame`] trait each game implements. Both front ends (full-screen and line mode) only ever
//! read this model and send commands, so the games know nothing of terminals.

use tavolo_bots::{Bot, Budget, Game};
use tavolo_cards::{Card, Lang, SplitMix64};
use tavolo_engine::betting::{Bet, Legal, PotSize};
use tavolo_engine::Chips;

use super::i18n::{chips, fill, texts};

/// One seat as the human sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRow {
    /// The player's name.
    pub name: String,
    /// A short mark: `D` (button / dealer) and the like.
    pub mark: String,
    /// Chips behind, or points.
    pub amount: String,
    /// Cards in front of the seat: `Some` face up, `None` face down.
    pub cards: Vec<Option<Card>>,
    /// The seat's last action (or its bet in front).
    pub last: String,
    /// Whether the seat is to act now (in a simultaneous phase: nothing is said of others).
    pub to_act: bool,
    /// Out of the hand (folded).
    pub out: bool,
    /// The human's seat.
    pub you: bool,
}

/// The table as the human's seat may see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableView {
    /// The game and its settings.
    pub title: String,
    /// Hand or round, street or phase, pot.
    pub status: String,
    /// Every seat, in seat order.
    pub seats: Vec<SeatRow>,
    /// Rows of public cards: what they are, their label (board; centre, preview and pool).
    pub rows: Vec<(RowKind, String, Vec<Card>)>,
    /// The human's own cards.
    pub hand: Vec<Card>,
}

/// What a row of public cards is (the terminal decides by this, never by a translated label).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// Hold'em's board.
    Board,
    /// Saint Poker's centre.
    Centre,
    /// Saint Poker's preview of the next centre.
    Preview,
    /// Saint Poker's draft pool.
    Pool,
}

/// Which cards the human is choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardsKind {
    /// Saint Poker: the card to place.
    Place,
    /// Saint Poker: the two cards to show.
    Show,
    /// Saint Poker: the card to take from the pool.
    Pick,
    /// Five-Card Draw: the cards to discard.
    Exchange,
}

/// A pot-size shortcut for the amount prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// The smallest legal amount.
    Min,
    /// Half the pot.
    HalfPot,
    /// The pot.
    Pot,
    /// The whole stack.
    AllIn,
}

/// A betting decision, with its legal amounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetAsk {
    /// Folding allowed.
    pub fold: bool,
    /// Checking allowed.
    pub check: bool,
    /// Calling allowed, for this many chips.
    pub call: Option<Chips>,
    /// Betting or raising allowed, to this range of amounts.
    pub raise: Option<(Chips, Chips)>,
    /// Nobody has bet in this round yet (a bet, not a raise).
    pub opening: bool,
    /// Pot-size shortcuts, already clamped into the range.
    pub shortcuts: Vec<(Shortcut, Chips)>,
}

impl BetAsk {
    /// The shortcut's amount, if a raise is allowed.
    pub fn shortcut(&self, s: Shortcut) -> Option<Chips> {
        self.shortcuts
            .iter()
            .find(|(k, _)| *k == s)
            .map(|&(_, v)| v)
    }

    /// The command for a typed amount, or a message naming the legal range.
    pub fn raise_to(&self, text: &str, lang: Lang) -> Result<Command, String> {
        let t = texts(lang);
        let Some((lo, hi)) = self.raise else {
            return Err(t.not_now.to_string());
        };
        let word = text.trim().to_lowercase();
        let by_word = match word.as_str() {
            "min" | "m" => Some(Shortcut::Min),
            "half" | "h" => Some(Shortcut::HalfPot),
            "pot" | "p" => Some(Shortcut::Pot),
            "all" | "allin" | "all-in" | "a" | "max" => Some(Shortcut::AllIn),
            _ => None,
        };
        if let Some(s) = by_word {
            return self
                .shortcut(s)
                .map(Command::RaiseTo)
                .ok_or_else(|| t.not_now.to_string());
        }
        let digits: String = word.chars().filter(|c| *c != ',' && *c != '_').collect();
        match digits.parse::<Chips>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(Command::RaiseTo(n)),
            Ok(n) => Err(fill(t.bad_amount, &[&chips(n), &chips(lo), &chips(hi)])),
            Err(_) => Err(fill(
                t.not_a_number,
                &[&text.trim(), &chips(lo), &chips(hi)],
            )),
        }
    }

    /// The bet the human's command `c` makes, or a message saying why it is not allowed ("call"
    /// checks when the check is free; an amount outside the range is refused naming the range).
    pub fn bet(&self, c: Command, lang: Lang) -> Result<Bet, String> {
        let t = texts(lang);
        match c {
            Command::Fold if self.fold => Ok(Bet::Fold),
            Command::Check if self.check => Ok(Bet::Check),
            Command::Call if self.call.is_some() => Ok(Bet::Call),
            // "c" for a free check.
            Command::Call if self.check => Ok(Bet::Check),
            Command::RaiseTo(to) => match self.raise {
                Some((lo, hi)) if (lo..=hi).contains(&to) => Ok(Bet::RaiseTo(to)),
                Some((lo, hi)) => Err(fill(t.bad_amount, &[&chips(to), &chips(lo), &chips(hi)])),
                None => Err(t.not_now.to_string()),
            },
            _ => Err(t.not_now.to_string()),
        }
    }
}

/// What the human is asked now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Nothing: bots are to act.
    Wait,
    /// A betting decision.
    Bet(BetAsk),
    /// Choose `min` to `max` cards among `from`.
    Cards {
        /// What for.
        kind: CardsKind,
        /// The cards to choose from.
        from: Vec<Card>,
        /// At least this many.
        min: usize,
        /// At most this many.
        max: usize,
    },
    /// Show or muck at the showdown.
    Showdown,
    /// The hand is over and explained: go on to the next one.
    Next,
    /// The human is out of chips: rebuy for this amount?
    Rebuy(Chips),
    /// The game or session is over.
    Over,
}

/// The human's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Fold.
    Fold,
    /// Check.
    Check,
    /// Call.
    Call,
    /// Bet or raise to this amount.
    RaiseTo(Chips),
    /// These cards (to place, show, pick or discard).
    Cards(Vec<Card>),
    /// Show at the showdown.
    Show,
    /// Muck at the showdown.
    Muck,
    /// Go on to the next hand.
    Continue,
    /// Rebuy (or not).
    Rebuy(bool),
}

/// A game being played by one human against bots.
pub trait PlayGame {
    /// The language of the messages.
    fn lang(&self) -> Lang;
    /// The table as the human's seat sees it.
    fn table(&self) -> TableView;
    /// What the human is asked now.
    fn ask(&self) -> Ask;
    /// Everything that happened, one line per fact, oldest first.
    fn log(&self) -> &[String];
    /// The last hand's or round's result explained (or the final ranking).
    fn result(&self) -> &[String];
    /// The hand the selected cards would make, said in words, if the game has such a hint.
    fn preview(&self, selected: &[Card]) -> Option<String>;
    /// Applies the human's answer; a message saying why not otherwise (nothing changes then).
    fn command(&mut self, c: Command) -> Result<(), String>;
    /// Lets one bot act, if a bot is to act now; false when there is nothing to do.
    fn bot_step(&mut self) -> bool;
    /// The game is quitting: finish what can be recorded.
    fn quit(&mut self);
    /// Records finished since the last call: (file name, contents).
    fn take_records(&mut self) -> Vec<(String, String)>;
    /// Help lines for this game.
    fn help(&self) -> Vec<&'static str>;
    /// Whether the human may fold now although it is not their turn (Five-Card Draw).
    fn may_fold_out_of_turn(&self) -> bool {
        false
    }
}

/// The bots of a table, one per seat (`None` for the human), driven through the bots crate's
/// [`Bot`] trait exactly as the arena drives them: a view, the legal actions, censored events.
pub struct BotSeats<G: Game> {
    bots: Vec<Option<Box<dyn Bot<G>>>>,
}

impl<G: Game> BotSeats<G> {
    /// The bots, `None` at the human's seat.
    pub fn new(bots: Vec<Option<Box<dyn Bot<G>>>>) -> BotSeats<G> {
        BotSeats { bots }
    }

    /// Whether `seat` is a bot.
    pub fn is_bot(&self, seat: usize) -> bool {
        self.bots.get(seat).is_some_and(|b| b.is_some())
    }

    /// Tells every bot about `events`, each censored for its own seat by `censor`.
    pub fn observe(
        &mut self,
        events: &[G::Event],
        censor: impl Fn(&G::Event, usize) -> Option<G::Event>,
    ) {
        for (seat, bot) in self.bots.iter_mut().enumerate() {
            if let Some(bot) = bot {
                for e in events {
                    if let Some(e) = censor(e, seat) {
                        bot.observe(&e);
                    }
                }
            }
        }
    }

    /// The action of the bot at `seat`; an answer outside `legal` is replaced by `legal[0]`,
    /// as the arena does. `None` if `seat` is not a bot or nothing is legal.
    pub fn act(&mut self, seat: usize, view: &G::View, legal: &[G::Action]) -> Option<G::Action> {
        let bot = self.bots.get_mut(seat)?.as_mut()?;
        let first = *legal.first()?;
        let a = bot.act(view, legal, Budget::UNLIMITED);
        Some(if G::allows(legal, &a) { a } else { first })
    }
}

/// Plays a bot's `action` into the session `s` with `apply`. An action the engine refuses (the
/// bot's answer passed [`BotSeats::act`]'s check against `legal`, the engine has the last word)
/// is logged — `log` gives the session's log — and the first legal action, the default, is
/// played instead.
pub fn play_bot_action<S, A: Copy>(
    s: &mut S,
    action: A,
    legal: &[A],
    apply: impl Fn(&mut S, A) -> Result<(), String>,
    log: impl Fn(&mut S) -> &mut Vec<String>,
) {
    if let Err(e) = apply(s, action) {
        log(s).push(e);
        if let Some(&first) = legal.first() {
            let _ = apply(s, first);
        }
    }
}

/// The line that names the best hand `cards` make (five to seven cards), for the preview;
/// `None` for cards that make no hand.
pub fn best_hand_line(lang: Lang, cards: &[Card]) -> Option<String> {
    let rank = tavolo_cards::evaluate(cards).ok()?;
    Some(fill(texts(lang).best, &[&rank.describe(lang)]))
}

/// Cards as text (`A♠ K♥`).
pub fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The shortcuts of a betting decision `l`: the ends of the raise range and the engine's
/// pot-size presets against `pot` (the amounts the room sends the browser), none without a
/// raise.
pub fn shortcuts(l: &Legal, pot: PotSize) -> Vec<(Shortcut, Chips)> {
    let (Some(r), Some(p)) = (l.raise, l.presets(pot)) else {
        return Vec::new();
    };
    vec![
        (Shortcut::Min, r.min_to),
        (Shortcut::HalfPot, p.half_pot),
        (Shortcut::Pot, p.pot),
        (Shortcut::AllIn, r.max_to),
    ]
}

/// A seed for hand `k` of a session seeded with `seed` (SplitMix64 of both).
pub fn derive_seed(seed: u64, k: u64) -> u64 {
    SplitMix64::mix(seed ^ k.wrapping_mul(SplitMix64::GAMMA))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_engine::betting::RaiseRange;

    fn ask() -> BetAsk {
        let legal = Legal {
            seat: 2,
            fold: true,
            check: false,
            call: Some(Chips::new(100)),
            raise: Some(RaiseRange {
                min_to: Chips::new(200),
                max_to: Chips::new(10_000),
            }),
        };
        let pot = PotSize {
            middle: Chips::new(150),
            max_bet: Chips::new(100),
        };
        BetAsk {
            fold: true,
            check: false,
            call: Some(Chips::new(100)),
            raise: Some((Chips::new(200), Chips::new(10_000))),
            opening: false,
            shortcuts: shortcuts(&legal, pot),
        }
    }

    #[test]
    fn pot_size_raise_is_the_pot_after_the_call_over_the_bet() {
        // Blinds 50/100, facing the big blind: pot 150, call 100 → pot 250, raise to 350.
        let a = ask();
        assert_eq!(a.shortcut(Shortcut::Pot), Some(Chips::new(350)));
        assert_eq!(a.shortcut(Shortcut::HalfPot), Some(Chips::new(225)));
        assert_eq!(a.shortcut(Shortcut::Min), Some(Chips::new(200)));
        assert_eq!(a.shortcut(Shortcut::AllIn), Some(Chips::new(10_000)));
    }

    #[test]
    fn typed_amounts_outside_the_range_name_the_range() {
        let a = ask();
        assert_eq!(
            a.raise_to("300", Lang::En),
            Ok(Command::RaiseTo(Chips::new(300)))
        );
        assert_eq!(
            a.raise_to("1,000", Lang::En),
            Ok(Command::RaiseTo(Chips::new(1000)))
        );
        assert_eq!(
            a.raise_to("pot", Lang::En),
            Ok(Command::RaiseTo(Chips::new(350)))
        );
        let e = a.raise_to("50", Lang::En).unwrap_err();
        assert!(e.contains("200") && e.contains("10,000"), "{e}");
        let e = a.raise_to("lots", Lang::En).unwrap_err();
        assert!(e.contains("200 to 10,000"), "{e}");
        let e = a.raise_to("99999999999999999999999", Lang::De).unwrap_err();
        assert!(e.contains("200 bis 10,000"), "{e}");
    }

    #[test]
    fn derived_seeds_differ_per_hand_and_repeat_per_seed() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_eq!(derive_seed(7, 3), derive_seed(7, 3));
    }

    /// Whether the terminal's "½ pot", the one the room sends the browser with `legal` (the
    /// engine's choices as JSON) and a bot's half-pot raise (read from the seat's view, as the
    /// bots read it, fitted into the range as they fit it) are one chip count.
    fn half_pot_agrees(
        l: &Legal,
        pot: PotSize,
        choices: serde_json::Value,
        (view_pot, view_bets, least): (Chips, &[Chips], Chips),
    ) {
        let terminal = super::super::betting::bet_ask(l, pot, false).shortcut(Shortcut::HalfPot);
        let browser = choices.as_array().and_then(|c| {
            c.iter()
                .find(|c| c["action"] == "bet_or_raise_to")
                .and_then(|c| c["presets"]["half_pot"].as_u64())
                .map(Chips::new)
        });
        let max_bet = view_bets.iter().copied().max().unwrap_or(Chips::ZERO);
        let owed = l.call.unwrap_or(Chips::ZERO);
        let bots = l.raise.map(|r| {
            tavolo_bots::betting::pot_fraction_to(view_pot, owed, max_bet, 0.5, least)
                .clamp(r.min_to, r.max_to)
        });
        assert_eq!(terminal, browser, "terminal and browser: {l:?} {pot:?}");
        assert_eq!(terminal, bots, "terminal and bots: {l:?} {pot:?}");
    }

    /// Whether half the pot after the call is a half chip (where a floor and a rounding differ).
    fn odd(l: &Legal, pot: PotSize) -> bool {
        l.raise.is_some() && (pot.middle + l.call.unwrap_or(Chips::ZERO)).get() % 2 == 1
    }

    /// Plays a hand of `G` with random legal actions, calling `check` at every betting
    /// decision.
    fn random_hand<G: Game>(setup: G::Setup, seed: u64, check: impl Fn(&G, usize)) {
        let mut rng = tavolo_cards::GameRng::from_u64(seed);
        let (mut game, _) = G::deal(&setup, tavolo_engine::game::seed_from_u64(seed)).unwrap();
        while let Some(seat) = game.to_act().iter().next() {
            check(&game, seat);
            let legal = game.legal(seat);
            let a = legal[rng.below(legal.len() as u32) as usize];
            game.apply(a).unwrap();
        }
    }

    #[test]
    fn half_pot_is_the_same_chip_count_in_the_terminal_the_browser_and_the_bots() {
        use tavolo_engine::draw::{self, DrawHand, DrawTable};
        use tavolo_engine::game::Positions;
        use tavolo_engine::holdem::{self, Hand, HoldemTable};
        let odd_decisions = std::cell::Cell::new(0);
        for seed in 0..200 {
            let n = 2 + (seed % 5) as usize;
            let stacks: Vec<Chips> = (0..n)
                .map(|i| Chips::new(37 + 61 * i as u64 + seed))
                .collect();
            let at = Positions::new(stacks, (seed as usize) % n, Chips::new(seed % 3));
            let table = HoldemTable::casino(Chips::new(2), Default::default());
            let setup = Hand::setup(&table, &at).unwrap();
            random_hand::<Hand>(setup, seed, |h, seat| {
                if let holdem::ToAct::Player(l) = h.legal_actions() {
                    let v = h.view(Some(seat));
                    let choices = serde_json::to_value(Game::choices(h, seat)).unwrap();
                    half_pot_agrees(&l, h.pot_size(), choices, (v.pot, &v.bets, Chips::new(1)));
                    odd_decisions.set(odd_decisions.get() + usize::from(odd(&l, h.pot_size())));
                }
            });
            let setup = DrawHand::setup(&DrawTable::german(Chips::new(3)), &at).unwrap();
            random_hand::<DrawHand>(setup, seed, |h, seat| {
                if let draw::ToAct::Bet(l) = h.legal_actions() {
                    if l.seat == seat {
                        let v = h.view(Some(seat));
                        let choices = serde_json::to_value(Game::choices(h, seat)).unwrap();
                        half_pot_agrees(&l, h.pot_size(), choices, (v.pot, &v.bets, v.ante));
                        let odd = usize::from(odd(&l, h.pot_size()));
                        odd_decisions.set(odd_decisions.get() + odd);
                    }
                }
            });
        }
        assert!(
            odd_decisions.get() > 100,
            "{} decisions with half chips",
            odd_decisions.get()
        );
    }
}
