//! The hand so far as one seat saw it ([`Past`]), and a **world**: the same hand dealt again
//! with the cards the seat cannot see filled in by a sample, replayed action by action up to
//! now, so a search can play it on from there with the real engine.
//!
//! The other seats' cards come from the `expert` bot's reading of their actions and announced
//! exchanges ([`ExpertBot::sample_seat`]): five cards that fit each seat's first-round action,
//! laid down and drawn as its announced count says, the cards drawn fitting its second-round
//! action. The cards still to come (later draws, the bottom card) are a shuffle of the rest.
//! The seat's own cards, discards and draws are its real ones, so the world looks to it exactly
//! as the hand does.

use tavolo_cards::{Card, CardSet, SplitMix64};
use tavolo_engine::betting::{BetEvent, BettingAction};
use tavolo_engine::draw::{Action, Dealing, DrawSetup, DrawView, Event, StackedDeal};
use tavolo_engine::Chips;

use super::super::expert::{ExpertBot, SampledCards};
use super::super::Draw;

/// One step of the hand, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A betting action, replayed as it was.
    Act(Action),
    /// An exchange of `count` cards; `discard` when the seat saw the cards (its own).
    Exchange {
        seat: usize,
        count: u8,
        discard: Option<CardSet>,
    },
}

/// What a seat saw of the hand so far: enough to deal it again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Past {
    carried_in: Chips,
    /// Chips each seat has put in (antes and bets, uncalled bets returned taken off).
    put: Vec<Chips>,
    /// This round's bet in front of each seat.
    round: Vec<Chips>,
    steps: Vec<Step>,
}

impl Past {
    /// Notes one event (as the seat saw it); a hand's end forgets the hand.
    pub(crate) fn observe(&mut self, event: &Event) {
        let grow = |v: &mut Vec<Chips>, seat: usize| {
            if v.len() <= seat {
                v.resize(seat + 1, Chips::ZERO);
            }
        };
        grow(&mut self.put, 0);
        match *event {
            Event::HandOver => *self = Past::default(),
            Event::CarriedIn { amount } => self.carried_in = amount,
            Event::RoundEnded { .. } => self.round.iter_mut().for_each(|b| *b = Chips::ZERO),
            Event::Exchanged {
                seat,
                count,
                discarded,
                ..
            } => self.steps.push(Step::Exchange {
                seat,
                count,
                discard: discarded,
            }),
            Event::Shown { seat, .. } => self.steps.push(Step::Act(Action::Show { seat })),
            Event::Bet(BetEvent::Mucked { seat }) => {
                self.steps.push(Step::Act(Action::Muck { seat }));
            }
            Event::Bet(b) => {
                let chips = match b {
                    BetEvent::AntePosted { seat, amount } => Some((seat, amount, false)),
                    BetEvent::Called { seat, amount, .. } => Some((seat, amount, true)),
                    BetEvent::BetOrRaised { seat, to, .. } => {
                        grow(&mut self.round, seat);
                        Some((seat, to.minus_at_most(self.round[seat]), true))
                    }
                    _ => None,
                };
                if let Some((seat, amount, in_round)) = chips {
                    grow(&mut self.put, seat);
                    grow(&mut self.round, seat);
                    self.put[seat] += amount;
                    if in_round {
                        self.round[seat] += amount;
                    }
                }
                if let BetEvent::UncalledReturned { seat, amount } = b {
                    grow(&mut self.put, seat);
                    self.put[seat] = self.put[seat].minus_at_most(amount);
                }
                if let Some((seat, bet)) = b.decision() {
                    self.steps.push(Step::Act(Action::from_bet(seat, bet)));
                }
            }
            _ => {}
        }
    }

    /// The setup the hand was dealt with, read back from `view` and the chips put in.
    fn setup(&self, view: &DrawView) -> DrawSetup {
        let stacks = (0..view.stacks.len())
            .map(|s| view.stacks[s] + self.put.get(s).copied().unwrap_or(Chips::ZERO))
            .collect();
        DrawSetup {
            carried_in: self.carried_in,
            rules: view.rules,
            ..DrawSetup::new(stacks, view.dealer, view.ante)
        }
    }

    /// A world for the seat of `view`: the hand dealt again with the hidden cards sampled by
    /// `reader`'s reading of the other seats, replayed to now, with the events of the replay.
    /// `None` if the sample does not fit (the hand is then not searched in this world).
    pub(crate) fn world(
        &self,
        view: &DrawView,
        reader: &mut ExpertBot,
        rng: &mut SplitMix64,
    ) -> Option<(Draw, Vec<Event>)> {
        let me = view.seat?;
        let n = view.stacks.len();
        let hand: CardSet = view.hand.iter().copied().collect();
        let drawn: CardSet = view.drawn.iter().copied().collect();
        let discarded: CardSet = view.discarded.iter().copied().collect();
        let mine = (hand - drawn) | discarded;
        let mut deck: Vec<Card> = Card::all()
            .filter(|c| !mine.contains(*c) && !drawn.contains(*c))
            .collect();
        let mut k = 0usize;
        let mut cards = vec![None; n];
        reader.note_ante(view);
        for (s, slot) in cards.iter_mut().enumerate() {
            if s == me {
                continue;
            }
            // Every seat's cards must be distinct: a table too large for the deck is not
            // searched.
            if deck.len() - k < 8 {
                return None;
            }
            *slot = Some(reader.sample_seat(&mut deck, &mut k, s, view.exchange_counts[s])?);
        }
        let mut hands = Vec::with_capacity(n);
        for (s, c) in cards.iter().enumerate() {
            let five = if s == me { mine } else { c.as_ref()?.dealt };
            let v: Vec<Card> = five.iter().collect();
            hands.push(<[Card; 5]>::try_from(v).ok()?);
        }
        // The draws so far in serving order, then a shuffle of the cards nobody holds.
        let mut draws = Vec::new();
        for step in &self.steps {
            if let Step::Exchange { seat, .. } = *step {
                if seat == me {
                    draws.extend(view.drawn.iter().copied());
                } else {
                    draws.extend(cards.get(seat).copied().flatten()?.drawn.iter());
                }
            }
        }
        let mut rest: Vec<Card> = deck[k..].to_vec();
        for i in (1..rest.len()).rev() {
            rest.swap(i, rng.below(i + 1));
        }
        let bottom = rest.pop()?;
        draws.extend(rest);
        let setup = self.setup(view);
        let deal = StackedDeal {
            hands,
            draws,
            bottom,
        };
        let (mut game, mut events) = Draw::new(&setup, Dealing::Stacked(deal)).ok()?;
        self.replay(&mut game, &mut events, &cards)?;
        Some((game, events))
    }

    /// Plays the steps so far again in `game` (the others' discards as sampled in `cards`);
    /// `None` if one does not fit the sample.
    fn replay(
        &self,
        game: &mut Draw,
        events: &mut Vec<Event>,
        cards: &[Option<SampledCards>],
    ) -> Option<()> {
        for step in &self.steps {
            let action = match *step {
                Step::Act(a) => a,
                Step::Exchange {
                    seat,
                    count,
                    discard,
                } => {
                    let discard = match discard {
                        Some(d) => d,
                        None => cards.get(seat).copied().flatten()?.discard,
                    };
                    if discard.len() != u32::from(count) {
                        return None;
                    }
                    Action::Exchange { seat, discard }
                }
            };
            game.apply_into(action, events).ok()?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use tavolo_engine::game::{seed_from_u64, Game, Played, Viewer};

    use tavolo_engine::draw::ToAct;

    use super::*;
    use crate::bot::{Bot, Budget};
    use crate::draw::{DrawOptions, RandomBot};

    /// Plays hands of `players` random bots; at each of seat 0's betting and exchange decisions, deals a world from
    /// what seat 0 saw and checks it with `check(real view, world)`.
    fn at_each_decision(players: usize, hands: u64, mut check: impl FnMut(&DrawView, &Draw)) {
        let setup = DrawOptions::new(players).setup().expect("setup");
        for h in 0..hands {
            let mut state = Played::<Draw>::deal(setup.clone(), seed_from_u64(h)).expect("deal");
            let mut bots: Vec<RandomBot> = (0..players)
                .map(|s| RandomBot::new(h * 8 + s as u64))
                .collect();
            let mut past = Past::default();
            let mut reader = ExpertBot::new("expert".into(), 50, h);
            let mut rng = SplitMix64::new(h);
            let mut told = 0;
            while !state.game.is_over() {
                for e in &state.events()[told..] {
                    if let Some(e) = Draw::censor(e, Viewer::Seat(0)) {
                        past.observe(&e);
                        reader.observe(&e);
                    }
                }
                told = state.events().len();
                let Some(seat) = state.game.to_act().iter().next() else {
                    break;
                };
                let view = state.game.view(Some(seat));
                // The showdown is not searched (the cards shown there are not sampled).
                let searched = matches!(view.legal, Some(ToAct::Bet(_) | ToAct::Exchange { .. }));
                if seat == 0 && searched {
                    let (world, _) = past
                        .world(&view, &mut reader, &mut rng)
                        .expect("a world for every decision of a small table");
                    check(&view, &world);
                }
                let legal = state.game.legal(seat);
                let a = Bot::<Draw>::act(&mut bots[seat], &view, &legal, Budget::UNLIMITED);
                state.apply(a).expect("a legal action");
            }
        }
    }

    #[test]
    fn a_world_dealt_again_from_what_a_seat_saw_looks_to_that_seat_exactly_like_the_hand() {
        for players in [2, 3, 5] {
            let mut decisions = 0;
            at_each_decision(players, 40, |view, world| {
                assert_eq!(&world.view(Some(0)), view);
                decisions += 1;
            });
            assert!(decisions > 40, "{players} players: {decisions} decisions");
        }
    }

    #[test]
    fn a_world_gives_the_other_seats_cards_of_their_own_that_nobody_else_holds() {
        at_each_decision(4, 20, |view, world| {
            let mut seen = CardSet::EMPTY;
            for s in 0..4 {
                for c in world.hand(s).iter().chain(world.discarded(s).iter()) {
                    assert!(seen.insert(c), "{c} twice");
                }
            }
            let mine: CardSet = view.hand.iter().copied().collect();
            assert_eq!(world.hand(0), mine);
        });
    }
}
