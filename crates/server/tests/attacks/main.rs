//! The room under attack and under faults, in one test binary (each server test binary links
//! the whole room, so related stories share one): `http` — hostile requests (cross-site posts,
//! slowloris, floods of sign-ups and guests, password guessing, headers and cookies); `faults`
//! — a database that cannot be written, money around crashes and shutdowns, and the limits on
//! what a stranger can make the room spend; `fairness` — dealing that neither the room nor a
//! player can steer.

#[path = "../common/mod.rs"]
mod common;

mod fairness;
mod faults;
mod http;
