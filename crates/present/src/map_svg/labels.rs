//! The map's labels (Coalition's map, `coalition map`): estimated text boxes and a placement that never lets
//! two labels overlap. A label tries eight places around its point, then rings further out; it takes the free
//! place that covers the fewest symbols, and is left out only if no ring has room (its name stays in the
//! point's hover text).

/// An axis-aligned box, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Rect {
    /// The square of half-side `r` around a point.
    pub fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        }
    }

    /// The area the two boxes share.
    pub fn overlap(&self, o: &Rect) -> f64 {
        let w = self.x1.min(o.x1) - self.x0.max(o.x0);
        let h = self.y1.min(o.y1) - self.y0.max(o.y0);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }

    /// The box grown by `d` on every side.
    pub fn grow(&self, d: f64) -> Rect {
        Rect {
            x0: self.x0 - d,
            y0: self.y0 - d,
            x1: self.x1 + d,
            y1: self.y1 + d,
        }
    }
}

/// The estimated width of `text` in the map's sans-serif font at `size` pixels (a little wide, so that the
/// real text fits inside): 0.62 of the size per character, 0.68 in bold.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    text.chars().count() as f64 * size * if bold { 0.68 } else { 0.62 }
}

/// How a label's text is anchored at its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    /// The SVG attribute (with its leading space), empty for the default start.
    pub fn attr(self) -> &'static str {
        match self {
            Anchor::Start => "",
            Anchor::Middle => r#" text-anchor="middle""#,
            Anchor::End => r#" text-anchor="end""#,
        }
    }
}

/// Where a label goes: the anchor point of its baseline, the anchoring, and the box it covers.
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    pub x: f64,
    pub y: f64,
    pub anchor: Anchor,
    pub rect: Rect,
}

/// A label's width and its height above and below the baseline, in pixels.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    pub w: f64,
    pub asc: f64,
    pub desc: f64,
}

/// The labels placed so far (none may overlap another) and the symbols they should avoid.
#[derive(Default)]
pub struct Layout {
    pub labels: Vec<Rect>,
    pub symbols: Vec<Rect>,
    /// The drawing's box: a label must stay inside it.
    pub bounds: Option<Rect>,
}

impl Layout {
    /// Places a label of `w` × (`asc` + `desc`) pixels (`size`) near the point (`x`, `y`) whose symbol has
    /// radius `r`, keeping `pad` pixels from every other label; `None` if no place within reach is free.
    pub fn place(&mut self, x: f64, y: f64, r: f64, size: Size, pad: f64) -> Option<Placed> {
        let Size { w, asc, desc } = size;
        let own = Rect::around(x, y, r);
        let mut best: Option<(f64, Placed)> = None;
        for ring in 0..12 {
            let d = r + ring as f64 * 6.0;
            let mid = (asc - desc) / 2.0;
            let places: [(Anchor, f64, f64); 8] = [
                (Anchor::Start, x + d, y + mid),
                (Anchor::End, x - d, y + mid),
                (Anchor::Middle, x, y - d - desc - 1.0),
                (Anchor::Middle, x, y + d + asc),
                (Anchor::Start, x + d * 0.7, y - d * 0.7 - desc),
                (Anchor::Start, x + d * 0.7, y + d * 0.7 + asc),
                (Anchor::End, x - d * 0.7, y - d * 0.7 - desc),
                (Anchor::End, x - d * 0.7, y + d * 0.7 + asc),
            ];
            for (i, &(anchor, ax, by)) in places.iter().enumerate() {
                let x0 = match anchor {
                    Anchor::Start => ax,
                    Anchor::End => ax - w,
                    Anchor::Middle => ax - w / 2.0,
                };
                let rect = Rect {
                    x0,
                    y0: by - asc,
                    x1: x0 + w,
                    y1: by + desc,
                };
                let padded = rect.grow(pad);
                if self.labels.iter().any(|t| t.overlap(&padded) > 0.0) {
                    continue;
                }
                if let Some(b) = self.bounds
                    && (rect.x0 < b.x0 || rect.y0 < b.y0 || rect.x1 > b.x1 || rect.y1 > b.y1)
                {
                    continue;
                }
                let cost: f64 = self.symbols.iter().map(|t| t.overlap(&rect)).sum::<f64>()
                    - own.overlap(&rect)
                    + ring as f64 * 40.0
                    + i as f64 * 0.5;
                if best.as_ref().is_none_or(|b| cost < b.0) {
                    best = Some((
                        cost,
                        Placed {
                            x: ax,
                            y: by,
                            anchor,
                            rect,
                        },
                    ));
                }
            }
            // The nearest ring with a free place wins, unless it covers many symbols.
            if let Some((c, _)) = &best
                && *c < (ring as f64 + 1.0) * 40.0
            {
                break;
            }
        }
        let (_, p) = best?;
        self.labels.push(p.rect);
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_crowded_on_one_point_never_overlap() {
        let mut l = Layout::default();
        let mut placed = Vec::new();
        for _ in 0..30 {
            if let Some(p) = l.place(
                100.0,
                100.0,
                6.0,
                Size {
                    w: 40.0,
                    asc: 6.5,
                    desc: 2.0,
                },
                1.0,
            ) {
                placed.push(p.rect);
            }
        }
        assert!(placed.len() >= 20, "{}", placed.len());
        for (i, a) in placed.iter().enumerate() {
            for b in &placed[i + 1..] {
                assert_eq!(a.overlap(b), 0.0, "{a:?} {b:?}");
            }
        }
    }
}
