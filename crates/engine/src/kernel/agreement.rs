//! Mutual agreements: "by mutual agreement" in the rules means both sides submit matching decisions.
//! One helper pairs them for every rule that needs it (4.4.1 informal peace, 4.5 alliances, 4.9 combined
//! movement).

use crate::kernel::ids::PowerId;
use std::collections::BTreeMap;

/// The pairs `(a, b)`, `a < b`, where `a` names `b` and `b` names `a`, in key order.
pub fn mutual_pairs(named: &BTreeMap<PowerId, Vec<PowerId>>) -> Vec<(PowerId, PowerId)> {
    let mut pairs = Vec::new();
    for (a, list) in named {
        for b in list {
            if a < b && named.get(b).is_some_and(|l| l.contains(a)) && !pairs.contains(&(*a, *b)) {
                pairs.push((*a, *b));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> PowerId {
        PowerId::new(s).unwrap()
    }

    #[test]
    fn only_matching_submissions_agree() {
        let mut m = BTreeMap::new();
        m.insert(p("austria"), vec![p("russia"), p("prussia")]);
        m.insert(p("russia"), vec![p("austria")]);
        m.insert(p("prussia"), vec![p("france")]);
        m.insert(p("france"), vec![]);
        assert_eq!(mutual_pairs(&m), vec![(p("austria"), p("russia"))]);
    }
}
