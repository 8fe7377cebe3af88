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
use serde_json::value::RawValue;
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
        let mut fields = Collect {
            names: G::SHARED_VIEW_FIELDS,
            out: Vec::new(),
        };
        if view.serialize(Fields(&mut fields)).is_err() {
            return SharedView::default();
        }
        let mut text =
            String::with_capacity(fields.out.iter().map(|(_, v)| v.get().len() + 24).sum());
        for (k, v) in &fields.out {
            if !text.is_empty() {
                text.push(',');
            }
            text.push_str(&serde_json::to_string(k).unwrap_or_default());
            text.push(':');
            text.push_str(v.get());
        }
        SharedView {
            names: fields.out.iter().map(|(k, _)| *k).collect(),
            text,
        }
    }

    /// Writes a viewer's `view` into `out` as one JSON object: the viewer's own fields as the
    /// view's `Serialize` writes them, then the shared ones as written once.
    pub fn write_joined<V: Serialize>(
        &self,
        view: &V,
        out: &mut Vec<u8>,
    ) -> serde_json::Result<()> {
        let mut ser = serde_json::Serializer::new(&mut *out);
        let mut st = ser.serialize_struct("View", 1)?;
        view.serialize(Fields(&mut Forward {
            st: &mut st,
            skip: &self.names,
        }))?;
        SerializeStruct::end(st)?;
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

/// Where a struct's fields go, one by one.
trait FieldSink {
    type Error: ser::Error;
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T)
        -> Result<(), Self::Error>;
}

/// Keeps the fields named `names`, each written as raw JSON.
struct Collect {
    names: &'static [&'static str],
    out: Vec<(&'static str, Box<RawValue>)>,
}

impl FieldSink for Collect {
    type Error = serde_json::Error;
    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Self::Error> {
        if self.names.contains(&key) {
            self.out.push((key, serde_json::value::to_raw_value(v)?));
        }
        Ok(())
    }
}

/// Writes the fields not in `skip` into another struct being written.
struct Forward<'a, 'b, S> {
    st: &'a mut S,
    skip: &'b [&'static str],
}

impl<S: SerializeStruct> FieldSink for Forward<'_, '_, S> {
    type Error = S::Error;
    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Self::Error> {
        if self.skip.contains(&key) {
            return Ok(());
        }
        self.st.serialize_field(key, v)
    }
}

/// A serializer that takes a struct apart into its fields, for a [`FieldSink`]; anything but a
/// struct is refused (a game's view is a struct).
struct Fields<'a, K>(&'a mut K);

impl<K: FieldSink> SerializeStruct for Fields<'_, K> {
    type Ok = ();
    type Error = K::Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), K::Error> {
        self.0.field(key, value)
    }
    fn end(self) -> Result<(), K::Error> {
        Ok(())
    }
}

/// The refusal of anything but a struct.
fn not_a_struct<E: ser::Error>() -> E {
    E::custom("a game's view is written as a struct")
}

impl<'a, K: FieldSink> Serializer for Fields<'a, K> {
    type Ok = ();
    type Error = K::Error;
    type SerializeSeq = Impossible<(), K::Error>;
    type SerializeTuple = Impossible<(), K::Error>;
    type SerializeTupleStruct = Impossible<(), K::Error>;
    type SerializeTupleVariant = Impossible<(), K::Error>;
    type SerializeMap = Impossible<(), K::Error>;
    type SerializeStruct = Fields<'a, K>;
    type SerializeStructVariant = Impossible<(), K::Error>;

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, K::Error> {
        Ok(self)
    }
    fn serialize_bool(self, _: bool) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_i8(self, _: i8) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_i16(self, _: i16) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_i32(self, _: i32) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_i64(self, _: i64) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_u8(self, _: u8) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_u16(self, _: u16) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_u32(self, _: u32) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_u64(self, _: u64) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_f32(self, _: f32) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_f64(self, _: f64) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_char(self, _: char) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_str(self, _: &str) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_none(self) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_unit(self) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), K::Error> {
        Err(not_a_struct())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, K::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, K::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, K::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, K::Error> {
        Err(not_a_struct())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, K::Error> {
        Err(not_a_struct())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, K::Error> {
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
