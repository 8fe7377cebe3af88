//! Embeds the browser client (`web/`, without its tests) in the server: writes
//! `$OUT_DIR/assets.rs`, a table of every file's path, content type and bytes.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let rel = p.strip_prefix(root).unwrap_or(&p);
        let first = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().to_string());
        if matches!(first.as_deref(), Some("e2e" | "node_modules")) {
            continue;
        }
        if p.is_dir() {
            collect(&p, root, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("html" | "js" | "css" | "svg" | "png" | "ico" | "json" | "webmanifest")
        ) {
            out.push(p);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let web = manifest.join("../../web");
    println!("cargo:rerun-if-changed={}", web.display());
    let mut files = Vec::new();
    collect(&web, &web, &mut files);
    let mut src = String::from("/// Every file of the browser client: (path under `/`, content type, bytes).\npub static ASSETS: &[(&str, &str, &[u8])] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f
            .strip_prefix(&web)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        let mime = match f.extension().and_then(|e| e.to_str()) {
            Some("html") => "text/html; charset=utf-8",
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("svg") => "image/svg+xml",
            Some("png") => "image/png",
            Some("ico") => "image/x-icon",
            Some("webmanifest") => "application/manifest+json",
            _ => "application/json",
        };
        let abs = f.canonicalize().unwrap_or_else(|_| f.clone());
        src.push_str(&format!(
            "    ({rel:?}, {mime:?}, include_bytes!({:?})),\n",
            abs.display().to_string()
        ));
    }
    src.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("assets.rs");
    if let Err(e) = std::fs::write(&out, src) {
        panic!("cannot write {}: {e}", out.display());
    }
}
