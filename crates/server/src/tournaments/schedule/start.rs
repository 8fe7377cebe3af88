//! A scheduled event's start as the operator's file writes it: a TOML date-time or an RFC 3339
//! string with its offset (`2026-12-13T19:00:00Z`, `2026-12-13T20:00:00+01:00`), read as ms
//! since the Unix epoch without a calendar library.

use toml::value::{Datetime, Offset};

/// A start written as a TOML date-time or an RFC 3339 string, with its offset: ms since the
/// Unix epoch.
pub(super) fn start_ms(v: &toml::Value) -> Result<u64, String> {
    let dt: Datetime = match v {
        toml::Value::Datetime(d) => *d,
        toml::Value::String(s) => s
            .parse()
            .map_err(|e| format!("not an RFC 3339 date and time ({e})"))?,
        _ => return Err("an RFC 3339 date and time, e.g. 2026-12-13T19:00:00Z".into()),
    };
    let (Some(date), Some(time), Some(offset)) = (dt.date, dt.time, dt.offset) else {
        return Err(format!(
            "{dt} needs a date, a time and an offset (Z or ±hh:mm), e.g. 2026-12-13T19:00:00Z"
        ));
    };
    let days = days_from_civil(
        i64::from(date.year),
        i64::from(date.month),
        i64::from(date.day),
    );
    let secs = days * 86_400
        + i64::from(time.hour) * 3_600
        + i64::from(time.minute) * 60
        + i64::from(time.second.unwrap_or(0));
    let offset_secs = match offset {
        Offset::Z => 0,
        Offset::Custom { minutes } => i64::from(minutes) * 60,
    };
    let ms = (secs - offset_secs) * 1_000 + i64::from(time.nanosecond.unwrap_or(0) / 1_000_000);
    u64::try_from(ms).map_err(|_| format!("{dt} is before 1970"))
}

/// Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_read_with_its_offset() {
        let at = |s: &str| start_ms(&toml::Value::String(s.into()));
        assert_eq!(at("1970-01-01T00:00:00Z"), Ok(0));
        assert_eq!(at("2026-12-13T19:00:00Z"), Ok(1_797_188_400_000));
        assert_eq!(at("2026-12-13T20:00:00+01:00"), Ok(1_797_188_400_000));
        assert!(at("2026-12-13T19:00:00").is_err(), "no offset");
        assert!(at("2026-12-13").is_err(), "no time");
    }
}
