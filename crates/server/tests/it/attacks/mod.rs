//! The room under attack and under faults: `http` — hostile requests (cross-site posts,
//! slowloris, floods of sign-ups and guests, password guessing, headers and cookies); `faults`
//! — a database that cannot be written, money around crashes and shutdowns, and the limits on
//! what a stranger can make the room spend; `fairness` — dealing that neither the room nor a
//! player can steer; `guests` — the cap on what a guest receives from others.

mod fairness;
mod faults;
mod guests;
mod http;
