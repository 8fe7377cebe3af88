//! Tavolo database (work in progress).
