//! The rules' vocabulary in words, shared by the descriptions (`describe`) and the battle reports (`battle`),
//! which both sit above it.

/// A value of the rules' vocabulary in words, as its data name says it (`free_state` is "free state").
pub fn words<T: serde::Serialize>(x: &T) -> String {
    match serde_json::to_value(x) {
        Ok(serde_json::Value::String(w)) => w.replace(['_', '-'], " "),
        Ok(v) => v.to_string(),
        Err(_) => String::new(),
    }
}
