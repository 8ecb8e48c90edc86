//! What the heuristic bot reads off its view before it decides (issue 16): each power's strength, who is at war
//! with whom, whose capital is held by an enemy, and distances on the map (the scenario's public data).

use coalition_engine::ids::{AreaId, Nation, PowerId, SeaId};
use coalition_engine::kernel::keymap::KeyMap;
use coalition_engine::scenario::{Location, Scenario};
use coalition_engine::view::View;
use coalition_engine::world::World;
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Land distances between areas (steps over land links) and sea distances between sea areas, worked out once
/// for a scenario.
pub struct Map {
    index: KeyMap<AreaId, usize>,
    areas: Vec<AreaId>,
    /// `dist[a * n + b]`: steps from area `a` to area `b`; `u8::MAX` when there is no land path.
    dist: Vec<u8>,
    sea_index: KeyMap<SeaId, usize>,
    /// `sea_dist[a * m + b]`: steps from sea area `a` to sea area `b`.
    sea_dist: Vec<u8>,
    /// The sea areas each coastal area touches.
    coasts: KeyMap<AreaId, Vec<SeaId>>,
}

/// Breadth-first distances between every pair of `n` nodes joined by `links`.
fn all_pairs(links: &[Vec<usize>]) -> Vec<u8> {
    let n = links.len();
    let mut dist = vec![u8::MAX; n * n];
    let mut queue = VecDeque::new();
    for from in 0..n {
        dist[from * n + from] = 0;
        queue.push_back(from);
        while let Some(a) = queue.pop_front() {
            let d = dist[from * n + a];
            for &b in &links[a] {
                if dist[from * n + b] == u8::MAX {
                    dist[from * n + b] = d.saturating_add(1);
                    queue.push_back(b);
                }
            }
        }
    }
    dist
}

impl Map {
    /// Breadth-first from every area over the map's land links.
    pub fn of(s: &Scenario) -> Map {
        let areas: Vec<AreaId> = s.map.areas.iter().map(|a| a.id).collect();
        let index: KeyMap<AreaId, usize> = areas.iter().enumerate().map(|(i, a)| (*a, i)).collect();
        let links: Vec<Vec<usize>> = s
            .map
            .areas
            .iter()
            .map(|a| {
                a.links
                    .iter()
                    .filter_map(|l| index.get(&l.to).copied())
                    .collect()
            })
            .collect();
        let dist = all_pairs(&links);
        let sea_index: KeyMap<SeaId, usize> = s
            .map
            .seas
            .iter()
            .enumerate()
            .map(|(i, x)| (x.id, i))
            .collect();
        let sea_links: Vec<Vec<usize>> = s
            .map
            .seas
            .iter()
            .map(|x| {
                x.adjacent
                    .iter()
                    .filter_map(|y| sea_index.get(y).copied())
                    .collect()
            })
            .collect();
        let sea_dist = all_pairs(&sea_links);
        let coasts = s
            .map
            .areas
            .iter()
            .filter(|a| !a.seas.is_empty())
            .map(|a| (a.id, a.seas.clone()))
            .collect();
        Map {
            index,
            areas,
            dist,
            sea_index,
            sea_dist,
            coasts,
        }
    }

    /// Steps by sea between two sea areas (`u32::MAX / 2` when none joins them).
    pub fn sea(&self, a: SeaId, b: SeaId) -> u32 {
        match (self.sea_index.get(&a), self.sea_index.get(&b)) {
            (Some(&i), Some(&j)) => match self.sea_dist[i * self.sea_index.len() + j] {
                u8::MAX => u32::MAX / 2,
                d => u32::from(d),
            },
            _ => u32::MAX / 2,
        }
    }

    /// The sea areas a fleet at `at` stands in or next to: a sea area itself, or the coast of a port or of a
    /// blockade box.
    fn seas_at(&self, at: Location) -> Vec<(SeaId, u32)> {
        match at {
            Location::Sea(x) => vec![(x, 0)],
            Location::Area(a) | Location::Blockade(a) => self
                .coasts
                .get(&a)
                .map(|v| v.iter().map(|x| (*x, 1)).collect())
                .unwrap_or_default(),
            _ => vec![],
        }
    }

    /// Steps a fleet at `from` needs to reach `to` (a sea area, a port or a blockade box), by sea.
    pub fn sail(&self, from: Location, to: Location) -> u32 {
        if from == to {
            return 0;
        }
        let ends = self.seas_at(to);
        self.seas_at(from)
            .iter()
            .flat_map(|(a, da)| ends.iter().map(move |(b, db)| (*a, *da, *b, *db)))
            .map(|(a, da, b, db)| da + db + self.sea(a, b))
            .min()
            .unwrap_or(u32::MAX / 2)
    }

    /// Steps over land from `a` to `b` (`u32::MAX / 2` when no land path joins them).
    pub fn dist(&self, a: AreaId, b: AreaId) -> u32 {
        self.dist_at(self.index_of(a), self.index_of(b))
    }

    /// The place of area `a` in the distance table (none: not on the map).
    pub fn index_of(&self, a: AreaId) -> Option<usize> {
        self.index.get(&a).copied()
    }

    /// `dist` between the areas at places `i` and `j` of the table (`index_of`).
    pub fn dist_at(&self, i: Option<usize>, j: Option<usize>) -> u32 {
        match (i, j) {
            (Some(i), Some(j)) => match self.dist[i * self.areas.len() + j] {
                u8::MAX => u32::MAX / 2,
                d => u32::from(d),
            },
            _ => u32::MAX / 2,
        }
    }

    /// The nearest of `targets` to `from`, with its distance.
    pub fn nearest(
        &self,
        from: AreaId,
        targets: impl IntoIterator<Item = AreaId>,
    ) -> Option<(AreaId, u32)> {
        targets
            .into_iter()
            .map(|t| (t, self.dist(from, t)))
            .filter(|(_, d)| *d < u32::MAX / 2)
            .min_by_key(|(t, d)| (*d, *t))
    }
}

/// The bot's reading of one view.
pub struct Sight<'a> {
    pub me: PowerId,
    pub world: &'a World,
    pub scenario: &'a Scenario,
    /// Land factors in corps on the map, by the major power that moves them (its own and its minors'), counted
    /// when first asked.
    army: OnceCell<BTreeMap<PowerId, u32>>,
    /// Every nation at war with this bot's power.
    enemies: BTreeSet<Nation>,
    /// The home areas of this bot's power, in key order.
    home: &'a [AreaId],
}

impl<'a> Sight<'a> {
    pub fn of(view: &'a View, scenario: &'a Scenario) -> Sight<'a> {
        let world = &view.state.world;
        Sight {
            me: view.power,
            world,
            scenario,
            army: OnceCell::new(),
            enemies: world.enemies(Nation::Power(view.power)),
            home: scenario.territory(Nation::Power(view.power)),
        }
    }

    /// Land factors in corps on the map, by the major power that moves them (its own and its minors').
    fn army(&self) -> &BTreeMap<PowerId, u32> {
        self.army.get_or_init(|| {
            let world = self.world;
            let mut army: BTreeMap<PowerId, u32> = world.powers.keys().map(|p| (*p, 0)).collect();
            for c in world.forces.corps.values() {
                if matches!(c.location, Location::OffMap) {
                    continue;
                }
                let mover = match c.owner {
                    Nation::Power(p) => Some(p),
                    Nation::Minor(_) => world.controller_of(c.owner),
                };
                if let Some(p) = mover {
                    *army.entry(p).or_default() += c.factors.total();
                }
            }
            army
        })
    }

    /// A power's land factors in corps.
    pub fn strength(&self, p: PowerId) -> u32 {
        self.army().get(&p).copied().unwrap_or(0)
    }

    /// A power's strength with its allies' (an ally counts half: it has its own wars to fight).
    pub fn bloc(&self, p: PowerId) -> u32 {
        self.strength(p)
            + self
                .world
                .allies(p)
                .iter()
                .map(|a| self.strength(*a) / 2)
                .sum::<u32>()
    }

    /// The major powers at war with `p`.
    pub fn major_enemies(&self, p: PowerId) -> Vec<PowerId> {
        self.world.major_enemies(p)
    }

    /// The strength of every major power at war with `p`.
    pub fn enemy_strength(&self, p: PowerId) -> u32 {
        self.major_enemies(p)
            .iter()
            .map(|e| self.strength(*e))
            .sum()
    }

    /// Whether `p`'s home capital is held by another nation.
    pub fn capital_lost(&self, p: PowerId) -> bool {
        self.scenario.power(p).is_some_and(|d| {
            self.world.area_holder(self.scenario, d.capital) != Some(Nation::Power(p))
        })
    }

    /// Whether `n` is at war with this bot's power.
    pub fn hostile(&self, n: Nation) -> bool {
        self.enemies.contains(&n)
    }

    /// Every nation at war with this bot's power.
    pub fn enemies(&self) -> &BTreeSet<Nation> {
        &self.enemies
    }

    /// Whether this bot's power is at war with anyone.
    pub fn at_war(&self) -> bool {
        !self.enemies.is_empty()
    }

    /// Whether `area` is one of this bot's power's home areas.
    pub fn is_home(&self, area: AreaId) -> bool {
        self.home().binary_search(&area).is_ok()
    }

    /// The nation holding `area` (its controller, else the nation it belongs to).
    pub fn holder(&self, area: AreaId) -> Option<Nation> {
        self.world.area_holder(self.scenario, area)
    }

    /// The home areas of this bot's power.
    pub fn home(&self) -> &'a [AreaId] {
        self.home
    }

    /// The land factors of the nations at war with this bot's power in `area` (corps only).
    pub fn enemy_factors_in(&self, area: AreaId) -> u32 {
        self.world
            .forces
            .corps
            .values()
            .filter(|c| c.location == Location::Area(area) && self.hostile(c.owner))
            .map(|c| c.factors.total())
            .sum::<u32>()
            + self
                .world
                .forces
                .garrisons
                .iter()
                .filter(|((a, n), _)| *a == area && self.hostile(*n))
                .map(|(_, f)| f.total())
                .sum::<u32>()
    }
}
