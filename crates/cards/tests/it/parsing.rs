//! Card input from users and files: any text gives cards or a specific error, never a panic.

use proptest::prelude::*;
use tavolo_cards::{parse_cards, Card, CardError, CardSet};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    #[test]
    fn any_text_parses_or_fails_cleanly(text in "\\PC{0,40}") {
        match parse_cards(&text) {
            Ok(cards) => {
                // Whatever parsed prints back to something that parses to the same cards.
                let printed: Vec<String> = cards.iter().map(Card::to_string).collect();
                prop_assert_eq!(parse_cards(&printed.join(" ")).unwrap(), cards);
            }
            Err(CardError::Malformed { token, reason }) => {
                prop_assert!(!reason.is_empty());
                prop_assert!(text.contains(token.as_str()), "token {:?} not in {:?}", token, text);
            }
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
        let _ = text.parse::<CardSet>();
        let _ = text.parse::<Card>();
    }

    #[test]
    fn card_like_text_round_trips(idx in proptest::collection::vec(0u8..52, 0..10), sep in "[ ,]{0,2}") {
        let cards: Vec<Card> = idx.iter().map(|&i| Card::from_index(i).unwrap()).collect();
        let text = cards.iter().map(|c| c.to_string().to_lowercase()).collect::<Vec<_>>().join(&sep);
        prop_assert_eq!(parse_cards(&text).unwrap(), cards.clone());
        let set = CardSet::try_from_cards(cards.iter().copied());
        let distinct = cards.iter().collect::<std::collections::HashSet<_>>().len() == cards.len();
        prop_assert_eq!(set.is_ok(), distinct);
    }
}
