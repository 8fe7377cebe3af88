//! Names for bots that people can tell apart at a table: "Bianca (expert)". A table's bots take
//! distinct names from one list, starting at a place drawn from the table, so that two tables
//! do not show the same faces in the same order.

/// The first names bots go by: distinct, short, easy to read in every language the room speaks.
pub const NAMES: [&str; 24] = [
    "Bianca", "Carlo", "Dario", "Elena", "Fabio", "Giulia", "Ivo", "Lucia", "Marco", "Nina",
    "Oscar", "Paola", "Renzo", "Sara", "Tito", "Ugo", "Vera", "Zeno", "Alba", "Bruno", "Chiara",
    "Dino", "Enzo", "Flavia",
];

/// The name of the `n`-th bot (0 first) of a table identified by `table`, playing at `level`:
/// the first [`NAMES`]`.len()` bots of a table all have different first names.
///
/// ```
/// use tavolo_bots::persona::bot_name;
///
/// let a = bot_name("t42", 0, "expert");
/// let b = bot_name("t42", 1, "expert");
/// assert!(a.ends_with(" (expert)"));
/// assert_ne!(a, b);
/// ```
pub fn bot_name(table: &str, n: usize, level: &str) -> String {
    // FNV-1a of the table's id: a fixed start, different from table to table.
    let start = table.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) as usize;
    let first = NAMES[(start.wrapping_add(n)) % NAMES.len()];
    format!("{first} ({level})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_of_bots_has_distinct_names() {
        for table in ["t1", "t2", "t-long-id-77"] {
            let names: std::collections::HashSet<String> =
                (0..9).map(|n| bot_name(table, n, "rules")).collect();
            assert_eq!(names.len(), 9);
        }
    }
}
