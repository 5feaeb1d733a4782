//! How `dlx solve` prints a JSON model's solution: the variables it shows
//! ([`Shown`]), as text (`a=1 b=2`) or a JSON record
//! (`{"solution":1,"values":{"a":1,"b":2}}`).

use cover_model::{Model, Value, Var};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// The variables a solution shows: those declared (constants are not), in
/// the order of declaration.
pub(super) struct Shown<'a> {
    model: &'a Model,
    vars: Vec<Var>,
}

impl<'a> Shown<'a> {
    /// The variables of `model` that solutions show.
    pub(super) fn new(model: &'a Model) -> Shown<'a> {
        let vars = model.variables().filter(|&v| !model.is_constant(v));
        Shown {
            model,
            vars: vars.collect(),
        }
    }

    /// One solution's text: `a=1 b=2`, and ` (objective 7)` with one.
    pub(super) fn text(&self, values: &[Value], objective: Option<Value>) -> String {
        let line: Vec<String> = self
            .vars
            .iter()
            .map(|&v| format!("{}={}", self.model.name(v), values[v.index()]))
            .collect();
        let mut text = line.join(" ");
        if let Some(o) = objective {
            text.push_str(&format!(" (objective {o})"));
        }
        text
    }

    /// Solution number `k` (from 1) as a JSON record:
    /// `{"solution":1,"values":{"a":1,"b":2}}`, with `"objective"` when there
    /// is one.
    pub(super) fn record<'s>(
        &'s self,
        k: u64,
        values: &'s [Value],
        objective: Option<Value>,
    ) -> impl Serialize + 's {
        Record {
            solution: k,
            values: Values {
                shown: self,
                values,
            },
            objective,
        }
    }
}

/// One solution's values by name, in the order of declaration.
struct Values<'a> {
    shown: &'a Shown<'a>,
    values: &'a [Value],
}

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.shown.vars.len()))?;
        for &v in &self.shown.vars {
            map.serialize_entry(self.shown.model.name(v), &self.values[v.index()])?;
        }
        map.end()
    }
}

/// One solution, as printed in JSON.
#[derive(Serialize)]
struct Record<'a> {
    solution: u64,
    values: Values<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    objective: Option<Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_records_name_the_declared_variables() {
        let mut m = Model::new();
        let x = m.int_var("x", 0, 3).unwrap();
        let _ = m.constant(2);
        let y = m.int_var("y", 0, 3).unwrap();
        let shown = Shown::new(&m);
        let mut values = vec![0; m.variables().count()];
        values[x.index()] = 3;
        values[y.index()] = 1;
        assert_eq!(shown.text(&values, None), "x=3 y=1");
        assert_eq!(shown.text(&values, Some(3)), "x=3 y=1 (objective 3)");
        let json = serde_json::to_string(&shown.record(1, &values, Some(3))).unwrap();
        assert_eq!(
            json,
            r#"{"solution":1,"values":{"x":3,"y":1},"objective":3}"#
        );
        let json = serde_json::to_string(&shown.record(2, &values, None)).unwrap();
        assert_eq!(json, r#"{"solution":2,"values":{"x":3,"y":1}}"#);
    }
}
