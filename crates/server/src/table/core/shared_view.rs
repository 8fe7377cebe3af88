//! A game's view written in two parts: the fields every viewer sees alike (the game names them,
//! [`Game::SHARED_VIEW_FIELDS`]) written once per publishing from the spectator's view, and each
//! viewer's own fields written per viewer; each viewer's `view` is one JSON object holding both,
//! with the same fields and values as the viewer's view written whole. (A table of six players
//! wrote six copies of the board, the pots, the stacks and the rules for every action: most of
//! the node's JSON.)
//!
//! Both parts come from the view's own `Serialize` (a struct's fields, by name): no game writes
//! a second serializer, and the engine's tests check that the fields it names are alike for
//! every viewer.

use serde::ser::{self, Impossible, Serialize, SerializeStruct, Serializer};
use tavolo_engine::game::Game;

/// The shared fields of a view, written once: their names, and the fields as one piece of a
/// JSON object (`"rules":{…},"stacks":[…],…`).
#[derive(Debug, Default)]
pub struct SharedView {
    names: Vec<&'static str>,
    text: String,
}

impl SharedView {
    /// The fields of `view` (the spectator's) that every viewer of `G` sees alike; none when
    /// `G` names none, or when the view cannot be written.
    pub fn of<G: Game>(view: &G::View) -> SharedView {
        if G::SHARED_VIEW_FIELDS.is_empty() {
            return SharedView::default();
        }
        let mut out = Vec::new();
        let Ok(names) = write_fields(view, G::SHARED_VIEW_FIELDS, true, &mut out) else {
            return SharedView::default();
        };
        // `{"rules":{…},…}`: the fields are the object but its braces.
        let text = String::from_utf8(out).unwrap_or_default();
        let text = text
            .get(1..text.len().saturating_sub(1))
            .unwrap_or_default();
        SharedView {
            names,
            text: text.to_string(),
        }
    }

    /// Writes a viewer's `view` into `out` as one JSON object: the viewer's own fields as the
    /// view's `Serialize` writes them, then the shared ones as written once.
    pub fn write_joined<V: Serialize>(
        &self,
        view: &V,
        out: &mut Vec<u8>,
    ) -> serde_json::Result<()> {
        write_fields(view, &self.names, false, out)?;
        if !self.text.is_empty() {
            // The object's closing brace goes after the shared fields.
            out.pop();
            if out.last() != Some(&b'{') {
                out.push(b',');
            }
            out.extend_from_slice(self.text.as_bytes());
            out.push(b'}');
        }
        Ok(())
    }
}

/// Writes `view` into `out` as one JSON object of its fields named in `names` (`keep`) or of
/// those not named there (not `keep`), as the view's `Serialize` writes them; the names of
/// those written when `keep`.
fn write_fields<V: Serialize>(
    view: &V,
    names: &[&'static str],
    keep: bool,
    out: &mut Vec<u8>,
) -> serde_json::Result<Vec<&'static str>> {
    let mut ser = serde_json::Serializer::new(&mut *out);
    let mut st = ser.serialize_struct("View", 1)?;
    let mut fields = Forward {
        st: &mut st,
        names,
        keep,
        written: Vec::new(),
    };
    view.serialize(Fields(&mut fields))?;
    let written = fields.written;
    SerializeStruct::end(st)?;
    Ok(written)
}

/// Writes the fields named in `names` (`keep`), or those not named there (not `keep`), into
/// another struct being written; keeps the names of those written when `keep`.
struct Forward<'a, 'b, S> {
    st: &'a mut S,
    names: &'b [&'static str],
    keep: bool,
    written: Vec<&'static str>,
}

/// A serializer that takes a struct apart into its fields, for a [`Forward`]; anything but a
/// struct is refused (a game's view is a struct).
struct Fields<'f, 'a, 'b, S>(&'f mut Forward<'a, 'b, S>);

impl<S: SerializeStruct> SerializeStruct for Fields<'_, '_, '_, S> {
    type Ok = ();
    type Error = S::Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        let to = &mut *self.0;
        if to.names.contains(&key) != to.keep {
            return Ok(());
        }
        if to.keep {
            to.written.push(key);
        }
        to.st.serialize_field(key, value)
    }
    fn end(self) -> Result<(), S::Error> {
        Ok(())
    }
}

/// The refusal of anything but a struct.
fn not_a_struct<E: ser::Error>() -> E {
    E::custom("a game's view is written as a struct")
}

impl<'f, 'a, 'b, S: SerializeStruct> Serializer for Fields<'f, 'a, 'b, S> {
    type Ok = ();
    type Error = S::Error;
    type SerializeSeq = Impossible<(), S::Error>;
    type SerializeTuple = Impossible<(), S::Error>;
    type SerializeTupleStruct = Impossible<(), S::Error>;
    type SerializeTupleVariant = Impossible<(), S::Error>;
    type SerializeMap = Impossible<(), S::Error>;
    type SerializeStruct = Fields<'f, 'a, 'b, S>;
    type SerializeStructVariant = Impossible<(), S::Error>;

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, S::Error> {
        Ok(self)
    }
    fn serialize_bool(self, _: bool) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_i8(self, _: i8) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_i16(self, _: i16) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_i32(self, _: i32) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_i64(self, _: i64) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_u8(self, _: u8) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_u16(self, _: u16) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_u32(self, _: u32) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_u64(self, _: u64) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_f32(self, _: f32) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_f64(self, _: f64) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_char(self, _: char) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_str(self, _: &str) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_none(self) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_unit(self) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        Err(not_a_struct())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavolo_cards::GameRng;
    use tavolo_engine::game::{seed_from_u64, Played, Positions, Viewer};
    use tavolo_engine::holdem::{Hand, HoldemRules, HoldemTable, Structure};
    use tavolo_engine::Chips;

    /// Every viewer's view written in two parts is the view written whole, at every step of
    /// random hands.
    #[test]
    fn a_view_written_in_two_parts_is_the_view_written_whole() {
        for seed in 0..40u64 {
            let n = 2 + (seed % 8) as usize;
            let structure = [
                Structure::NoLimit,
                Structure::PotLimit,
                Structure::FixedLimit,
            ][(seed % 3) as usize];
            let table = HoldemTable::casino(Chips::new(20), HoldemRules::casino(structure));
            let stacks = (0..n).map(|i| Chips::new(100 + 37 * i as u64)).collect();
            let setup = Hand::setup(
                &table,
                &Positions::new(stacks, seed as usize % n, Chips::ZERO),
            )
            .expect("a setup");
            let mut game = Played::<Hand>::deal(setup, seed_from_u64(seed)).expect("deals");
            let mut rng = GameRng::from_u64(seed);
            loop {
                let shared = SharedView::of::<Hand>(&Game::view(&game.game, Viewer::Spectator));
                assert!(!shared.names.is_empty());
                for s in 0..n {
                    let view = Game::view(&game.game, Viewer::Seat(s));
                    let whole = serde_json::to_value(&view).expect("json");
                    let mut joined = Vec::new();
                    shared.write_joined(&view, &mut joined).expect("written");
                    let parts: serde_json::Value =
                        serde_json::from_slice(&joined).expect("one JSON object");
                    assert_eq!(parts, whole, "seat {s}, seed {seed}");
                }
                if game.game.is_over() {
                    break;
                }
                let seat = game.game.to_act().iter().next().expect("a seat to act");
                let legal = game.game.legal(seat);
                let a = legal[rng.below(legal.len() as u32) as usize];
                game.apply(a).expect("legal");
            }
        }
    }
}
