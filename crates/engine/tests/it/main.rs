//! The engine's integration tests, as one test binary: each former `tests/*.rs` file is a module
//! here, so that the tests link once instead of eighteen times (CI time).

mod holdem_support;
mod outside;
mod saint_common;

mod draw_fairness;
mod draw_props;
mod draw_record;
mod draw_rules;
mod encode;
mod fairness_proofs;
mod game_interface;
mod holdem_betting;
mod holdem_fairness;
mod holdem_phh;
mod holdem_pokerkit;
mod holdem_pokerstars;
mod holdem_properties;
mod holdem_rules;
mod pinned_deals;
mod regressions;
mod rules_spec;
mod saint_independent;
mod saint_props;
mod saint_record;
mod saint_rules;
mod table;
mod table_tournament;
mod table_tournament_draw;
mod table_tournament_points;
mod tournament;
mod words;
