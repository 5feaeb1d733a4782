//! [`Model`]: variables, their domains, and the constraints on them.

use std::collections::{HashMap, HashSet};

use crate::compile::Compiled;
use crate::constraints::{Constraint, Sense};
use crate::error::ModelError;
use crate::plan::{Asked, EngineName};

/// A value a variable can take.
pub type Value = i64;

/// A variable of a [`Model`], numbered from 0 in the order of declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(pub(crate) u32);

impl Var {
    /// The variable's number (its position in the model, from 0).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
pub(crate) struct VarSpec {
    pub(crate) name: String,
    /// Ascending, without repeats; empty only for a variable given by its
    /// bounds (`interval`).
    pub(crate) domain: Vec<Value>,
    /// `Some((lo, hi))` for a variable declared by [`Model::int_var`] with
    /// more than [`MAX_LISTED`] values: every value of `lo..=hi`, not listed.
    pub(crate) interval: Option<(Value, Value)>,
}

impl VarSpec {
    /// The smallest and largest values.
    pub(crate) fn bounds(&self) -> (Value, Value) {
        match self.interval {
            Some(b) => b,
            None => (self.domain[0], self.domain[self.domain.len() - 1]),
        }
    }

    /// Whether `value` is in the domain.
    pub(crate) fn contains(&self, value: Value) -> bool {
        match self.interval {
            Some((lo, hi)) => lo <= value && value <= hi,
            None => self.domain.binary_search(&value).is_ok(),
        }
    }
}

/// The most values [`Model::int_var`] lists; a wider range is kept as its
/// bounds (an interval domain in the propagation engine).
pub const MAX_LISTED: u64 = 4096;

/// The memory budget of a model: the most values its variables list in all
/// (2^25, about 33.5 million: 256 MiB of lists, and a few GiB once compiled
/// for Dancing Links, whose matrix holds an option per value). A variable
/// that would pass it is refused ([`ModelError::TooManyValues`]) before
/// anything is allocated, whatever the front end (a JSON
/// model, FlatZinc, Python). A 289x289 Sudoku lists 24.1 million.
pub const MAX_MODEL_VALUES: u64 = 1 << 25;

/// How strongly a group keeps its values apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GroupKind {
    /// Every value of the members' domains is taken exactly once.
    ExactlyOnce,
    /// No value is taken twice.
    AtMostOnce,
}

#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub(crate) kind: GroupKind,
    pub(crate) vars: Vec<Var>,
}

#[derive(Clone, Debug)]
pub(crate) struct Cage {
    pub(crate) vars: Vec<Var>,
    /// The admissible combinations: sets of different values (ascending).
    pub(crate) combinations: Vec<Vec<Value>>,
    /// The values of the members' domains, ascending.
    pub(crate) values: Vec<Value>,
}

/// The most combinations one sum cage may list.
pub(crate) const MAX_COMBINATIONS: usize = 1 << 20;

/// Variables with finite domains and constraints on them.
///
/// Build it with [`var`](Self::var) and the constraint methods, then
/// [`compile`](Self::compile) it. Every method checks its arguments, so a
/// model that was built compiles unless it is too large.
#[derive(Clone, Debug, Default)]
pub struct Model {
    pub(crate) vars: Vec<VarSpec>,
    pub(crate) groups: Vec<Group>,
    pub(crate) cages: Vec<Cage>,
    pub(crate) fixed: Vec<(Var, Value)>,
    /// The constraints beyond exact cover, in the order posted.
    pub(crate) constraints: Vec<Constraint>,
    /// The name of each of `constraints` in errors (`"table #3"`).
    pub(crate) constraint_names: Vec<String>,
    /// How many constraints of every kind were posted (names them in errors).
    pub(crate) posted: usize,
    /// The variable of each constant made by [`Model::constant`].
    pub(crate) constants: HashMap<Value, Var>,
    pub(crate) objective: Option<(Var, Sense)>,
    /// The values the variables list, in all (see [`MAX_MODEL_VALUES`]).
    pub(crate) listed: u64,
}

impl Model {
    /// An empty model.
    pub fn new() -> Model {
        Model::default()
    }

    /// Declares a variable that takes one value of `domain` (repeats are
    /// ignored; the order does not matter).
    pub fn var(
        &mut self,
        name: &str,
        domain: impl IntoIterator<Item = Value>,
    ) -> Result<Var, ModelError> {
        let domain = domain.into_iter();
        // Refused before the values are collected when they cannot fit.
        self.check_listed_budget(name, domain.size_hint().0 as u64)?;
        let mut domain: Vec<Value> = domain.collect();
        domain.sort_unstable();
        domain.dedup();
        if domain.is_empty() {
            return Err(ModelError::EmptyDomain {
                var: name.to_string(),
            });
        }
        self.push_var(VarSpec {
            name: name.to_string(),
            domain,
            interval: None,
        })
    }

    /// Refuses `more` listed values beyond the budget ([`MAX_MODEL_VALUES`]).
    pub(crate) fn check_listed_budget(&self, var: &str, more: u64) -> Result<(), ModelError> {
        let given = self.listed.saturating_add(more);
        if given > MAX_MODEL_VALUES {
            return Err(ModelError::TooManyValues {
                var: var.to_string(),
                given,
                limit: MAX_MODEL_VALUES,
            });
        }
        Ok(())
    }

    /// How many values the variables list, in all (an interval lists
    /// none); at most [`MAX_MODEL_VALUES`].
    pub fn listed_values(&self) -> u64 {
        self.listed
    }

    pub(crate) fn push_var(&mut self, spec: VarSpec) -> Result<Var, ModelError> {
        self.check_listed_budget(&spec.name, spec.domain.len() as u64)?;
        let var = Var(u32::try_from(self.vars.len()).map_err(|_| {
            ModelError::Build(solver_core::BuildError::TooLarge {
                what: "variables",
                given: self.vars.len() as u64 + 1,
                limit: u64::from(u32::MAX),
            })
        })?);
        self.listed += spec.domain.len() as u64;
        self.vars.push(spec);
        Ok(var)
    }

    /// How many variables the model has.
    pub fn var_count(&self) -> usize {
        self.vars.len()
    }

    /// The name of a variable.
    ///
    /// # Panics
    /// If `var` is not a variable of this model.
    pub fn name(&self, var: Var) -> &str {
        &self.vars[var.index()].name
    }

    /// The domain of a variable, ascending. Empty for a variable declared
    /// by [`int_var`](Self::int_var) with more than [`MAX_LISTED`] values:
    /// see [`bounds`](Self::bounds).
    ///
    /// # Panics
    /// If `var` is not a variable of this model.
    pub fn domain(&self, var: Var) -> &[Value] {
        &self.vars[var.index()].domain
    }

    /// The smallest and the largest value of a variable.
    ///
    /// # Panics
    /// If `var` is not a variable of this model.
    pub fn bounds(&self, var: Var) -> (Value, Value) {
        self.vars[var.index()].bounds()
    }

    /// Whether `value` is in the domain of `var` (listed or an interval).
    ///
    /// # Panics
    /// If `var` is not a variable of this model.
    pub fn contains(&self, var: Var, value: Value) -> bool {
        self.vars[var.index()].contains(value)
    }

    /// A group (a region) in which every value of its members' domains is
    /// taken by exactly one member. With as many members as values, the
    /// members take a permutation of the values (a Sudoku row); with fewer
    /// members than values the model has no solution.
    pub fn exactly_once(&mut self, name: &str, vars: &[Var]) -> Result<(), ModelError> {
        self.group(name, vars, GroupKind::ExactlyOnce)
    }

    /// A group in which no two members take the same value (a diagonal of
    /// the n-queens problem, or an all-different group with more values than
    /// members).
    pub fn at_most_once(&mut self, name: &str, vars: &[Var]) -> Result<(), ModelError> {
        self.group(name, vars, GroupKind::AtMostOnce)
    }

    fn group(&mut self, name: &str, vars: &[Var], kind: GroupKind) -> Result<(), ModelError> {
        self.check_members(name, vars)?;
        if kind == GroupKind::ExactlyOnce {
            self.check_listed(name, vars)?;
        }
        self.posted += 1;
        self.groups.push(Group {
            kind,
            vars: vars.to_vec(),
        });
        Ok(())
    }

    /// Gives `var` the value `value` in every solution.
    pub fn fix(&mut self, var: Var, value: Value) -> Result<(), ModelError> {
        self.check_value(var, value)?;
        self.posted += 1;
        self.fixed.push((var, value));
        Ok(())
    }

    /// A cage (as in killer Sudoku): its members take different values that
    /// add up to `sum`. Every set of different values from the members'
    /// domains with that total is listed as a combination; the cage is
    /// refused when there is none ([`ModelError::ImpossibleSum`]).
    pub fn sum_cage(&mut self, name: &str, vars: &[Var], sum: Value) -> Result<(), ModelError> {
        self.check_members(name, vars)?;
        self.check_listed(name, vars)?;
        let mut values: Vec<Value> = vars
            .iter()
            .flat_map(|v| self.vars[v.index()].domain.iter().copied())
            .collect();
        values.sort_unstable();
        values.dedup();
        let k = vars.len();
        let mut combinations = Vec::new();
        let mut chosen = Vec::with_capacity(k);
        let complete = combine(
            &values,
            k,
            i128::from(sum),
            0,
            &mut chosen,
            &mut combinations,
        );
        if !complete {
            return Err(ModelError::TooManyCombinations {
                cage: name.to_string(),
                limit: MAX_COMBINATIONS,
            });
        }
        // Keep the combinations the members can actually take: a matching of
        // members to values, each value in its member's domain.
        combinations.retain(|c| self.can_take(vars, c));
        if combinations.is_empty() {
            // Widened: totals of huge values need more than 64 bits.
            let (min, max) = if values.len() >= k {
                (
                    values.iter().take(k).map(|&v| i128::from(v)).sum(),
                    values.iter().rev().take(k).map(|&v| i128::from(v)).sum(),
                )
            } else {
                (0, 0)
            };
            return Err(ModelError::ImpossibleSum {
                cage: name.to_string(),
                sum,
                cells: k,
                values: values.len(),
                min,
                max,
            });
        }
        self.posted += 1;
        self.cages.push(Cage {
            vars: vars.to_vec(),
            combinations,
            values,
        });
        Ok(())
    }

    /// Whether the members can take the values of `combination`, one each.
    fn can_take(&self, vars: &[Var], combination: &[Value]) -> bool {
        // Augmenting paths (Kuhn's algorithm): cages are small.
        let mut owner: Vec<Option<usize>> = vec![None; combination.len()];
        for member in 0..vars.len() {
            let mut seen = vec![false; combination.len()];
            if !self.augment(vars, combination, member, &mut owner, &mut seen) {
                return false;
            }
        }
        true
    }

    fn augment(
        &self,
        vars: &[Var],
        combination: &[Value],
        member: usize,
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        let domain = &self.vars[vars[member].index()].domain;
        for (j, value) in combination.iter().enumerate() {
            if seen[j] || domain.binary_search(value).is_err() {
                continue;
            }
            seen[j] = true;
            let free = match owner[j] {
                None => true,
                Some(other) => self.augment(vars, combination, other, owner, seen),
            };
            if free {
                owner[j] = Some(member);
                return true;
            }
        }
        false
    }

    pub(crate) fn check_var(&self, var: Var) -> Result<&VarSpec, ModelError> {
        self.vars.get(var.index()).ok_or(ModelError::UnknownVar {
            index: var.index(),
            vars: self.vars.len(),
        })
    }

    pub(crate) fn check_value(&self, var: Var, value: Value) -> Result<(), ModelError> {
        let spec = self.check_var(var)?;
        if !spec.contains(value) {
            return Err(ModelError::NotInDomain {
                var: spec.name.clone(),
                value,
            });
        }
        Ok(())
    }

    /// Refuses members given by their bounds only (too many values to
    /// list them per value).
    fn check_listed(&self, name: &str, vars: &[Var]) -> Result<(), ModelError> {
        for &var in vars {
            let spec = self.check_var(var)?;
            if spec.interval.is_some() {
                return Err(ModelError::Constraint {
                    constraint: name.to_string(),
                    reason: format!(
                        "{} has more than {MAX_LISTED} values: this constraint lists its values",
                        spec.name
                    ),
                });
            }
        }
        Ok(())
    }

    fn check_members(&self, name: &str, vars: &[Var]) -> Result<(), ModelError> {
        if vars.is_empty() {
            return Err(ModelError::EmptyConstraint {
                constraint: name.to_string(),
            });
        }
        let mut seen = HashSet::with_capacity(vars.len());
        for &var in vars {
            let spec = self.check_var(var)?;
            if !seen.insert(var) {
                return Err(ModelError::RepeatedVar {
                    constraint: name.to_string(),
                    var: spec.name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Compiles the model for the engine the planner picks: a pure
    /// exact-cover model (only [`exactly_once`](Self::exactly_once),
    /// [`at_most_once`](Self::at_most_once), [`all_different`](Self::all_different)
    /// without repeats, [`fix`](Self::fix), [`sum_cage`](Self::sum_cage) and
    /// views, i.e. [`linear`](Self::linear) equalities `y = ±x + c` that tie
    /// variables into trees, every variable listed or a view of a listed
    /// one, no objective) becomes an exact-cover matrix for
    /// Dancing Links (see the crate docs for its items and options);
    /// anything else goes to the propagation engine.
    pub fn compile(&self) -> Result<Compiled, ModelError> {
        self.compile_with(Asked::Auto)
    }

    /// The engine [`compile`](Self::compile) would pick, without compiling:
    /// [`EngineName::Dlx`] for pure exact-cover models (views
    /// included), [`EngineName::Propagation`] otherwise.
    pub fn planned_engine(&self) -> EngineName {
        crate::engine::plan(self)
    }

    /// Compiles the model for the engine asked for ([`Asked::Auto`]: the
    /// planner's choice, as [`compile`](Self::compile); [`Asked::Dlx`] or
    /// [`Asked::Propagation`]). An engine that cannot take the model (Dancing
    /// Links on a model beyond exact cover, or an engine of grids or
    /// matrices) is refused with [`ModelError::Engine`].
    pub fn compile_with(&self, asked: Asked) -> Result<Compiled, ModelError> {
        match crate::engine::plan_asked(self, asked)? {
            EngineName::Dlx => Compiled::new(self),
            _ => Compiled::propagation(self),
        }
    }
}

/// Lists the sets of `k` different values of `values[from..]` (ascending)
/// that add up to `sum` with the values already `chosen`, each ascending,
/// into `out`. False when there are too many.
fn combine(
    values: &[Value],
    k: usize,
    sum: i128,
    from: usize,
    chosen: &mut Vec<Value>,
    out: &mut Vec<Vec<Value>>,
) -> bool {
    // Totals in 128 bits: k values of up to 2^63 each cannot overflow them
    // (a wrapped total once refused 1 + 2 = 3 beside huge values).
    let wide = |s: &[Value]| s.iter().map(|&v| i128::from(v)).sum::<i128>();
    let so_far = wide(chosen);
    let need = k - chosen.len();
    if need == 0 {
        if so_far == sum {
            if out.len() >= MAX_COMBINATIONS {
                return false;
            }
            out.push(chosen.clone());
        }
        return true;
    }
    if values.len() < from + need {
        return true;
    }
    let largest = wide(&values[values.len() - need..]);
    if so_far + largest < sum {
        return true;
    }
    for i in from..=values.len() - need {
        // The smallest completion from here on only grows with i.
        let smallest = wide(&values[i..i + need]);
        if so_far + smallest > sum {
            break;
        }
        chosen.push(values[i]);
        let ok = combine(values, k, sum, i + 1, chosen, out);
        chosen.pop();
        if !ok {
            return false;
        }
    }
    true
}

impl Model {
    /// The variables, in the order of declaration (the constants made by
    /// [`constant`](Self::constant) included).
    pub fn variables(&self) -> impl Iterator<Item = Var> + '_ {
        (0..self.vars.len()).map(|k| Var(k as u32))
    }

    /// Whether `var` is a constant made by [`constant`](Self::constant).
    pub fn is_constant(&self, var: Var) -> bool {
        let (lo, hi) = self.bounds(var);
        lo == hi && self.constants.get(&lo) == Some(&var)
    }
}
