//! What the heuristic bot reads off its view before it decides (issue 16): each power's strength, who is at war
//! with whom, whose capital is held by an enemy, and distances on the map (the scenario's public data).

use coalition_engine::ids::{AreaId, Nation, PowerId};
use coalition_engine::scenario::{Location, Scenario};
use coalition_engine::view::View;
use coalition_engine::world::World;
use std::collections::{BTreeMap, VecDeque};

/// Land distances between areas (steps over land links), worked out once for a scenario.
pub struct Map {
    index: BTreeMap<AreaId, usize>,
    areas: Vec<AreaId>,
    /// `dist[a * n + b]`: steps from area `a` to area `b`; `u8::MAX` when there is no land path.
    dist: Vec<u8>,
}

impl Map {
    /// Breadth-first from every area over the map's land links.
    pub fn of(s: &Scenario) -> Map {
        let areas: Vec<AreaId> = s.map.areas.iter().map(|a| a.id).collect();
        let index: BTreeMap<AreaId, usize> =
            areas.iter().enumerate().map(|(i, a)| (*a, i)).collect();
        let n = areas.len();
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
        Map { index, areas, dist }
    }

    /// Steps over land from `a` to `b` (`u32::MAX / 2` when no land path joins them).
    pub fn dist(&self, a: AreaId, b: AreaId) -> u32 {
        match (self.index.get(&a), self.index.get(&b)) {
            (Some(&i), Some(&j)) => match self.dist[i * self.areas.len() + j] {
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
    /// Land factors in corps on the map, by the major power that moves them (its own and its minors').
    pub army: BTreeMap<PowerId, u32>,
}

impl<'a> Sight<'a> {
    pub fn of(view: &'a View, scenario: &'a Scenario) -> Sight<'a> {
        let world = &view.state.world;
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
        Sight {
            me: view.power,
            world,
            scenario,
            army,
        }
    }

    /// A power's land factors in corps.
    pub fn strength(&self, p: PowerId) -> u32 {
        self.army.get(&p).copied().unwrap_or(0)
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
        self.world.at_war(Nation::Power(self.me), n)
    }

    /// Whether this bot's power is at war with anyone.
    pub fn at_war(&self) -> bool {
        !self.world.enemies(Nation::Power(self.me)).is_empty()
    }

    /// The nation holding `area` (its controller, else the nation it belongs to).
    pub fn holder(&self, area: AreaId) -> Option<Nation> {
        self.world.area_holder(self.scenario, area)
    }

    /// The home areas of this bot's power.
    pub fn home(&self) -> &[AreaId] {
        self.scenario.territory(Nation::Power(self.me))
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
