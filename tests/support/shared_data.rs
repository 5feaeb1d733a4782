// The shared benchmark data, found in one documented place (included with
// `include!` by every test that reads it, so the rule is written once).
//
// The sets live outside the repository (they are third-party data, never
// committed): `$SUDOKU_DATA` names their folder, by default `../shared/data`
// beside the workspace. Tests that read them are `#[ignore]`d with the
// reason "needs the shared data" and named `shared_data_*`;
// `scripts/data-tests.sh` runs them when the folder is there and lists them
// by name as skipped when it is not. A test that runs without its file
// fails: it never passes having checked nothing.

/// The folder of the shared benchmark sets: `$SUDOKU_DATA`, or
/// `../shared/data` beside the workspace.
#[allow(dead_code)]
fn shared_data_dir() -> std::path::PathBuf {
    std::env::var_os("SUDOKU_DATA").map_or_else(
        || {
            let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
            // CARGO_MANIFEST_DIR is the workspace root or a member one level down.
            let root = if here.join("Cargo.lock").exists() { here } else { here.parent().unwrap() };
            root.join("../shared/data")
        },
        std::path::PathBuf::from,
    )
}

/// The path of one shared set; panics, naming the variable, when it is missing.
#[allow(dead_code)]
fn shared_data_path(name: &str) -> std::path::PathBuf {
    let path = shared_data_dir().join(name);
    assert!(
        path.is_file(),
        "{} is missing: set SUDOKU_DATA to the folder of the shared benchmark sets \
         (scripts/data-tests.sh runs these tests only when it is there)",
        path.display()
    );
    path
}

/// One shared set, opened for reading (see `shared_data_path`).
#[allow(dead_code)]
fn shared_data_file(name: &str) -> std::io::BufReader<std::fs::File> {
    let path = shared_data_path(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    std::io::BufReader::new(file)
}
