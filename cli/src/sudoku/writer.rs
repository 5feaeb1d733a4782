//! Writing the answered chunks in input order (the [`Sink`] of the
//! library's pipeline): the records' text (already in the output format)
//! on stdout and the notes on stderr, in the order the library's
//! [`Ledger`] gives them, around the progress bar.

use std::io::Write as _;

use sudoku_batch::{Group, Ledger, Piece, Sink};

use super::progress::Progress;
use crate::output::{eprint_line, Output};

/// Writes records and notes in order.
pub(super) struct Writer<'a> {
    pub(super) out: Output,
    pub(super) ledger: Ledger,
    pub(super) progress: &'a Progress,
    pub(super) stdout_is_terminal: bool,
}

impl Writer<'_> {
    /// Writes the next chunk's records and notes; false when the output
    /// failed or Ctrl-C came (and nothing more is to be written).
    fn write_chunk(&mut self, group: &Group) -> bool {
        let Writer {
            out,
            ledger,
            progress,
            ..
        } = self;
        let write = |out: &mut Output, piece: Piece<'_>| {
            match piece {
                Piece::Text(text) => {
                    let _ = out.write_all(text);
                }
                Piece::Note(note) => {
                    // After what is already written on stdout.
                    let _ = out.flush();
                    progress.suspend(|| eprint_line(&note));
                }
            }
            !out.has_failed()
        };
        if self.stdout_is_terminal && progress.is_visible() {
            progress.suspend(|| {
                let go_on = ledger.walk(group, |piece| write(out, piece));
                let _ = out.flush();
                go_on
            })
        } else {
            let go_on = ledger.walk(group, |piece| write(out, piece));
            let _ = out.end_record();
            go_on
        }
    }
}

impl Sink for Writer<'_> {
    fn write_chunk(&mut self, group: &Group, bytes: u64) -> bool {
        let go_on = Writer::write_chunk(self, group);
        self.progress.set_bytes(bytes);
        go_on
    }

    fn flush(&mut self) {
        let _ = self.out.flush();
    }
}
