//! The `jungle` binary: parse the command line and run it.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = jungle::cli::Cli::parse();
    match jungle::cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {}", jungle::cli::one_line(&err));
            ExitCode::from(2)
        }
    }
}
