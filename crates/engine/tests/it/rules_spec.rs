//! The rules specification lives in the repository, and every citation of it resolves.
//!
//! `docs/RULES.md` is the specification the engine implements. Code comments, documents and the
//! browser client cite it by section: `RULES.md §2`, `§2 Pots`, `§2 Table and Positions`,
//! `§2 (Table, Positions)`, `§1 A round: Score` (the bold item "Score" under the heading
//! "A round r"), `§2/§3`, and `§N.M` for the M-th `###` heading of section N. Every `§` followed
//! by a digit in the files scanned is taken as such a citation (another document's sections are
//! cited in words, "section 5.2"), and each must name a section that exists; a capitalised name
//! right after it (after a space, a comma, an opening bracket or a quote) must be a `###`
//! heading of that section (in full, or its first two words or more: "A round" for "A round r")
//! or one of its **bold** items, and a capitalised name after `Heading: ` must be a bold item
//! under that heading. Lower-case text after a citation is prose and is not checked.
//!
//! `docs/RULES.md` must also say what the shared `RULES.md` says, the one the project is checked
//! against. It says it byte for byte below a short header, ending in a marker line, and the test
//! compares those bytes: not the whole file, because the copy in the repository has to tell a
//! reader of a fresh clone what the shared file cannot (that it is a copy and of what, what the
//! `seeds/` it names are, where the project's own decisions are, how citations are written);
//! not a looser comparison either, since any other difference is a bug of one of the two.
//! Without `../shared` (a fresh clone) that comparison is skipped with a note.

use std::path::{Path, PathBuf};

/// The line that ends the repository's header of `docs/RULES.md`.
const MARKER: &str = "<!-- Everything below this line is the shared RULES.md, byte for byte. -->\n";

/// The workspace root.
fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A `###` heading of a section: its name (without a trailing bracket) and its bold items.
struct Heading {
    name: String,
    items: Vec<String>,
}

/// A numbered `##` section of the specification.
struct Section {
    number: u32,
    headings: Vec<Heading>,
    /// The bold items anywhere in the section, its headings' included.
    items: Vec<String>,
}

/// A name as a citation writes it: without a bracketed remark or closing punctuation.
fn plain(name: &str) -> String {
    let name = name.split(" (").next().unwrap_or(name);
    name.trim_end_matches(['.', ':', ',', ' ']).to_string()
}

/// The sections of the specification, with their headings and bold items.
fn sections(spec: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for line in spec.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            if let Some((number, _)) = title.split_once(". ") {
                if let Ok(number) = number.parse() {
                    out.push(Section {
                        number,
                        headings: Vec::new(),
                        items: Vec::new(),
                    });
                }
            }
            continue;
        }
        let Some(section) = out.last_mut() else {
            continue;
        };
        if let Some(title) = line.strip_prefix("### ") {
            section.headings.push(Heading {
                name: plain(title),
                items: Vec::new(),
            });
        }
        for item in line.split("**").skip(1).step_by(2).map(plain) {
            if item.is_empty() {
                continue;
            }
            if let Some(heading) = section.headings.last_mut() {
                heading.items.push(item.clone());
            }
            section.items.push(item);
        }
    }
    out
}

/// The length of `name` at the start of `text` when it ends there as a word (a possessive `'s`
/// may follow), or `None`.
fn names(text: &str, name: &str) -> Option<usize> {
    let after = text.strip_prefix(name)?;
    match after.chars().next() {
        Some(c) if c.is_alphanumeric() || c == '-' => None,
        _ => Some(name.len()),
    }
}

/// The ways a heading may be cited: in full, or by its first two or more words.
fn heading_names(heading: &Heading) -> Vec<String> {
    let words: Vec<&str> = heading.name.split(' ').collect();
    let mut out = vec![heading.name.clone()];
    out.extend((2..words.len()).map(|n| words[..n].join(" ")));
    out
}

/// The word at the start of `text`, for messages.
fn first_word(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '-'))
        .unwrap_or(text.len());
    &text[..end]
}

fn capitalised(text: &str) -> bool {
    text.chars().next().is_some_and(char::is_uppercase)
}

/// Checks the names that follow a citation of `section` (and of its `heading`, when the citation
/// was `§N.M`); `rest` is the text after the number.
fn check_names(section: &Section, heading: Option<&Heading>, rest: &str) -> Result<(), String> {
    let Some(mut rest) = [", ", " (", " \"", " "]
        .iter()
        .find_map(|sep| rest.strip_prefix(sep))
    else {
        return Ok(());
    };
    if !capitalised(rest) {
        return Ok(());
    }
    let n = section.number;
    loop {
        // A heading (the longest way of citing one that matches) or a bold item of the section;
        // under `§N.M`, a bold item of that heading.
        let mut found: Option<(usize, Option<&Heading>)> = None;
        if let Some(h) = heading {
            found = h
                .items
                .iter()
                .find_map(|i| names(rest, i))
                .map(|l| (l, None));
        } else {
            for h in &section.headings {
                for name in heading_names(h) {
                    if let Some(l) = names(rest, &name) {
                        if found.is_none_or(|(best, _)| l > best) {
                            found = Some((l, Some(h)));
                        }
                    }
                }
            }
            if found.is_none() {
                found = section
                    .items
                    .iter()
                    .find_map(|i| names(rest, i))
                    .map(|l| (l, None));
            }
        }
        let Some((len, under)) = found else {
            return Err(format!(
                "names `{}`, which is neither a heading nor a bold item of §{n}",
                first_word(rest)
            ));
        };
        rest = &rest[len..];
        // `Heading: Item`
        if let (Some(h), Some(item)) = (under, rest.strip_prefix(": ")) {
            if capitalised(item) {
                let Some(len) = h.items.iter().find_map(|i| names(item, i)) else {
                    return Err(format!(
                        "names `{}` under §{n} {}, which has no such bold item",
                        first_word(item),
                        h.name
                    ));
                };
                rest = &item[len..];
            }
        }
        // Another name of the same section: `Table and Positions`, `Table, Positions`.
        match [" and ", ", ", " & "]
            .iter()
            .find_map(|sep| rest.strip_prefix(sep))
        {
            Some(next) if capitalised(next) => rest = next,
            _ => return Ok(()),
        }
    }
}

/// Checks every citation in `line`; `next` is the following line (a name may continue there).
fn check_line(spec: &[Section], line: &str, next: &str) -> Vec<String> {
    let next = next
        .trim_start()
        .trim_start_matches(['/', '!', '#', '*', '>'])
        .trim_start();
    let text = format!("{line} {next}");
    let mut problems = Vec::new();
    for (at, _) in line.match_indices('§') {
        let after = &text[at + '§'.len_utf8()..];
        let digits = after
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len());
        if digits == 0 {
            continue; // `§N` written about citations, not one
        }
        let Ok(number) = after[..digits].parse::<u32>() else {
            continue;
        };
        let mut rest = &after[digits..];
        let Some(section) = spec.iter().find(|s| s.number == number) else {
            let last = spec.last().map_or(0, |s| s.number);
            problems.push(format!(
                "§{number}: docs/RULES.md has no such section (§0 to §{last})"
            ));
            continue;
        };
        let mut heading = None;
        if let Some(sub) = rest.strip_prefix('.') {
            let len = sub.find(|c: char| !c.is_ascii_digit()).unwrap_or(sub.len());
            if len > 0 {
                let m: usize = sub[..len].parse().unwrap_or(0);
                match m.checked_sub(1).and_then(|i| section.headings.get(i)) {
                    Some(h) => heading = Some(h),
                    None => {
                        problems.push(format!(
                            "§{number}.{m}: §{number} has {} headings",
                            section.headings.len()
                        ));
                        continue;
                    }
                }
                rest = &sub[len..];
            }
        }
        if let Err(e) = check_names(section, heading, rest) {
            problems.push(format!("§{number}: {e}"));
        }
    }
    problems
}

/// The files whose citations are checked: every `.rs`, `.md`, `.js` and `.py` file under
/// `crates/`, `docs/`, `web/` and `examples/`, and the Markdown files at the root.
fn cited_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                if !(name.starts_with('.') || name == "node_modules" || name == "target") {
                    walk(&path, out);
                }
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("rs" | "md" | "js" | "py")
            ) {
                out.push(path);
            }
        }
    }
    let root = root();
    let mut out = Vec::new();
    for dir in ["crates", "docs", "web", "examples"] {
        walk(&root.join(dir), &mut out);
    }
    if let Ok(entries) = std::fs::read_dir(&root) {
        out.extend(
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "md")),
        );
    }
    out.sort();
    out
}

fn spec() -> Vec<Section> {
    sections(&read(&root().join("docs/RULES.md")))
}

#[test]
fn every_rules_citation_names_a_section_of_docs_rules_md() {
    let spec = spec();
    let numbers: Vec<u32> = spec.iter().map(|s| s.number).collect();
    assert_eq!(numbers, [0, 1, 2, 3, 4, 5], "docs/RULES.md's sections");
    let root = root();
    let mut cited = 0;
    let mut problems = Vec::new();
    for path in cited_files() {
        let text = read(&path);
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            cited += line.matches('§').count();
            let next = lines.get(i + 1).copied().unwrap_or("");
            for problem in check_line(&spec, line, next) {
                let shown = path.strip_prefix(&root).unwrap_or(&path).display();
                problems.push(format!("{shown}:{}: {problem}", i + 1));
            }
        }
    }
    assert!(
        cited > 50,
        "only {cited} citations found: is the scan looking in the right place?"
    );
    assert!(
        problems.is_empty(),
        "{} rules citation(s) do not resolve in docs/RULES.md:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn a_citation_of_a_missing_section_heading_or_item_is_caught() {
    let spec = spec();
    let check = |line: &str| check_line(&spec, line, "");
    for good in [
        "(RULES.md §2 Pots; §3 Showdown)",
        "RULES.md §2 (Table, Positions) as the",
        "RULES.md §2 Table and Positions, for every game",
        "RULES.md §1 A round: Score",
        "RULES.md §2 Positions: Blinds",
        "RULES.md §2 Betting structures: Pot-Limit's minimum raise",
        "RULES.md §0, Randomness: \"the same seed\"",
        "RULES.md §1 \"Information\"",
        "RULES.md §2/§3 and §4: the rest is prose",
        "RULES.md §2.6 and §0.3",
    ] {
        assert_eq!(check(good), Vec::<String>::new(), "{good}");
    }
    // Written with `\u{a7}` for the sign: this file is scanned too, and they must not resolve.
    for bad in [
        "RULES.md \u{a7}9",
        "RULES.md \u{a7}2 Potz",
        "RULES.md \u{a7}3, German draw",
        "RULES.md \u{a7}1 A round: Scroe",
        "RULES.md \u{a7}2 Table and Positons",
        "RULES.md \u{a7}2.9",
        "RULES.md \u{a7}1 A hand",
    ] {
        assert_eq!(check(bad).len(), 1, "{bad} should not resolve");
    }
}

#[test]
fn docs_rules_md_says_what_the_shared_rules_md_says() {
    let ours = read(&root().join("docs/RULES.md"));
    let Some((header, body)) = ours.split_once(MARKER) else {
        panic!("docs/RULES.md has no line {MARKER:?} ending its header");
    };
    assert!(
        header.lines().all(|l| l.is_empty() || l.starts_with('>')),
        "docs/RULES.md's header is one quoted note"
    );
    let shared = root().join("../shared/RULES.md");
    let Ok(theirs) = std::fs::read_to_string(&shared) else {
        println!(
            "note: {} is absent (a fresh clone): docs/RULES.md not compared with it",
            shared.display()
        );
        return;
    };
    if body != theirs {
        let (ours, theirs): (Vec<&str>, Vec<&str>) =
            (body.lines().collect(), theirs.lines().collect());
        let at = ours
            .iter()
            .zip(&theirs)
            .position(|(a, b)| a != b)
            .unwrap_or(ours.len().min(theirs.len()));
        // The header's lines, the marker's, then the body's from 1.
        let line = header.lines().count() + 1 + at + 1;
        panic!(
            "docs/RULES.md differs from {} first at its line {line} (the shared file's line {}):\n  \
             ours:   {:?}\n  shared: {:?}\nA difference is a bug of one of the two: fix the wrong one.",
            shared.display(),
            at + 1,
            ours.get(at).copied().unwrap_or("(end)"),
            theirs.get(at).copied().unwrap_or("(end)")
        );
    }
}

#[test]
fn every_relative_link_in_the_documents_names_a_file() {
    let root = root();
    let mut links = 0;
    let mut broken = Vec::new();
    for path in cited_files()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
    {
        let text = read(&path);
        let dir = path.parent().unwrap_or(&root);
        for (i, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("](") {
                let target = &line[at + 2..];
                let Some(end) = target.find(')') else {
                    continue;
                };
                let target = target[..end].split('#').next().unwrap_or("");
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                links += 1;
                if !dir.join(target).exists() {
                    let shown = path.strip_prefix(&root).unwrap_or(&path).display();
                    broken.push(format!("{shown}:{}: {target}", i + 1));
                }
            }
        }
    }
    assert!(links > 10, "only {links} relative links found");
    assert!(
        broken.is_empty(),
        "links to files that do not exist:\n{}",
        broken.join("\n")
    );
}
