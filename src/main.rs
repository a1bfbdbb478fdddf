//! The `jungle` binary: parse the command line and run it.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = match jungle::cli::Cli::try_parse() {
        Ok(args) => args,
        // Bad input is one line on stderr, as for the errors of the commands themselves.
        Err(err) if err.use_stderr() => {
            eprintln!("{}", jungle::cli::usage_line(&err));
            return ExitCode::from(2);
        }
        // --help and --version.
        Err(err) => err.exit(),
    };
    match jungle::cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        // `jungle check` printed each problem on its own line.
        Err(err) if err.is::<jungle::cli::ProblemsFound>() => ExitCode::from(1),
        Err(err) => {
            let line = jungle::errors::one_line(err.as_ref());
            eprintln!("error: {}", jungle::store::secret::scrub(&line));
            ExitCode::from(2)
        }
    }
}
