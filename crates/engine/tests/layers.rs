//! Rule 3 (Coalition's structure, issue 11): the engine's modules import only their own layer and the layers
//! below it, as `crates/engine/layers.txt` declares them; no source file under `crates/` is over 1,000 lines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layer index of each top-level module name, read from layers.txt.
fn layers() -> BTreeMap<String, (usize, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("layers.txt"))
        .expect("crates/engine/layers.txt");
    let mut out = BTreeMap::new();
    for (i, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
    {
        let (layer, modules) = line.split_once(':').expect("`layer: modules`");
        for m in modules.split_whitespace() {
            let old = out.insert(m.to_string(), (i, layer.trim().to_string()));
            assert!(old.is_none(), "layers.txt lists `{m}` twice");
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `crate::NAME` a source line names (in `use` lines and in paths alike), with its line number.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push((n + 1, name));
            }
            rest = after;
        }
    }
    out
}

/// The imports that run from a lower layer to a higher one: (file:line, from layer, to module).
fn upward_imports() -> Vec<String> {
    let layers = layers();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut bad = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if top == "lib" {
            continue;
        }
        let (own, own_layer) = layers
            .get(&top)
            .unwrap_or_else(|| panic!("src/{} is in no layer of layers.txt", rel.display()))
            .clone();
        let text = std::fs::read_to_string(&f).unwrap();
        for (line, name) in crate_paths(&text) {
            let Some((to, to_layer)) = layers.get(&name) else {
                // A name re-exported at the crate root (a type such as `crate::Date`) is checked where it is
                // defined; only module names are layered.
                if name.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
                    bad.push(format!(
                        "src/{}:{line}: `crate::{name}` is in no layer of layers.txt",
                        rel.display()
                    ));
                }
                continue;
            };
            if *to > own {
                bad.push(format!(
                    "src/{}:{line}: {own_layer} imports crate::{name} ({to_layer})",
                    rel.display()
                ));
            }
        }
    }
    bad
}

#[test]
fn no_module_imports_a_layer_above_its_own() {
    let bad = upward_imports();
    assert!(
        bad.is_empty(),
        "{} import(s) run upward:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_checker_sees_an_upward_import() {
    let paths = crate_paths(
        "use crate::game::Ctx; // crate::ignored\nlet x = crate::state::State::initial(sc);",
    );
    assert_eq!(
        paths,
        vec![(1, "game".to_string()), (2, "state".to_string())]
    );
}

#[test]
fn no_source_file_is_over_1000_lines() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    let long: Vec<String> = files
        .iter()
        .filter(|f| !f.components().any(|c| c.as_os_str() == "target"))
        .filter_map(|f| {
            let n = std::fs::read_to_string(f).unwrap().lines().count();
            (n > 1000).then(|| format!("{} ({n} lines)", f.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over 1,000 lines:\n{}",
        long.join("\n")
    );
}

/// The sibling files of one directory each file names (`super::NAME` and `crate::DIR::NAME`), from its code
/// (comments left out): file stem → the stems it names.
fn sibling_imports(dir: &Path, module: &str) -> BTreeMap<String, Vec<String>> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "rs") {
            files.push(p);
        }
    }
    let stems: Vec<String> = files
        .iter()
        .map(|f| f.file_stem().unwrap().to_string_lossy().to_string())
        .filter(|s| s != "mod")
        .collect();
    let mut out = BTreeMap::new();
    for f in &files {
        let stem = f.file_stem().unwrap().to_string_lossy().to_string();
        if stem == "mod" {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let mut named = Vec::new();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for prefix in ["super::".to_string(), format!("crate::{module}::")] {
                let mut rest = code;
                while let Some(i) = rest.find(prefix.as_str()) {
                    let after = &rest[i + prefix.len()..];
                    let name: String = after
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if stems.contains(&name) && name != stem && !named.contains(&name) {
                        named.push(name);
                    }
                    rest = after;
                }
            }
        }
        named.sort();
        out.insert(stem, named);
    }
    out
}

/// A cycle among the files of `graph`, as the files around it, if there is one.
fn a_cycle(graph: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n).copied().unwrap_or(0) {
            2 => return None,
            1 => {
                let i = path.iter().position(|p| p == n).unwrap();
                let mut c = path[i..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, graph, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if let Some(c) = visit(n, graph, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

/// Fails, naming the circle, when the files of `graph` (in `place`) import each other in one.
fn no_circle(graph: &BTreeMap<String, Vec<String>>, place: &str) {
    if let Some(c) = a_cycle(graph) {
        panic!(
            "{place}: the files import each other in a circle: {}",
            c.join(" -> ")
        );
    }
}

/// Issue 40: within the battle layer and the Land Phase, each file imports only files below it: no two files
/// name each other, directly or around a circle (what they share lives one level down: `battle/state.rs`,
/// `land/setup.rs`).
#[test]
fn the_files_of_the_battle_layer_and_the_land_phase_import_only_downward() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for module in ["battle", "land"] {
        no_circle(
            &sibling_imports(&src.join(module), module),
            &format!("src/{module}"),
        );
    }
}

#[test]
fn the_cycle_finder_sees_a_circle_of_three() {
    let g: BTreeMap<String, Vec<String>> = [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"])]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
        .collect();
    assert_eq!(a_cycle(&g).unwrap(), vec!["a", "b", "c", "a"]);
    let dag: BTreeMap<String, Vec<String>> = [("a", vec!["b"]), ("b", vec![])]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
        .collect();
    assert!(a_cycle(&dag).is_none());
}

/// The modules of one crate (its `src`) each of its files names, as module paths (`describe::land`): a
/// `crate::a::b` or `super::a` path (with a `{...}` list after it) is read as the deepest module of the crate it
/// reaches. A file's own ancestors are left out (a module reads its parent's items) and so is the crate's root.
fn module_imports(src: &Path) -> BTreeMap<String, Vec<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let module_of = |f: &Path| -> Vec<String> {
        let rel = f.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().to_string())
            .collect();
        if parts
            .last()
            .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
        {
            parts.pop();
        }
        parts
    };
    let modules: Vec<Vec<String>> = files.iter().map(|f| module_of(f)).collect();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeMap::new();
    for f in &files {
        let me = module_of(f);
        if me.is_empty() {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let mut named: Vec<String> = Vec::new();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for (prefix, base) in [
                ("crate::", Vec::new()),
                ("super::", me[..me.len() - 1].to_vec()),
            ] {
                let mut rest = code;
                while let Some(i) = rest.find(prefix) {
                    let after = &rest[i + prefix.len()..];
                    rest = after;
                    // `a::b::c` or `a::{b, c}` or `{a, b::c}`: each path it names.
                    let mut head = Vec::new();
                    let mut tail = after;
                    loop {
                        let name = ident(tail);
                        if name.is_empty() {
                            break;
                        }
                        head.push(name.clone());
                        tail = &tail[name.len()..];
                        match tail.strip_prefix("::") {
                            Some(t) => tail = t,
                            None => break,
                        }
                    }
                    let mut paths = vec![head.clone()];
                    if let Some(list) = tail.strip_prefix('{') {
                        let list = list.split('}').next().unwrap_or("");
                        for item in list.split(',') {
                            let mut p = head.clone();
                            p.extend(item.trim().split("::").map(ident).filter(|s| !s.is_empty()));
                            paths.push(p);
                        }
                    }
                    for p in paths {
                        let mut full = base.clone();
                        full.extend(p);
                        let reached = (1..=full.len())
                            .rev()
                            .map(|n| full[..n].to_vec())
                            .find(|m| modules.contains(m));
                        if let Some(m) = reached {
                            let ancestor = m.len() <= me.len() && me[..m.len()] == m[..];
                            let m = m.join("::");
                            if !ancestor && !named.contains(&m) {
                                named.push(m);
                            }
                        }
                    }
                }
            }
        }
        // A parent names its own children by their bare names (`land::event`).
        for m in &modules {
            if m.len() == me.len() + 1 && m[..me.len()] == me[..] {
                let child = format!("{}::", m[me.len()]);
                let uses = text.lines().any(|l| {
                    let code = l.split("//").next().unwrap_or("");
                    code.match_indices(&child).any(|(i, _)| {
                        !code[..i]
                            .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                    })
                });
                let m = m.join("::");
                if uses && !named.contains(&m) {
                    named.push(m);
                }
            }
        }
        named.sort();
        out.insert(me.join("::"), named);
    }
    out
}

/// No import circles between the modules of a crate (the team's standard): in each crate's `src`, no two
/// modules name each other, directly or around a circle; what two of them share lives in a module below both
/// (`present::wording`, `server::live` under `server::hub`).
#[test]
fn no_crate_imports_its_own_modules_in_a_circle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for name in ["bots", "cli", "engine", "present", "server", "store", "web"] {
        no_circle(
            &module_imports(&crates.join(name).join("src")),
            &format!("crates/{name}/src"),
        );
    }
}

#[test]
fn the_module_reader_sees_a_circle_through_a_parent_module() {
    let dir = std::env::temp_dir().join(format!("layers-circle-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("describe")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod battle;\npub mod describe;\n").unwrap();
    std::fs::write(
        dir.join("battle.rs"),
        "fn f() { crate::describe::words(1); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("describe/mod.rs"),
        "pub mod land;\npub fn g() { land::event(); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("describe/land.rs"),
        "use super::{area, nation};\nfn e() { crate::battle::text(); }\n",
    )
    .unwrap();
    let graph = module_imports(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        graph["describe::land"],
        vec!["battle"],
        "its parent is left out"
    );
    assert_eq!(
        a_cycle(&graph).unwrap(),
        vec!["battle", "describe", "describe::land", "battle"]
    );
}
