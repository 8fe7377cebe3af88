//! The Tavolo card room server (work in progress).
