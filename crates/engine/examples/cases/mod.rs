//! What the case-writing examples share (`land_cases`, `battle_cases`, `naval_cases`): a game played from an adjusted set-up
//! whose every entry is kept in a transcript. Each example includes this file as a module
//! (`#[path = "cases/mod.rs"]`); what one of them does not use is allowed to be dead there.
#![allow(dead_code)]

use coalition_engine::decision::Decision;
use coalition_engine::ids::PowerId;
use coalition_engine::land::Stage;
use coalition_engine::rulebook::{Preset, RulebookSpec};
use coalition_engine::scenario::{Adjustment, Scenario, embedded_scenario};
use coalition_engine::state::RoundKind;
use coalition_engine::transcript::{Entry, Sent, Setup, Transcript, play_entry};
use coalition_engine::{Date, Game, Step};
use std::sync::Arc;

pub struct B {
    pub g: Game,
    pub t: Transcript,
    pub sc: Arc<Scenario>,
}

pub fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

pub fn adj(json: &str) -> Adjustment {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

impl B {
    pub fn new(
        rules: &[&str],
        rulebook: RulebookSpec,
        date: (u16, u8),
        step: Step,
        adjs: &[&str],
    ) -> B {
        let t = Transcript {
            coalition: 1,
            rules: rules.iter().map(|s| s.to_string()).collect(),
            scenario: "1805".into(),
            rulebook,
            seed: 7,
            players: vec![],
            bots: Default::default(),
            setup: Some(Setup {
                date: Date::new(date.0, date.1),
                step: Some(step),
                adjustments: adjs.iter().map(|a| adj(a)).collect(),
            }),
            script: vec![],
        };
        let sc = Arc::new(embedded_scenario("1805").unwrap());
        let g = t.start(sc.clone()).unwrap();
        B { g, t, sc }
    }
    pub fn play(&mut self, e: Entry) {
        play_entry(&mut self.g, &e).unwrap_or_else(|err| panic!("{e:?}: {err}"));
        self.t.script.push(e);
    }
    pub fn submit(&mut self, power: &str, text: &str) {
        let d = Decision::parse(text, &self.sc).unwrap();
        self.play(Entry::Submit {
            power: p(power),
            decision: d,
        });
    }
    pub fn refused(&mut self, power: &str, text: &str, rule: &str) {
        self.play(Entry::Refused {
            power: p(power),
            decision: Sent::Text(text.into()),
            rule: rule.into(),
            reason: None,
        });
    }
    /// A refusal pinned to its rule and its exact reason.
    pub fn refused_saying(&mut self, power: &str, text: &str, rule: &str, reason: &str) {
        self.play(Entry::Refused {
            power: p(power),
            decision: Sent::Text(text.into()),
            rule: rule.into(),
            reason: Some(reason.into()),
        });
    }
    pub fn force(&mut self, faces: &[u8]) {
        self.play(Entry::ForceDice {
            faces: faces.to_vec(),
        });
    }
    pub fn logged(&mut self, json: &str) {
        self.t
            .script
            .push(Entry::Logged(serde_json::from_str(json).unwrap()));
    }
    pub fn default_one(&mut self) {
        let q = self.g.pending()[0];
        self.play(Entry::Default { power: q });
    }
    /// Defaults until `power` is asked in the Land Phase (its place, or its turn to move).
    pub fn until(&mut self, power: &str) {
        for _ in 0..5000 {
            let s = self.g.state();
            if s.round.as_ref().is_some_and(|r| r.kind == RoundKind::Land)
                && self.g.pending() == vec![p(power)]
                && (s.land.stage == Stage::Order || s.land.current() == Some(p(power)))
            {
                return;
            }
            self.default_one();
        }
        panic!("never reached {power}'s land turn");
    }
    /// Defaults until `power` is asked in the Naval Phase (Great Britain's place, or its Naval Movement step).
    pub fn until_naval(&mut self, power: &str) {
        for _ in 0..5000 {
            let s = self.g.state();
            if s.round.as_ref().is_some_and(|r| r.kind == RoundKind::Naval)
                && self.g.pending() == vec![p(power)]
                && (s.naval.stage == coalition_engine::naval::Stage::Order
                    || s.naval.current() == Some(p(power)))
            {
                return;
            }
            self.default_one();
        }
        panic!("never reached {power}'s naval turn");
    }
    /// Defaults until a round of `kind` is open.
    pub fn until_round(&mut self, kind: RoundKind) {
        for _ in 0..5000 {
            if self
                .g
                .state()
                .round
                .as_ref()
                .is_some_and(|r| r.kind == kind)
            {
                return;
            }
            self.default_one();
        }
        panic!("never reached a {kind:?} round");
    }
    /// Defaults until the Land Phase is over.
    pub fn finish_land(&mut self) {
        while self
            .g
            .state()
            .round
            .as_ref()
            .is_some_and(|r| r.kind == RoundKind::Land)
        {
            self.default_one();
        }
    }
    /// Defaults (another power's siege step: `done`) until `power` is asked in its siege step (7.5.4).
    pub fn until_siege(&mut self, power: &str) {
        for _ in 0..5000 {
            let s = self.g.state();
            let siege = s.land.stage == Stage::Siege;
            if siege && self.g.pending() == vec![p(power)] {
                return;
            }
            if siege {
                let q = self.g.pending()[0];
                self.submit(q.as_str(), "done");
            } else {
                self.default_one();
            }
        }
        panic!("never reached {power}'s siege step");
    }
    pub fn save(self, name: &str) {
        self.save_in("land", name)
    }
    pub fn save_in(self, dir: &str, name: &str) {
        let path = format!("tests/transcripts/{dir}/{name}.json");
        std::fs::write(&path, self.t.to_json()).unwrap();
        println!("{path}: {} entries", self.t.script.len());
    }
}

pub fn standard() -> RulebookSpec {
    RulebookSpec::Preset(Preset::Standard)
}

/// The part of an event's JSON under its (one) key, with the key; nested once for a phase's own events.
fn kind_of(v: &serde_json::Value) -> Option<(String, &serde_json::Value)> {
    let (k, inner) = v.as_object()?.iter().next()?;
    match inner.as_object() {
        Some(o)
            if o.len() == 1 && matches!(k.as_str(), "land" | "world" | "minor" | "political") =>
        {
            let (k2, inner2) = o.iter().next()?;
            Some((k2.clone(), inner2))
        }
        _ => Some((k.clone(), inner)),
    }
}

impl B {
    /// The number of events logged so far (a mark for `summary`).
    pub fn mark(&self) -> usize {
        self.g.log().len()
    }

    /// Prints what a reader checks a battle case by: every die with its purpose, each round's morale and
    /// factors left and its notes, each side's combat morale and commander, factors lost and political points,
    /// from the event at `from` on.
    pub fn summary(&self, from: usize) {
        for e in &self.g.log()[from..] {
            let v = serde_json::to_value(e).unwrap();
            let Some((k, x)) = kind_of(&v) else { continue };
            let s = |p: &str| x.pointer(p).map(|v| v.to_string()).unwrap_or_default();
            match k.as_str() {
                "dice_rolled" => println!(
                    "  die {} {}: {} {} = {}",
                    s("/roll/rule"),
                    s("/roll/who"),
                    s("/roll/purpose"),
                    s("/roll/faces"),
                    s("/roll/total")
                ),
                "battle_day_fought" => {
                    for r in x
                        .pointer("/report/rounds")
                        .and_then(|r| r.as_array())
                        .into_iter()
                        .flatten()
                    {
                        let fire: Vec<String> = ["bombardment", "fire"]
                            .iter()
                            .flat_map(|k| r[k].as_array().cloned().unwrap_or_default())
                            .map(|f| {
                                format!(
                                    "{} on {} ({} firing) {}% -> {} factors, {} morale",
                                    f["side"],
                                    f["table"],
                                    f["firing"],
                                    f["percent"],
                                    f["inflicted"],
                                    f["morale"]
                                )
                            })
                            .collect();
                        println!(
                            "  day {} round {}: {}; morale left {}, factors left {}; notes {}",
                            r["day"],
                            r["round"],
                            fire.join("; "),
                            r["morale_left"],
                            r["factors_left"],
                            r["notes"]
                        );
                    }
                    println!("  day {} outcome {}", s("/day"), s("/report/outcome"));
                }
                "battle_fought" => println!(
                    "  battle: commanders {}, combat morale {}, outcome {}, winners {} losers {}",
                    s("/record/report/commanders"),
                    s("/record/report/morale"),
                    s("/record/report/outcome"),
                    s("/record/winners"),
                    s("/record/losers")
                ),
                "points_changed" => println!(
                    "  points {} {} ({}): {}",
                    s("/power"),
                    s("/delta"),
                    s("/rule"),
                    s("/reason")
                ),
                "corps_changed" | "leader_changed" | "minor_changed" | "corps_created" => {
                    println!("  {k}: {}", s("/reason"))
                }
                _ => {}
            }
        }
    }
}

impl B {
    /// Defaults until `power` is among the powers owing a decision (any step).
    pub fn until_asked(&mut self, power: &str) {
        for _ in 0..5000 {
            if self.g.pending().contains(&p(power)) {
                return;
            }
            self.default_one();
        }
        panic!("{power} was never asked");
    }
}
