//! The dates of a PokerStars hand history's header: UTC, and the US Eastern Time PokerStars
//! writes in brackets (with its daylight saving time), from milliseconds since the Unix epoch.

/// The header's dates: UTC, and PokerStars' Eastern Time in brackets.
pub(super) fn dates(ms: i64) -> String {
    let utc = ms.div_euclid(1000);
    let et = utc + eastern_offset(utc);
    format!("{} UTC [{} ET]", civil(utc), civil(et))
}

/// US Eastern Time's offset from UTC in seconds at `utc` (daylight time from the second Sunday
/// of March, 2:00 local, to the first Sunday of November, 2:00 local).
fn eastern_offset(utc: i64) -> i64 {
    let (y, _, _) = ymd(utc.div_euclid(86_400));
    // The n-th Sunday of a month, as days since the epoch.
    let sunday = |m: u32, nth: i64| {
        let first = days(y, m, 1);
        let weekday = (first + 4).rem_euclid(7); // 1970-01-01 was a Thursday (4)
        first + (7 - weekday) % 7 + 7 * (nth - 1)
    };
    let start = sunday(3, 2) * 86_400 + 7 * 3600; // 2:00 EST = 7:00 UTC
    let end = sunday(11, 1) * 86_400 + 6 * 3600; // 2:00 EDT = 6:00 UTC
    if (start..end).contains(&utc) {
        -4 * 3600
    } else {
        -5 * 3600
    }
}

/// `yyyy/mm/dd hh:mm:ss` of seconds since the epoch.
fn civil(secs: i64) -> String {
    let (y, m, d) = ymd(secs.div_euclid(86_400));
    let t = secs.rem_euclid(86_400);
    format!(
        "{y:04}/{m:02}/{d:02} {:02}:{:02}:{:02}",
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// The civil date of a day count since 1970-01-01 (proleptic Gregorian).
fn ymd(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Days since 1970-01-01 of a civil date.
fn days(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_utc_and_eastern_time_with_daylight_saving() {
        // 2013-10-04 17:53:27 UTC is 13:53:27 EDT.
        assert_eq!(
            dates(1_380_909_207_000),
            "2013/10/04 17:53:27 UTC [2013/10/04 13:53:27 ET]"
        );
        // 2026-12-06 20:58:48 UTC is 15:58:48 EST.
        assert_eq!(
            dates(1_796_590_728_000),
            "2026/12/06 20:58:48 UTC [2026/12/06 15:58:48 ET]"
        );
        assert_eq!(days(1970, 1, 1), 0);
        assert_eq!(ymd(days(2024, 2, 29)), (2024, 2, 29));
    }
}
