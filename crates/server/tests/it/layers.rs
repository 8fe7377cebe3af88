//! The server's modules depend one way (the crate documentation draws the layers): this reads
//! every `crate::…` path in `crates/server/src`, builds the graph of the crate's top-level
//! modules, and fails on an import circle (naming it), on a module that reaches the crate root's
//! re-exports instead of the module that defines an item, and on a protocol module that depends
//! on anything but the engine and serde.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("src is readable").flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The top-level module a file belongs to (`crate` for lib.rs).
fn module_of(file: &Path) -> String {
    let rel = file.strip_prefix(src()).expect("a file of src");
    let first = rel
        .components()
        .next()
        .expect("a path")
        .as_os_str()
        .to_string_lossy()
        .to_string();
    match first.strip_suffix(".rs") {
        Some("lib") => "crate".into(),
        Some(m) => m.to_string(),
        None => first,
    }
}

/// The first segments of the paths `text` names after `crate::` (outside comments).
fn references(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            if let Some(group) = after.strip_prefix('{') {
                // `crate::{a, b::c}`: each item's first segment (on this line).
                let inner = group.split('}').next().unwrap_or("");
                let mut depth = 0;
                let mut item = String::new();
                for ch in inner.chars() {
                    match ch {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            out.extend(first_segment(&item));
                            item.clear();
                            continue;
                        }
                        _ => {}
                    }
                    item.push(ch);
                }
                out.extend(first_segment(&item));
            } else {
                out.extend(first_segment(after));
            }
            rest = after;
        }
    }
    out
}

fn first_segment(path: &str) -> Option<String> {
    let name: String = path
        .trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// A cycle in `graph`, if any.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match state.get(m.as_str()) {
                Some(1) => {
                    let from = path.iter().position(|x| x == m).unwrap_or(0);
                    let mut c = path[from..].to_vec();
                    c.push(m.clone());
                    return Some(c);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(m, graph, state, path) {
                        return Some(c);
                    }
                }
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if !state.contains_key(n) {
            if let Some(c) = visit(n, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn the_server_modules_depend_one_way_with_no_import_circle() {
    let mut all = Vec::new();
    files(&src(), &mut all);
    let modules: BTreeSet<String> = all.iter().map(|f| module_of(f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut through_root = Vec::new();
    for f in &all {
        let m = module_of(f);
        let text = std::fs::read_to_string(f).expect("readable");
        for r in references(&text) {
            if r == m || r == "self" || r == "super" {
                continue;
            }
            if modules.contains(&r) {
                if m != "crate" {
                    graph.entry(m.clone()).or_default().insert(r);
                }
            } else if m != "crate" {
                through_root.push(format!("{}: crate::{r}", f.display()));
            }
        }
    }
    assert!(
        through_root.is_empty(),
        "name items by the module that defines them, not through the crate root: {through_root:#?}"
    );
    if let Some(c) = cycle(&graph) {
        panic!(
            "an import circle between modules of crates/server/src: {}",
            c.join(" → ")
        );
    }
    assert!(graph.len() > 10, "the graph was read: {graph:?}");
}

#[test]
fn the_protocol_module_depends_on_the_engine_and_serde_only() {
    let mut all = Vec::new();
    files(&src().join("protocol"), &mut all);
    assert!(!all.is_empty());
    let allowed = [
        "serde",
        "serde_json",
        "schemars",
        "thiserror",
        "tavolo_engine",
        "proptest",
        "std",
    ];
    for f in all {
        let text = std::fs::read_to_string(&f).expect("readable");
        for r in references(&text) {
            assert!(
                r == "protocol",
                "{}: the protocol uses crate::{r}",
                f.display()
            );
        }
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for other in [
                "tavolo_store",
                "tavolo_bots",
                "tavolo_cards",
                "axum",
                "tokio",
                "sqlx",
            ] {
                assert!(
                    !code.contains(&format!("{other}::")),
                    "{}: the protocol uses {other}: {line}",
                    f.display()
                );
            }
        }
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("use "))
        {
            let krate = line["use ".len()..]
                .split("::")
                .next()
                .unwrap_or("")
                .trim_end_matches(';');
            let ours = matches!(krate, "crate" | "super" | "self");
            assert!(
                ours || allowed.contains(&krate),
                "{}: the protocol uses {krate}",
                f.display()
            );
        }
    }
}
