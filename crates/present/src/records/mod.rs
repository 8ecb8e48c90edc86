//! Rule 12.6 (blank forms): the game's written record as the terminal shows it. The engine compiles it
//! (`coalition_engine::game::record`, from the state and the world's Economic Phase accounts); this module renders it:
//! Markdown (`markdown.rs`) and one CSV table of one row type (`csv.rs`).

pub use coalition_engine::game::record::*;

use coalition_engine::calendar::Date;
use coalition_engine::economic::Amount;
use coalition_engine::rulebook::OptionalRule;
use std::fmt::Write;

/// The record in Markdown: a section with a table for each form.
pub trait Markdown {
    fn markdown(&self) -> String;
}

/// The record as one CSV table (columns in `CSV_COLUMNS`, described in `docs/records.md`).
pub trait Csv {
    fn csv(&self) -> String;
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn amount(a: Amount) -> String {
    format!("{} / {}", a.money, a.manpower)
}

fn date_or(d: Option<Date>, none: &str) -> String {
    d.map(|d| d.to_string()).unwrap_or_else(|| none.into())
}

/// Makes a text safe in a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn table(out: &mut String, head: &[&str], rows: &[Vec<String>]) {
    let _ = writeln!(out, "| {} |", head.join(" | "));
    let _ = writeln!(
        out,
        "|{}|",
        head.iter().map(|_| " --- ").collect::<Vec<_>>().join("|")
    );
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

pub mod csv;
pub mod markdown;

#[cfg(test)]
mod tests;
