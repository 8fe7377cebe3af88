//! The words of the PokerStars format, in one place.

use crate::betting::Structure;

/// The header's game and structure.
pub fn game(s: Structure) -> &'static str {
    match s {
        Structure::NoLimit => "Hold'em No Limit",
        Structure::PotLimit => "Hold'em Pot Limit",
        Structure::FixedLimit => "Hold'em Limit",
    }
}
/// The header's opening words, before the hand's number.
pub const HAND: &str = "PokerStars Hand #";
/// The section markers.
pub const HOLE_CARDS: &str = "*** HOLE CARDS ***";
/// The flop's marker.
pub const FLOP: &str = "*** FLOP ***";
/// The turn's marker.
pub const TURN: &str = "*** TURN ***";
/// The river's marker.
pub const RIVER: &str = "*** RIVER ***";
/// The showdown's marker.
pub const SHOW_DOWN: &str = "*** SHOW DOWN ***";
/// The summary's marker.
pub const SUMMARY: &str = "*** SUMMARY ***";
/// Said after an action that put a player's last chip in.
pub const ALL_IN: &str = " and is all-in";
/// The street a player folded on, in the summary.
pub fn folded(street: crate::holdem::Street) -> &'static str {
    match street {
        crate::holdem::Street::Preflop => "folded before Flop",
        crate::holdem::Street::Flop => "folded on the Flop",
        crate::holdem::Street::Turn => "folded on the Turn",
        crate::holdem::Street::River => "folded on the River",
    }
}
