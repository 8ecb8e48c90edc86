//! Rule 12.6: tests of the written record.

use super::csv::csv_cell;
use super::*;

#[test]
fn csv_cells_are_quoted_when_needed() {
    assert_eq!(csv_cell("Austria"), "Austria");
    assert_eq!(csv_cell("A.1, by France"), "\"A.1, by France\"");
    assert_eq!(csv_cell("say \"no\""), "\"say \"\"no\"\"\"");
}

#[test]
fn markdown_cells_escape_pipes() {
    assert_eq!(cell("a|b\nc"), "a\\|b c");
}
