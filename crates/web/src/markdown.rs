//! Rule 12.6's records in the browser: the Markdown the terminal prints (`coalition_present::records`) turned into
//! semantic HTML: headings, tables with header cells, lists and paragraphs, every text escaped.

/// Escapes text for HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The cells of a Markdown table row (`| a | b |`), with `\|` kept as a bar.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cur.push('|');
                chars.next();
            }
            '|' => out.push(std::mem::take(&mut cur).trim().to_string()),
            c => cur.push(c),
        }
    }
    out.push(cur.trim().to_string());
    out
}

fn is_rule_row(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// The Markdown of a record as HTML (headings start at `<h2>`: the page has its own `<h1>`).
pub fn to_html(md: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = md.lines().collect();
    let mut i = 0;
    let mut list = false;
    while i < lines.len() {
        let line = lines[i];
        let t = line.trim();
        if list && !t.starts_with("- ") {
            out.push_str("</ul>\n");
            list = false;
        }
        if t.is_empty() {
        } else if let Some(h) = t.strip_prefix('#') {
            let level = 2 + h.chars().take_while(|c| *c == '#').count().min(3);
            let text = h.trim_start_matches('#').trim();
            out.push_str(&format!("<h{level}>{}</h{level}>\n", esc(text)));
        } else if t.starts_with('|') {
            let mut rows = Vec::new();
            while i < lines.len() && lines[i].trim().starts_with('|') {
                rows.push(lines[i]);
                i += 1;
            }
            out.push_str("<div class=\"scroll\"><table>\n");
            let head = rows.len() > 1 && is_rule_row(rows[1]);
            for (k, r) in rows.iter().enumerate() {
                if head && k == 1 {
                    continue;
                }
                let tag = if head && k == 0 {
                    "th scope=\"col\""
                } else {
                    "td"
                };
                let close = if head && k == 0 { "th" } else { "td" };
                if head && k == 0 {
                    out.push_str("<thead>");
                }
                if head && k == 2 || !head && k == 0 {
                    out.push_str("<tbody>");
                }
                out.push_str("<tr>");
                for c in cells(r) {
                    if c.is_empty() {
                        // An empty corner is no header.
                        out.push_str("<td></td>");
                    } else {
                        out.push_str(&format!("<{tag}>{}</{close}>", esc(&c)));
                    }
                }
                out.push_str("</tr>");
                if head && k == 0 {
                    out.push_str("</thead>\n");
                } else {
                    out.push('\n');
                }
            }
            if rows.len() > usize::from(head) * 2 {
                out.push_str("</tbody>");
            }
            out.push_str("</table></div>\n");
            continue;
        } else if let Some(item) = t.strip_prefix("- ") {
            if !list {
                out.push_str("<ul>\n");
                list = true;
            }
            out.push_str(&format!("<li>{}</li>\n", esc(item)));
        } else {
            out.push_str(&format!("<p>{}</p>\n", esc(t)));
        }
        i += 1;
    }
    if list {
        out.push_str("</ul>\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::to_html;

    #[test]
    fn tables_headings_and_text_become_html() {
        let html = to_html(
            "# Record\n\nNow 1805.\n\n| Power | Points |\n| --- | --- |\n| France | 3\\|4 |\n\n- one <b>\n",
        );
        assert!(html.contains("<h2>Record</h2>"), "{html}");
        assert!(html.contains("<p>Now 1805.</p>"), "{html}");
        assert!(
            html.contains(
                "<thead><tr><th scope=\"col\">Power</th><th scope=\"col\">Points</th></tr></thead>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<tbody><tr><td>France</td><td>3|4</td></tr>"),
            "{html}"
        );
        assert!(html.contains("<li>one &lt;b&gt;</li>"), "{html}");
    }
}
