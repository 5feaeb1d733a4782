//! `sudoku serve`: the command prints the page's URL first, serves the
//! page and its API there, and refuses a port it cannot have.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// Kills the server when the test ends, passed or not.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn request(host: &str, head: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(host).expect("the server listens");
    let request = format!(
        "{head}\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    response
}

#[test]
fn serve_prints_its_url_and_answers_there() {
    let mut server = Killed(common::spawn_piped(
        "sudoku",
        &["serve", "--port", "0", "--fpuzzles-port", "0"],
    ));
    let stdout = server.0.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let url = lines.next().expect("a first line").expect("text");
    let host = url
        .strip_prefix("http://")
        .and_then(|r| r.strip_suffix('/'))
        .unwrap_or_else(|| panic!("the first line is the URL: {url}"));
    assert!(host.starts_with("127.0.0.1:"), "{url}");
    let ws = lines.next().expect("a second line").expect("text");
    assert!(ws.contains("ws://127.0.0.1:"), "{ws}");

    let page = request(host, "GET / HTTP/1.1", "");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<textarea id=\"puzzle\""));
    // The 4x4 with two solutions of the library's docs.
    let answer = request(
        host,
        "POST /api/parse HTTP/1.1",
        r#"{"text": "123434..21..43.."}"#,
    );
    assert!(answer.contains(r#""ok":true"#), "{answer}");
    // Another host name is refused (a page elsewhere rebinding its name).
    let mut stream = TcpStream::connect(host).expect("the server listens");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: example.invalid\r\nConnection: close\r\n\r\n")
        .expect("sent");
    let mut refused = String::new();
    stream.read_to_string(&mut refused).expect("read");
    assert!(refused.starts_with("HTTP/1.1 403"), "{refused}");

    // A port already taken: a clear error, status 4.
    let port = host.rsplit(':').next().expect("a port");
    let output = common::run_with(
        "sudoku",
        &["serve", "--port", port],
        "",
        std::time::Duration::from_secs(30),
    );
    assert_eq!(output.status.code(), Some(4));
    let err = common::stderr(&output);
    assert!(err.contains("cannot listen on 127.0.0.1:"), "{err}");
}

/// The children of process `pid` that are zombies (exited, not reaped).
fn zombie_children(pid: u32) -> Vec<String> {
    let mut out = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return out;
    };
    for task in tasks.flatten() {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        for child in children.split_whitespace() {
            let stat = std::fs::read_to_string(format!("/proc/{child}/stat")).unwrap_or_default();
            // pid (comm) STATE ...
            if stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
            {
                out.push(stat);
            }
        }
    }
    out
}

/// `--open` without a browser: the opener's own messages are not shown,
/// one note names the URL, and the opener is reaped. SIGTERM stops the
/// server at once, as a normal exit (status 0), not a kill.
#[cfg(target_os = "linux")]
#[test]
fn open_without_a_browser_says_one_line_and_sigterm_stops_cleanly() {
    let dir = std::env::temp_dir().join(format!("serve-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let opener = dir.join("xdg-open");
    std::fs::write(
        &opener,
        "#!/bin/sh\nfor i in 1 2 3 4 5 6 7; do echo \"xdg-open: no method available $i\" >&2; done\nexit 3\n",
    )
    .expect("the fake opener");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).expect("mode");
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["serve", "--port", "0", "--open"])
        .env("PATH", path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut server = Killed(child);
    let pid = server.0.id();
    let stdout = server.0.stdout.take().expect("stdout");
    let url = BufReader::new(stdout)
        .lines()
        .next()
        .expect("a first line")
        .expect("text");
    // The ready signal: the note on stderr, which the server writes once
    // its wait for the opener has returned (the opener has run, ended and
    // been reaped), read on a thread with a generous deadline.
    let mut errors = BufReader::new(server.0.stderr.take().expect("stderr"));
    let (noted, note) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut first = String::new();
        let _ = errors.read_line(&mut first);
        let _ = noted.send(first);
        let mut rest = String::new();
        let _ = errors.read_to_string(&mut rest);
        rest
    });
    let first = note
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the note that the browser cannot be opened");
    // So no zombie is left.
    assert_eq!(zombie_children(pid), Vec::<String>::new());
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let exit = server.0.wait().expect("the server ends");
    assert_eq!(exit.code(), Some(0), "{exit:?}");
    let err = first + &reader.join().expect("stderr read");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!err.contains("no method available"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&url), "{err}");
}
