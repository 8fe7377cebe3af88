//! The small part of TOML that PHH files use: `key = value` lines, `[table]` headers (`.phhs`),
//! strings, numbers (kept as written, so decimals stay exact), booleans, and arrays that may
//! span lines and carry comments. Anything else is kept as raw text and ignored by PHH.

/// A parsed value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A string.
    Str(String),
    /// A number as written (`10`, `162.5`, `inf`).
    Num(String),
    /// A boolean.
    Bool(bool),
    /// An array.
    Arr(Vec<Value>),
    /// Something else (dates, inline tables), as raw text.
    Other(String),
}

/// One document: the top-level keys, then each `[table]` with its keys, in file order.
pub type Doc = Vec<(Option<String>, Vec<(String, Value)>)>;

/// Parses a document; errors name the line.
pub fn parse(text: &str) -> Result<Doc, String> {
    let mut doc: Doc = vec![(None, Vec::new())];
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
        line: 1,
    };
    loop {
        p.skip_ws_comments_newlines();
        if p.i >= p.s.len() {
            break;
        }
        if p.peek() == Some(b'[') {
            p.i += 1;
            let start = p.i;
            while p.i < p.s.len() && p.s[p.i] != b']' && p.s[p.i] != b'\n' {
                p.i += 1;
            }
            if p.peek() != Some(b']') {
                return Err(format!("line {}: unterminated table header", p.line));
            }
            let name = String::from_utf8_lossy(&p.s[start..p.i])
                .trim()
                .trim_matches('"')
                .trim_matches('\'')
                .to_string();
            p.i += 1;
            doc.push((Some(name), Vec::new()));
            continue;
        }
        let key = p.key()?;
        p.skip_ws();
        if p.peek() != Some(b'=') {
            return Err(format!("line {}: expected '=' after key {key}", p.line));
        }
        p.i += 1;
        p.skip_ws();
        let v = p.value()?;
        p.skip_ws();
        if p.peek() == Some(b'#') {
            p.skip_comment();
        }
        match p.peek() {
            None | Some(b'\n') | Some(b'\r') => {}
            Some(c) => {
                return Err(format!(
                    "line {}: unexpected '{}' after value",
                    p.line, c as char
                ))
            }
        }
        if let Some(last) = doc.last_mut() {
            last.1.push((key, v));
        }
    }
    Ok(doc)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    line: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    fn skip_comment(&mut self) {
        while !matches!(self.peek(), None | Some(b'\n')) {
            self.i += 1;
        }
    }

    fn skip_ws_comments_newlines(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r') => self.i += 1,
                Some(b'\n') => {
                    self.line += 1;
                    self.i += 1;
                }
                Some(b'#') => self.skip_comment(),
                _ => return,
            }
        }
    }

    fn key(&mut self) -> Result<String, String> {
        if matches!(self.peek(), Some(b'"' | b'\'')) {
            return self.string();
        }
        let start = self.i;
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c == b'.')
        {
            self.i += 1;
        }
        if start == self.i {
            return Err(format!("line {}: expected a key", self.line));
        }
        Ok(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }

    fn string(&mut self) -> Result<String, String> {
        let q = self.peek().unwrap_or(b'"');
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n') => {
                    return Err(format!("line {}: unterminated string", self.line))
                }
                Some(c) if c == q => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') if q == b'"' => {
                    self.i += 1;
                    let c = self
                        .peek()
                        .ok_or_else(|| format!("line {}: bad escape", self.line))?;
                    self.i += 1;
                    match c {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'"' => out.push(b'"'),
                        b'\\' => out.push(b'\\'),
                        b'u' | b'U' => {
                            let len = if c == b'u' { 4 } else { 8 };
                            let hex = self
                                .s
                                .get(self.i..self.i + len)
                                .ok_or("bad unicode escape")?;
                            let code = u32::from_str_radix(&String::from_utf8_lossy(hex), 16)
                                .map_err(|_| format!("line {}: bad unicode escape", self.line))?;
                            let ch = char::from_u32(code).ok_or("bad unicode escape")?;
                            let mut buf = [0; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                            self.i += len;
                        }
                        _ => return Err(format!("line {}: bad escape", self.line)),
                    }
                }
                Some(c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
        String::from_utf8(out).map_err(|_| format!("line {}: invalid UTF-8", self.line))
    }

    fn value(&mut self) -> Result<Value, String> {
        match self.peek() {
            Some(b'"' | b'\'') => Ok(Value::Str(self.string()?)),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_ws_comments_newlines();
                    match self.peek() {
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Value::Arr(items));
                        }
                        None => return Err(format!("line {}: unterminated array", self.line)),
                        _ => {}
                    }
                    items.push(self.value()?);
                    self.skip_ws_comments_newlines();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b']') => {}
                        _ => {
                            return Err(format!("line {}: expected ',' or ']' in array", self.line))
                        }
                    }
                }
            }
            _ => {
                let start = self.i;
                while matches!(self.peek(), Some(c) if !matches!(c, b',' | b']' | b'\n' | b'\r' | b'#'))
                {
                    self.i += 1;
                }
                let raw = String::from_utf8_lossy(&self.s[start..self.i])
                    .trim()
                    .to_string();
                Ok(match raw.as_str() {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    r if is_number(r) => Value::Num(r.replace('_', "")),
                    _ => Value::Other(raw),
                })
            }
        }
    }
}

fn is_number(r: &str) -> bool {
    let r = r.strip_prefix(['+', '-']).unwrap_or(r);
    r == "inf"
        || r == "nan"
        || (!r.is_empty()
            && r.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '_')
            && r.starts_with(|c: char| c.is_ascii_digit()))
}
