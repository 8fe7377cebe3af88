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

/// The first slot of each row of the rank perfect hash divided by `gen::ROW_ALIGN`
/// (`gen::perfect_hash`): a rank key's slot is `gen::slot(key, &ROW_STARTS)`.
pub static ROW_STARTS: [u16; crate::gen::ROWS] =
    // SAFETY: as above, 2^12 u16 written by build.rs in the target's byte order.
    unsafe {
        core::mem::transmute::<[u8; 2 * crate::gen::ROWS], [u16; crate::gen::ROWS]>(
            *include_bytes!(concat!(env!("OUT_DIR"), "/row_starts.bin")),
        )
    };

/// The row starts of the perfect hash of six-card rank keys alone (`gen::perfect_hash` of those
/// 18,395 keys), as [`ROW_STARTS`]: a six-card hand's [`NEXT7`] row is
/// `gen::slot(key, &SIX_ROW_STARTS)`.
pub static SIX_ROW_STARTS: [u16; crate::gen::ROWS] =
    // SAFETY: as above, 2^12 u16.
    unsafe {
        core::mem::transmute::<[u8; 2 * crate::gen::ROWS], [u16; crate::gen::ROWS]>(
            *include_bytes!(concat!(env!("OUT_DIR"), "/six_row_starts.bin")),
        )
    };

/// Enumeration: for each rank multiset of six cards (at its [`SIX_ROW_STARTS`] slot), the hand rank
/// with each seventh rank (0 where that rank is already there four times), then an unused entry
/// and the multiset's rank key (modulo 2^25, low half first): 16 entries to a row. Unused rows
/// are all zero.
pub static NEXT7: [u16; NEXT7_ROWS * 16] =
    // SAFETY: as above, NEXT7_ROWS × 16 u16.
    unsafe {
        core::mem::transmute::<[u8; NEXT7_ROWS * 32], [u16; NEXT7_ROWS * 16]>(*include_bytes!(
            concat!(env!("OUT_DIR"), "/next7.bin")
        ))
    };

/// The row in [`SAINT`] of each rank-table slot holding a five-card rank multiset (0 elsewhere).
pub static SLOT_ROW: [u16; 1 << crate::gen::SLOT_BITS] =
    // SAFETY: as above, 2^17 u16.
    unsafe {
        core::mem::transmute::<[u8; 1 << 18], [u16; 1 << 17]>(*include_bytes!(concat!(
            env!("OUT_DIR"),
            "/slot_row.bin"
        )))
    };

/// Saint Poker: best non-flush hand rank of two own + three of five centre cards, indexed by
/// `SLOT_ROW[slot of the centre ranks] * 91 + pair_index(own ranks)`.
pub static SAINT: [u16; crate::gen::FIVE_RANK_MULTISETS * 91] =
    // SAFETY: as above, 6,175 × 91 u16.
    unsafe {
        core::mem::transmute::<
            [u8; crate::gen::FIVE_RANK_MULTISETS * 91 * 2],
            [u16; crate::gen::FIVE_RANK_MULTISETS * 91],
        >(*include_bytes!(concat!(env!("OUT_DIR"), "/saint.bin")))
    };
