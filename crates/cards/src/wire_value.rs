//! The one list of traits every plain value of the rules and the wire has, for this crate and
//! the engine.

/// Declares a plain value of the rules and the wire (a hand category, a table setting, a
/// street, what a player may do): copied, compared, hashed, written and read with serde, and
/// described in the protocol's JSON schema, so that every such value has the same traits. An
/// enum's variants are written in snake_case; the `#[serde(alias)]` of a variant reads the
/// spelling written before that. Further derives and attributes go inside, after the doc
/// comment.
///
/// ```
/// tavolo_cards::wire_value! {
///     /// Who is to blame.
///     #[derive(Default)]
///     pub enum Blame {
///         /// Nobody.
///         #[default]
///         Nobody,
///         /// The dealer.
///         TheDealer,
///     }
/// }
/// assert_eq!(serde_json::to_string(&Blame::TheDealer).unwrap(), "\"the_dealer\"");
/// ```
#[macro_export]
macro_rules! wire_value {
    (@derive $(#[$attr:meta])* ; $($item:tt)*) => {
        #[derive(
            Clone,
            Copy,
            Debug,
            PartialEq,
            Eq,
            Hash,
            serde::Serialize,
            serde::Deserialize,
            schemars::JsonSchema,
        )]
        $(#[$attr])*
        $($item)*
    };
    ($(#[$attr:meta])* pub enum $($item:tt)*) => {
        $crate::wire_value! { @derive #[serde(rename_all = "snake_case")] $(#[$attr])* ; pub enum $($item)* }
    };
    ($(#[$attr:meta])* pub struct $($item:tt)*) => {
        $crate::wire_value! { @derive $(#[$attr])* ; pub struct $($item)* }
    };
}
