//! Shell completions and man pages for both commands, made from their clap
//! definitions (so they always match `--help`): `sudoku completions bash`,
//! `sudoku man`, `dlx completions zsh`, `dlx man count` ...
//!
//! clap_complete and clap_mangen are the clap project's own generators.

use std::io::Write as _;

use crate::exit::{Exit, Failure};
use crate::output::Output;

pub(crate) const COMPLETIONS_ABOUT: &str = include_str!("../help/completions.txt");

pub(crate) const MAN_ABOUT: &str = include_str!("../help/man.txt");

/// The arguments of `completions`.
#[derive(Clone, Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell or zsh
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// The arguments of `man`.
#[derive(Clone, Debug, clap::Args)]
pub struct ManArgs {
    /// The page of this subcommand instead of the command's own
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

/// Writes the completion script of `command` for `args.shell` on stdout.
pub(crate) fn completions(command: clap::Command, args: &CompletionsArgs) -> Result<Exit, Failure> {
    write(&completion_script(command, args.shell))
}

/// The completion script of `command` for `shell`.
fn completion_script(mut command: clap::Command, shell: clap_complete::Shell) -> Vec<u8> {
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    script
}

/// Writes the man page of `command` (or of one of its subcommands) on
/// stdout.
pub(crate) fn man(command: clap::Command, args: &ManArgs) -> Result<Exit, Failure> {
    write(&man_page(command, args.subcommand.as_deref())?)
}

/// The man page (roff) of `command`, or of its subcommand `sub`.
fn man_page(command: clap::Command, sub: Option<&str>) -> Result<Vec<u8>, Failure> {
    let name = command.get_name().to_string();
    let mut command = command;
    command.build();
    let page = match sub {
        None => command,
        Some(sub) => {
            let names: Vec<String> = command
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let found = command.find_subcommand(sub).cloned().ok_or_else(|| {
                Failure::bad_input(format!(
                    "man: no subcommand '{sub}': expected one of {}",
                    names.join(", ")
                ))
            })?;
            // The page's title: `sudoku-generate`, as man pages name them.
            let full: &'static str =
                Box::leak(format!("{name}-{}", found.get_name()).into_boxed_str());
            found.name(full)
        }
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut roff)
        .map_err(|e| Failure::io(format!("cannot write the man page: {e}")))?;
    Ok(roff)
}

fn write(bytes: &[u8]) -> Result<Exit, Failure> {
    let mut out = Output::stdout();
    let _ = out.write_all(bytes);
    out.finish()?;
    Ok(Exit::Success)
}

/// Checks, for the tests of each command, that its completion scripts and
/// man pages name every one of `subcommands` (and their own pages exist).
#[cfg(test)]
pub(crate) fn check_generated(command: clap::Command, subcommands: &[&str]) {
    use clap_complete::Shell::{Bash, Elvish, Fish, PowerShell, Zsh};
    let name = command.get_name().to_string();
    for shell in [Bash, Zsh, Fish, Elvish, PowerShell] {
        let script = String::from_utf8(completion_script(command.clone(), shell)).unwrap();
        for sub in subcommands {
            assert!(script.contains(sub), "{name} {shell}: no {sub}");
        }
        assert!(script.contains("completions") && script.contains("man"));
    }
    let page = String::from_utf8(man_page(command.clone(), None).unwrap()).unwrap();
    assert!(page.starts_with(".ie"), "roff: {}", &page[..40]);
    assert!(page.contains(&format!(".TH {name}")), "{name}");
    for sub in subcommands {
        assert!(page.contains(sub), "{name}: no {sub}");
        let own = String::from_utf8(man_page(command.clone(), Some(sub)).unwrap()).unwrap();
        assert!(own.contains(&format!(".TH {name}-{sub}")), "{name} {sub}");
    }
    let wrong = man_page(command, Some("nonesuch")).unwrap_err();
    assert_eq!(wrong.status, Exit::BadInput);
    assert!(wrong.message.unwrap().contains("expected one of"));
}
