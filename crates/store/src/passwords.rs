//! Which passwords are accepted, after NIST SP 800-63B (5.1.1.2): at least eight characters, at
//! most 1024 bytes, not blank, not one character repeated, and not one of the most common
//! passwords (`common-passwords.txt`, a few hundred, compared without regard to case). No
//! composition rules: any characters, spaces included, in any mix.

use crate::StoreError;

/// The common passwords, one a line (`#` starts a comment).
const COMMON: &str = include_str!("common-passwords.txt");

/// Whether `password` may be set.
pub fn check(password: &str) -> Result<(), StoreError> {
    if password.chars().count() < 8 {
        return Err(StoreError::WeakPassword("shorter than 8 characters"));
    }
    if password.len() > 1024 {
        return Err(StoreError::WeakPassword("longer than 1024 bytes"));
    }
    if password.trim().is_empty() {
        return Err(StoreError::WeakPassword("only spaces"));
    }
    let mut chars = password.chars();
    let first = chars.next();
    if chars.all(|c| Some(c) == first) {
        return Err(StoreError::WeakPassword("one character repeated"));
    }
    if is_common(password) {
        return Err(StoreError::WeakPassword(
            "one of the most common passwords, the first an attacker tries",
        ));
    }
    Ok(())
}

/// Whether `password` is on the list of common ones.
pub fn is_common(password: &str) -> bool {
    let lower = password.to_lowercase();
    COMMON
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .any(|l| l == lower)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_blankness_repetition_and_the_common_list_decide_nothing_else() {
        for weak in [
            "short",
            "12345678",
            "        ",
            "\t \t \t \t",
            "aaaaaaaa",
            "PassWord1",
        ] {
            assert!(check(weak).is_err(), "{weak:?} accepted");
        }
        let long = "x".repeat(1025) + "y";
        assert!(check(&long).is_err());
        for fine in [
            "correct horse",
            "tr0ub4dor&3x",
            "ñandú en el río",
            "abcdefgk",
        ] {
            assert_eq!(check(fine).ok(), Some(()), "{fine:?} refused");
        }
    }

    #[test]
    fn the_list_is_a_few_hundred_entries_each_long_enough_to_matter() {
        let entries: Vec<&str> = COMMON
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert!(entries.len() >= 300, "{}", entries.len());
        for e in &entries {
            assert!(
                e.chars().count() >= 8,
                "{e:?}: shorter ones are refused anyway"
            );
            assert_eq!(*e, e.to_lowercase(), "{e:?}: compared in lower case");
        }
    }
}
