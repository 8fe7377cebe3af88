//! Values to Python objects through serde (structs and maps become
//! dicts, sequences lists, tuples and arrays tuples, enums their serde forms), but with the
//! short strings — field names, tags, card names — made once per thread and shared: a
//! legal-action list or an event is mostly such strings, and making them anew was most of the
//! cost of a call.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Display;
use std::hash::{BuildHasherDefault, Hasher};

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde::ser::{self, Serialize};

/// Strings up to this many bytes are shared.
const SHORT: usize = 24;
/// At most this many different short strings are kept.
const KEPT: usize = 4096;

/// A multiply-and-rotate hash (FxHash's): these keys are a few bytes long and never chosen
/// by an adversary, so SipHash's cost buys nothing here.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

thread_local! {
    /// Field names and variant names, by address: `&'static str`s of the program.
    static NAMES: RefCell<FxMap<(usize, usize), Py<PyString>>> = RefCell::default();
    /// Other short strings (card names, tags), by content.
    static STRINGS: RefCell<FxMap<Box<str>, Py<PyString>>> = RefCell::default();
}

/// The Python string for a name of the program.
fn name<'py>(py: Python<'py>, s: &'static str) -> Bound<'py, PyAny> {
    NAMES.with(|cache| {
        let mut cache = cache.borrow_mut();
        let p = cache
            .entry((s.as_ptr() as usize, s.len()))
            .or_insert_with(|| PyString::new(py, s).unbind());
        p.bind(py).clone().into_any()
    })
}

/// The Python string for `s`, shared when short.
fn string<'py>(py: Python<'py>, s: &str) -> Bound<'py, PyAny> {
    if s.len() > SHORT {
        return PyString::new(py, s).into_any();
    }
    STRINGS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(p) = cache.get(s) {
            return p.bind(py).clone().into_any();
        }
        let p = PyString::new(py, s);
        if cache.len() < KEPT {
            cache.insert(s.into(), p.clone().unbind());
        }
        p.into_any()
    })
}

/// Why a value could not be made.
#[derive(Debug)]
pub struct Error(String);

impl Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Error(e.to_string())
    }
}

/// `value` as a Python object.
pub fn to_object<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> Result<Bound<'py, PyAny>, Error> {
    value.serialize(Maker { py })
}

#[derive(Clone, Copy)]
struct Maker<'py> {
    py: Python<'py>,
}

/// A list, tuple or dict being filled.
struct Seq<'py> {
    py: Python<'py>,
    items: Vec<Bound<'py, PyAny>>,
    tuple: bool,
    /// For a tuple variant: the variant's name, the key of the one-entry dict around it.
    variant: Option<&'static str>,
}

struct Map<'py> {
    py: Python<'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
    /// For a struct variant: the variant's name, the key of the one-entry dict around it.
    variant: Option<&'static str>,
}

fn wrap<'py>(
    py: Python<'py>,
    variant: Option<&'static str>,
    value: Bound<'py, PyAny>,
) -> Result<Bound<'py, PyAny>, Error> {
    match variant {
        None => Ok(value),
        Some(v) => {
            let d = PyDict::new(py);
            d.set_item(name(py, v), value)?;
            Ok(d.into_any())
        }
    }
}

/// Serializer methods for narrower numbers: each widens losslessly and calls the wider one.
macro_rules! widen {
    ($($name:ident($t:ty) => $to:ident($wide:ty)),* $(,)?) => {$(
        fn $name(self, v: $t) -> Result<Self::Ok, Error> {
            self.$to(<$wide>::from(v))
        }
    )*};
}

/// Serializer methods for 128-bit integers: Python's int holds them whole.
macro_rules! wide_int {
    ($($name:ident($t:ty)),*) => {$(
        fn $name(self, v: $t) -> Result<Self::Ok, Error> {
            v.into_pyobject(self.py)
                .map(|o| o.into_any())
                .map_err(|e| Error(format!("{e:?}")))
        }
    )*};
}

impl<'py> ser::Serializer for Maker<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'py>;
    type SerializeTuple = Seq<'py>;
    type SerializeTupleStruct = Seq<'py>;
    type SerializeTupleVariant = Seq<'py>;
    type SerializeMap = Map<'py>;
    type SerializeStruct = Map<'py>;
    type SerializeStructVariant = Map<'py>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok, Error> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }
    widen! {
        serialize_i8(i8) => serialize_i64(i64),
        serialize_i16(i16) => serialize_i64(i64),
        serialize_i32(i32) => serialize_i64(i64),
        serialize_u8(u8) => serialize_u64(u64),
        serialize_u16(u16) => serialize_u64(u64),
        serialize_u32(u32) => serialize_u64(u64),
        serialize_f32(f32) => serialize_f64(f64),
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok, Error> {
        Ok(PyInt::new(self.py, v).into_any())
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok, Error> {
        Ok(PyInt::new(self.py, v).into_any())
    }
    wide_int!(serialize_i128(i128), serialize_u128(u128));
    fn serialize_f64(self, v: f64) -> Result<Self::Ok, Error> {
        Ok(PyFloat::new(self.py, v).into_any())
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok, Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok, Error> {
        Ok(string(self.py, v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok, Error> {
        Ok(PyBytes::new(self.py, v).into_any())
    }
    fn serialize_none(self) -> Result<Self::Ok, Error> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok, Error> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Self::Ok, Error> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Self::Ok, Error> {
        Ok(name(self.py, variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Self::Ok, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok, Error> {
        let inner = value.serialize(self)?;
        wrap(self.py, Some(variant), inner)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'py>, Error> {
        Ok(Seq {
            py: self.py,
            items: Vec::with_capacity(len.unwrap_or(0)),
            tuple: false,
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'py>, Error> {
        Ok(Seq {
            py: self.py,
            items: Vec::with_capacity(len),
            tuple: true,
            variant: None,
        })
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'py>, Error> {
        self.serialize_tuple(len)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq<'py>, Error> {
        let mut s = self.serialize_tuple(len)?;
        s.variant = Some(variant);
        Ok(s)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Map<'py>, Error> {
        Ok(Map {
            py: self.py,
            dict: PyDict::new(self.py),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Map<'py>, Error> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Map<'py>, Error> {
        let mut m = self.serialize_map(None)?;
        m.variant = Some(variant);
        Ok(m)
    }
}

impl<'py> Seq<'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(value.serialize(Maker { py: self.py })?);
        Ok(())
    }

    fn done(self) -> Result<Bound<'py, PyAny>, Error> {
        let value = if self.tuple {
            PyTuple::new(self.py, self.items)?.into_any()
        } else {
            PyList::new(self.py, self.items)?.into_any()
        };
        wrap(self.py, self.variant, value)
    }
}

/// Implements the serde traits of the sequence kinds (sequence, tuple, tuple struct, tuple
/// variant) for [`Seq`]: each pushes its elements and ends in [`Seq::done`]; only the trait and
/// the name of the element method differ, which a function cannot abstract over.
macro_rules! serialize_into_seq {
    ($($serialize:ident::$element:ident),*) => {$(
        impl<'py> ser::$serialize for Seq<'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.push(value)
            }
            fn end(self) -> Result<Self::Ok, Error> {
                self.done()
            }
        }
    )*};
}

serialize_into_seq!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl<'py> Map<'py> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.dict
            .set_item(name(self.py, key), value.serialize(Maker { py: self.py })?)?;
        Ok(())
    }

    fn done(self) -> Result<Bound<'py, PyAny>, Error> {
        wrap(self.py, self.variant, self.dict.into_any())
    }
}

impl<'py> ser::SerializeMap for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(Maker { py: self.py })?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error("a map value came before its key".into()))?;
        self.dict
            .set_item(key, value.serialize(Maker { py: self.py })?)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok, Error> {
        self.done()
    }
}

/// Implements the serde traits of the struct kinds (struct, struct variant) for [`Map`]: each
/// sets its fields by name ([`Map::field`]) and ends in [`Map::done`].
macro_rules! serialize_into_map {
    ($($serialize:ident),*) => {$(
        impl<'py> ser::$serialize for Map<'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(key, value)
            }
            fn end(self) -> Result<Self::Ok, Error> {
                self.done()
            }
        }
    )*};
}

serialize_into_map!(SerializeStruct, SerializeStructVariant);

/// A Python value (None, bool, int, float, str, dict with str keys, list, tuple) as JSON, to be
/// read by serde: the way into the engine's types. Type checks never raise, so a value that
/// reads costs no Python exception.
pub fn to_json(obj: &Bound<'_, PyAny>) -> Result<serde_json::Value, Error> {
    use serde_json::Value;
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        if let Ok(v) = i.extract::<i64>() {
            return Ok(Value::from(v));
        }
        return i
            .extract::<u64>()
            .map(Value::from)
            .map_err(|_| Error(format!("the integer {i} is out of range")));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return serde_json::Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| Error(format!("{f} is not a finite number")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::with_capacity(d.len());
        for (k, v) in d.iter() {
            let key = k
                .cast::<PyString>()
                .map_err(|_| Error(format!("a key is a string, not {k}")))?
                .to_cow()?
                .into_owned();
            map.insert(key, to_json(&v)?);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l
            .iter()
            .map(|v| to_json(&v))
            .collect::<Result<_, _>>()
            .map(Value::Array);
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return t
            .iter()
            .map(|v| to_json(&v))
            .collect::<Result<_, _>>()
            .map(Value::Array);
    }
    let kind = obj
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    Err(Error(format!("a value of type {kind} cannot be read")))
}
