//! The lookup tables written by `build.rs`, embedded as typed statics (no start-up cost).

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Hand rank of the best flush in a suit, indexed by that suit's 13-bit rank mask.
pub static FLUSH: [u16; 8192] =
    // SAFETY: 16,384 bytes written by build.rs as 8,192 u16 in the target's byte order; every bit
    // pattern is a valid u16 and the sizes are checked by the transmute itself.
    unsafe {
        core::mem::transmute::<[u8; 16384], [u16; 8192]>(*include_bytes!(concat!(
            env!("OUT_DIR"),
            "/flush.bin"
        )))
    };

/// Hand rank of every non-flush 5-, 6- and 7-card rank multiset at its perfect-hash slot
/// (`0..2^17`), followed by the flush table (`2^17 + suit rank mask`): one table, so evaluation
/// selects an index without branching and makes one load.
pub static COMBINED: [u16; (1 << 17) + 8192] =
    // SAFETY: as above, 2^17 + 8,192 u16.
    unsafe {
        core::mem::transmute::<[u8; (1 << 18) + 16384], [u16; (1 << 17) + 8192]>(*include_bytes!(
            concat!(env!("OUT_DIR"), "/combined.bin")
        ))
    };

/// Displacement of each perfect-hash bucket.
pub static DISP: [u16; 1 << 12] =
    // SAFETY: as above, 2^12 u16.
    unsafe {
        core::mem::transmute::<[u8; 1 << 13], [u16; 1 << 12]>(*include_bytes!(concat!(
            env!("OUT_DIR"),
            "/disp.bin"
        )))
    };

/// Saint Poker: best non-flush hand rank of two own + three of five centre cards, indexed by
/// `board_index(centre ranks) * 91 + pair_index(own ranks)`.
pub static SAINT: [u16; 6188 * 91] =
    // SAFETY: as above, 6,188 × 91 u16.
    unsafe {
        core::mem::transmute::<[u8; 6188 * 91 * 2], [u16; 6188 * 91]>(*include_bytes!(concat!(
            env!("OUT_DIR"),
            "/saint.bin"
        )))
    };
