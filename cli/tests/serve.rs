//! `sudoku serve`: the command prints the page's URL first, serves the
//! page and its API there, and refuses a port it cannot have.

#[allow(dead_code)] // the helpers other command tests use
mod common;

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
