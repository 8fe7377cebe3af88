//! What a table needs from a game: [`LiveGame`], implemented once per game by a small adapter
//! over its engine (`holdem.rs`, `draw.rs`, `saint.rs`). Seats here are the *hand's* seats
//! (0 … players−1); the table maps them to its own seats.

use serde_json::Value;
use tavolo_bots::Game;
use tavolo_engine::Chips;

use super::options::TableOptions;

/// An action of game `L`.
pub type Act<L> = <<L as LiveGame>::G as Game>::Action;
/// An event of game `L`.
pub type Ev<L> = <<L as LiveGame>::G as Game>::Event;
/// A seat's view of game `L`, for bots.
pub type View<L> = <<L as LiveGame>::G as Game>::View;

/// How a hand or game is dealt.
#[derive(Clone, Debug)]
pub struct Deal<'a> {
    /// The table's options.
    pub options: &'a TableOptions,
    /// The 256-bit seed every card comes from.
    pub seed: [u8; 32],
    /// Each player's stack (betting games).
    pub stacks: &'a [Chips],
    /// The button (Hold'em) or dealer (Draw) among the hand's seats.
    pub button: usize,
    /// Chips left in the pot by the previous hand.
    pub carried: Chips,
}

/// One hand (Hold'em, Draw) or game (Saint Poker) in play.
pub trait LiveGame: Sized + Send + 'static {
    /// The game as bots see it.
    type G: Game;
    /// The record's format in the store (`phh`, `draw-json`, `saint-json`).
    const FORMAT: &'static str;
    /// Whether players choose simultaneously (Saint Poker): then nobody but the chooser hears
    /// of a choice, and the clock is shown only to the players who must still choose.
    const SIMULTANEOUS: bool = false;

    /// The bots of this game by level name (`rules`, `expert:normal`, …).
    fn bot_spec(name: &str) -> Result<tavolo_bots::BotSpec<Self::G>, String>;
    /// Deals from the seed; the events of the deal, uncensored.
    fn deal(d: &Deal) -> Result<(Self, Vec<Ev<Self>>), String>;
    /// The seats that must act now (several in a simultaneous phase).
    fn to_act(&self) -> Vec<usize>;
    /// Reads a client's action object for `seat`; `Err` says what is wrong with it.
    fn parse(&self, seat: usize, action: &Value) -> Result<Act<Self>, String>;
    /// Whether the action may be taken by a seat that is not to act (Draw: fold at any time).
    fn out_of_turn(&self, _action: &Act<Self>) -> bool {
        false
    }
    /// Applies an action: the events (uncensored), or why it is refused.
    fn apply(&mut self, action: Act<Self>) -> Result<Vec<Ev<Self>>, String>;
    /// What the server does for a seat whose time ran out.
    fn default_action(&self, seat: usize) -> Act<Self>;
    /// The view a bot in `seat` gets.
    fn bot_view(&self, seat: usize) -> View<Self>;
    /// The legal actions of `seat` as a list for bots (never empty when the seat is to act).
    fn bot_legal(&self, seat: usize) -> Vec<Act<Self>>;
    /// The event as `seat` may see it (`None`: a spectator), or `None` to hide it entirely.
    fn censor(e: &Ev<Self>, seat: Option<usize>) -> Option<Ev<Self>>;
    /// An event (already censored) as JSON.
    fn event_json(e: &Ev<Self>) -> Value;
    /// The engine's view for a seat or a spectator, as JSON.
    fn view_json(&self, seat: Option<usize>) -> Value;
    /// The legal actions of `seat` as JSON (empty when it has none).
    fn legal_json(&self, seat: usize) -> Value;
    /// Whether the hand or game is over.
    fn is_over(&self) -> bool;
    /// The stacks now, per seat (betting games; empty for Saint Poker).
    fn stacks(&self) -> Vec<Chips>;
    /// Chips the hand leaves in the pot for the next one.
    fn carried_out(&self) -> Chips;
    /// The result, once over, as JSON.
    fn result_json(&self) -> Value;
    /// The record for the store, players named by `names`.
    fn record(&self, names: &[String]) -> Result<String, String>;
    /// The winners (Saint Poker), in seat order.
    fn winners(&self) -> Vec<usize> {
        Vec::new()
    }
}

/// A `Legal` betting decision as JSON.
pub fn betting_legal_json(l: &tavolo_engine::holdem::Legal) -> Value {
    let mut v = Vec::new();
    if l.check {
        v.push(serde_json::json!({"action": "check"}));
    }
    if l.fold {
        v.push(serde_json::json!({"action": "fold"}));
    }
    if let Some(c) = l.call {
        v.push(serde_json::json!({"action": "call", "amount": c}));
    }
    if let Some(r) = l.raise {
        v.push(serde_json::json!({"action": "bet_or_raise_to", "min": r.min_to, "max": r.max_to}));
    }
    Value::Array(v)
}

/// The result of a finished betting hand (Hold'em, Draw) as JSON: each pot won (`pot`, `seat`,
/// `amount`, and the winner's hand when it was shown), each seat's winnings, and the chips
/// carried to the next hand.
pub fn betting_result_json(
    pots_won: impl Iterator<Item = (usize, usize, Chips)>,
    shown_hand: impl Fn(usize) -> Option<tavolo_cards::HandRank>,
    won: &[Chips],
    carried: Chips,
) -> Value {
    let pots: Vec<Value> = pots_won
        .map(|(pot, seat, amount)| {
            let hand = shown_hand(seat).map(|r| r.describe(tavolo_cards::Lang::En));
            serde_json::json!({"pot": pot, "seat": seat, "amount": amount, "hand": hand})
        })
        .collect();
    serde_json::json!({"pots": pots, "won": won, "carried": carried})
}

/// Reads the betting actions shared by Hold'em and Draw: `(name, to)`.
pub fn betting_action(action: &Value) -> Result<(&str, Option<Chips>), String> {
    let name = action
        .get("action")
        .and_then(Value::as_str)
        .ok_or("the action object needs an \"action\" name")?;
    let to = match action.get("to") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_u64().ok_or("\"to\" must be a non-negative integer")?),
    };
    Ok((name, to))
}
