//! [`Compiled`]: a model's exact-cover matrix and how to read its options.

use std::sync::Arc;

use solver_core::{Count, Counter, Entry, ItemId, Limits, Matrix, OptionId, ProblemBuilder};

use crate::constraints::Sense;
use crate::cube::Cube;
use crate::error::ModelError;
use crate::fd::Program;
use crate::model::{GroupKind, Model, Value, Var};
use crate::plan::EngineName;
use crate::solve::ModelSolver;
use crate::views::{View, Views};

/// A compiled model: the exact-cover [`Matrix`] (immutable, shared between
/// threads) and the map from its options back to variables and values.
///
/// The options come in a fixed order: first, for every variable in order of
/// declaration, one option per value of its domain, ascending (so option
/// `first_option(var) + k` gives `var` its `k`-th value); then one option
/// per combination of every sum cage. A view (`y = ±x + c`, see the crate
/// docs) has no options: [`option`](Self::option) gives its base's, and a
/// base has options only for the values its views allow.
#[derive(Debug)]
pub struct Compiled {
    /// The exact-cover matrix (Dancing Links), or `None`.
    pub(crate) matrix: Option<Matrix>,
    /// The propagation engine's program, or `None`.
    pub(crate) program: Option<Program>,
    pub(crate) names: Arc<[String]>,
    pub(crate) domains: Vec<Vec<Value>>,
    /// Index of each variable's first option.
    pub(crate) first_option: Vec<usize>,
    /// The variable of each variable option.
    pub(crate) option_var: Vec<u32>,
    /// Per variable, the base variable it is a view of (Dancing Links; a
    /// base is a view of itself; empty for the propagation engine).
    pub(crate) views: Vec<View>,
    /// The fixed values, as options.
    pub(crate) fixed: Vec<OptionId>,
    /// Whether a fixed value has no option (ruled out by a view or a
    /// group): no solution.
    pub(crate) impossible: bool,
    pub(crate) objective: Option<(Var, Sense)>,
}

impl Compiled {
    pub(crate) fn new(model: &Model) -> Result<Compiled, ModelError> {
        let views = Views::find(model);
        let base_domains: Vec<Vec<Value>> = views
            .base_domains(model)
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect();
        let is_base = |x: usize| views.of[x].base == x;
        let has_views = (0..model.vars.len()).any(|x| !is_base(x));
        let mut b = ProblemBuilder::new();
        let bases: Vec<usize> = (0..model.vars.len()).filter(|&x| is_base(x)).collect();
        let base_items = b.add_primary_items(bases.len())?;

        // The groups and cages of each base variable, with the member (the
        // base itself or a view of it) that is in them.
        let mut var_groups: Vec<Vec<(usize, View)>> = vec![Vec::new(); model.vars.len()];
        let mut var_cages: Vec<Vec<(usize, View)>> = vec![Vec::new(); model.vars.len()];
        // The values a member can take: the images of its base's values.
        let images = |y: usize| {
            let view = views.of[y];
            base_domains[view.base]
                .iter()
                .filter_map(move |&u| view.apply(u))
        };
        // Each group's values (ascending) and the item of its first value.
        let mut group_values: Vec<Vec<Value>> = Vec::with_capacity(model.groups.len());
        let mut group_items: Vec<Vec<ItemId>> = Vec::with_capacity(model.groups.len());
        for (g, group) in model.groups.iter().enumerate() {
            let mut values: Vec<Value> = match group.kind {
                // Every value of the members' domains is taken.
                GroupKind::ExactlyOnce => group
                    .vars
                    .iter()
                    .flat_map(|v| model.vars[v.index()].domain.iter().copied())
                    .collect(),
                GroupKind::AtMostOnce => {
                    group.vars.iter().flat_map(|v| images(v.index())).collect()
                }
            };
            values.sort_unstable();
            values.dedup();
            // In a model with views: as many members as values, all
            // different, so every value is taken (pigeonhole) and the items
            // are primary, which lets Dancing Links branch on them (n-queens'
            // columns, Langford's positions). Models without views keep the
            // matrix they always had.
            let exact = group.kind == GroupKind::ExactlyOnce
                || has_views && values.len() == group.vars.len();
            let items = if exact {
                b.add_primary_items(values.len())?
            } else {
                b.add_secondary_items(values.len())?
            };
            for v in &group.vars {
                let view = views.of[v.index()];
                var_groups[view.base].push((g, view));
            }
            group_values.push(values);
            group_items.push(items);
        }
        // Per group and value: how many members can take it.
        let mut takers: Vec<Vec<u64>> = group_values.iter().map(|v| vec![0; v.len()]).collect();
        for (g, group) in model.groups.iter().enumerate() {
            for v in &group.vars {
                let mut seen: Vec<usize> = images(v.index())
                    .filter_map(|w| group_values[g].binary_search(&w).ok())
                    .collect();
                seen.sort_unstable();
                seen.dedup();
                for k in seen {
                    takers[g][k] += 1;
                }
            }
        }
        // Per cage: its item, a coloured item per value (in or out of the
        // chosen combination) and a plain one per value (members differ).
        let (inside, outside) = (b.color("in")?, b.color("out")?);
        let mut cage_items = Vec::with_capacity(model.cages.len());
        for (c, cage) in model.cages.iter().enumerate() {
            let item = b.add_primary_items(1)?[0];
            let colored = b.add_secondary_items(cage.values.len())?;
            let distinct = b.add_secondary_items(cage.values.len())?;
            for v in &cage.vars {
                let view = views.of[v.index()];
                var_cages[view.base].push((c, view));
            }
            cage_items.push((item, colored, distinct));
        }

        let base_items = order_by_conflicts(&bases, &base_items, |x| {
            // How many other options each of x's options excludes through
            // the groups: per value, the other members that can take it.
            let mut conflicts = 0u64;
            for &u in &base_domains[x] {
                for &(g, view) in &var_groups[x] {
                    let k = view
                        .apply(u)
                        .and_then(|v| group_values[g].binary_search(&v).ok());
                    if let Some(k) = k {
                        conflicts += takers[g][k].saturating_sub(1);
                    }
                }
            }
            conflicts
        });
        let mut first_option = vec![0; model.vars.len()];
        let mut option_var = Vec::new();
        let mut domains: Vec<Vec<Value>> = vec![Vec::new(); model.vars.len()];
        let mut entries: Vec<Entry> = Vec::new();
        let mut covered: Vec<ItemId> = Vec::new();
        for (&x, &item) in bases.iter().zip(&base_items) {
            first_option[x] = b.option_count();
            for &value in &base_domains[x] {
                entries.clear();
                covered.clear();
                entries.push(item.into());
                // A value some member cannot take, or that gives two
                // members of one group the same value, has no option.
                let mut possible = true;
                for &(g, view) in &var_groups[x] {
                    let k = view
                        .apply(value)
                        .and_then(|v| group_values[g].binary_search(&v).ok());
                    match k {
                        Some(k) => {
                            entries.push(group_items[g][k].into());
                            covered.push(group_items[g][k]);
                        }
                        None => possible = false,
                    }
                }
                for &(c, view) in &var_cages[x] {
                    let k = view
                        .apply(value)
                        .and_then(|v| model.cages[c].values.binary_search(&v).ok());
                    let Some(k) = k else {
                        possible = false;
                        continue;
                    };
                    let (_, colored, distinct) = &cage_items[c];
                    entries.push((colored[k], inside).into());
                    entries.push(distinct[k].into());
                    covered.push(colored[k]);
                    covered.push(distinct[k]);
                }
                covered.sort_unstable();
                if !possible || covered.windows(2).any(|w| w[0] == w[1]) {
                    continue;
                }
                b.add_option(entries.iter().copied())?;
                option_var.push(x as u32);
                domains[x].push(value);
            }
        }
        for (c, cage) in model.cages.iter().enumerate() {
            let (item, colored, _) = &cage_items[c];
            for combination in &cage.combinations {
                entries.clear();
                entries.push((*item).into());
                for (k, value) in cage.values.iter().enumerate() {
                    let color = if combination.binary_search(value).is_ok() {
                        inside
                    } else {
                        outside
                    };
                    entries.push((colored[k], color).into());
                }
                b.add_option(entries.iter().copied())?;
            }
        }
        let matrix = b.build()?;
        // A view's values: the images of its base's values, ascending.
        for y in 0..model.vars.len() {
            let view = views.of[y];
            if view.base != y {
                first_option[y] = first_option[view.base];
                let mut values: Vec<Value> = domains[view.base]
                    .iter()
                    .filter_map(|&u| view.apply(u))
                    .collect();
                values.sort_unstable();
                domains[y] = values;
            }
        }
        let mut compiled = Compiled {
            matrix: Some(matrix),
            program: None,
            names: model.vars.iter().map(|s| s.name.clone()).collect(),
            domains,
            first_option,
            option_var,
            views: views.of,
            fixed: Vec::new(),
            impossible: false,
            objective: model.objective,
        };
        for &(var, value) in &model.fixed {
            match compiled.option(var, value) {
                Ok(option) => compiled.fixed.push(option),
                // A value in the declared domain that a view or a group
                // rules out: no solution.
                Err(ModelError::NotInDomain { .. }) => compiled.impossible = true,
                Err(e) => return Err(e),
            }
        }
        Ok(compiled)
    }

    /// Gives every view its value from its base's (a solution from Dancing
    /// Links names the base variables only).
    pub(crate) fn fill_views(&self, values: &mut [Value]) {
        for (y, view) in self.views.iter().enumerate() {
            if view.base != y {
                values[y] = view.apply(values[view.base]).unwrap_or_default();
            }
        }
    }

    /// The propagation engine's compiled model.
    pub(crate) fn propagation(model: &Model) -> Result<Compiled, ModelError> {
        let program = Program::new(model)?;
        Ok(Compiled {
            matrix: None,
            program: Some(program),
            names: model.vars.iter().map(|s| s.name.clone()).collect(),
            domains: model.vars.iter().map(|s| s.domain.clone()).collect(),
            first_option: Vec::new(),
            option_var: Vec::new(),
            views: Vec::new(),
            fixed: Vec::new(),
            impossible: false,
            objective: model.objective,
        })
    }

    /// The engine this model was compiled for: [`EngineName::Dlx`] or
    /// [`EngineName::Propagation`].
    pub fn engine(&self) -> EngineName {
        if self.program.is_some() {
            EngineName::Propagation
        } else {
            EngineName::Dlx
        }
    }

    /// The objective: the variable and whether it is minimised or
    /// maximised.
    pub fn objective(&self) -> Option<(Var, Sense)> {
        self.objective
    }

    /// The exact-cover matrix.
    ///
    /// # Panics
    /// If the model was compiled for the propagation engine (see
    /// [`engine`](Self::engine)); [`exact_cover`](Self::exact_cover) asks
    /// without panicking.
    pub fn matrix(&self) -> &Matrix {
        self.exact_cover()
            .expect("a model compiled for Dancing Links has a matrix")
    }

    /// The exact-cover matrix, or `None` for a model compiled for the
    /// propagation engine.
    pub fn exact_cover(&self) -> Option<&Matrix> {
        self.matrix.as_ref()
    }

    /// The exact-cover matrix, for a caller that keeps its own map from
    /// options to values (the order of the options is documented above).
    ///
    /// # Panics
    /// If the model was compiled for the propagation engine.
    pub fn into_matrix(self) -> Matrix {
        self.matrix
            .expect("a model compiled for Dancing Links has a matrix")
    }

    /// How many variables the model has.
    pub fn var_count(&self) -> usize {
        self.domains.len()
    }

    /// The name of a variable.
    ///
    /// # Panics
    /// If `var` is not a variable of this model.
    pub fn name(&self, var: Var) -> &str {
        &self.names[var.index()]
    }

    /// The option that gives `var` the value `value` (Dancing Links only:
    /// [`ModelError::Engine`] for the propagation engine).
    pub fn option(&self, var: Var, value: Value) -> Result<OptionId, ModelError> {
        if self.matrix.is_none() {
            return Err(ModelError::Engine {
                engine: EngineName::Propagation.as_str(),
                reason: "its models have no exact-cover options".into(),
            });
        }
        let not_in_domain = || ModelError::NotInDomain {
            var: self.names[var.index()].clone(),
            value,
        };
        let view = *self.views.get(var.index()).ok_or(ModelError::UnknownVar {
            index: var.index(),
            vars: self.domains.len(),
        })?;
        // A view's value is its base's value through the view.
        let base_value = view.invert(value).ok_or_else(not_in_domain)?;
        let k = self.domains[view.base]
            .binary_search(&base_value)
            .map_err(|_| not_in_domain())?;
        Ok(OptionId::new(self.first_option[view.base] + k))
    }

    /// The variable and value of an option, or `None` for a cage's
    /// combination (or an option of another matrix).
    pub fn decode(&self, option: OptionId) -> Option<(Var, Value)> {
        self.matrix.as_ref()?;
        let o = option.index();
        let var = *self.option_var.get(o)? as usize;
        Some((
            Var(var as u32),
            self.domains[var][o - self.first_option[var]],
        ))
    }

    /// A search state for this model, with its fixed values forced. Use one
    /// per thread.
    pub fn solver(&self) -> ModelSolver<'_> {
        ModelSolver::new(self)
    }

    /// Counts the solutions on every thread of the current rayon pool; the
    /// count equals [`ModelSolver::count`] exactly. (The propagation engine
    /// splits the tree into many disjoint subproblems at the top; with a
    /// node or solution limit it counts on one thread.)
    pub fn par_count(&self, limits: &Limits) -> Count {
        match &self.program {
            Some(program) => crate::fd::parallel::par_count(program, &[], limits),
            None => self.par_count_assuming(&self.fixed, limits),
        }
    }

    pub(crate) fn par_count_assuming(&self, forced: &[OptionId], limits: &Limits) -> Count {
        // Forcing fails only when the forced options clash: no solution.
        if self.impossible {
            return Count::default();
        }
        match &self.matrix {
            Some(matrix) => matrix
                .par_count_with(self.counter(), forced, limits)
                .unwrap_or_default(),
            None => Count::default(),
        }
    }

    /// The plan of a plain count of this model (no seed): Dancing Cells
    /// (`cells`) where its exact-cover matrix fits them, Dancing Links
    /// (`dlx`) for a larger one, the propagation engine for a model that is
    /// not exact cover. [`par_count`](Self::par_count) and
    /// [`ModelSolver::count`] count by it.
    pub fn count_plan(&self) -> crate::plan::Plan {
        let problem = crate::plan::Problem::Model {
            exact_cover: self.matrix.is_some(),
            cells: self.matrix.as_ref().is_some_and(Matrix::cells_fit),
        };
        let asked = match self.engine() {
            EngineName::Dlx => crate::plan::Asked::Dlx,
            _ => crate::plan::Asked::Propagation,
        };
        crate::plan::decide(&problem, crate::plan::Job::Count, asked)
            .expect("the engine the model was compiled for takes it")
    }

    /// The counter of [`count_plan`](Self::count_plan) (Dancing Links
    /// models).
    pub(crate) fn counter(&self) -> Counter {
        match self.count_plan().engine {
            crate::plan::EngineName::Cells => Counter::Cells,
            _ => Counter::Links,
        }
    }

    /// Splits the search space into at least `n` cubes where the tree is
    /// large enough: disjoint partial assignments that together cover every
    /// solution, so the counts of [`ModelSolver::count_cube`] over them add
    /// up to the count of the model.
    pub fn split(&self, n: usize) -> Vec<Cube> {
        crate::cube::split(self, n)
    }
}

/// The base variables' items in the order Dancing Links scans them: the
/// variables whose options exclude the most other options (through their
/// groups) first, ties in declaration order. Dancing Links branches on an
/// item with the fewest options left and takes the first such item in this
/// order, so the most constraining variables are tried first (the degree
/// rule of constraint solving; on n-queens it puts the middle rows, whose
/// diagonals are longest, first: 12-queens 251,329 -> 172,684 nodes).
/// Returns, per entry of `bases`, its item.
fn order_by_conflicts(
    bases: &[usize],
    items: &[ItemId],
    conflicts: impl Fn(usize) -> u64,
) -> Vec<ItemId> {
    let weight: Vec<u64> = bases.iter().map(|&x| conflicts(x)).collect();
    let mut order: Vec<usize> = (0..bases.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(weight[k]));
    let mut out = items.to_vec();
    for (rank, &k) in order.iter().enumerate() {
        out[k] = items[rank];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_conflicting_bases_get_the_first_items() {
        let items: Vec<ItemId> = {
            let mut b = ProblemBuilder::new();
            b.add_primary_items(4).unwrap()
        };
        // Bases 10, 11, 12, 13 with 3, 7, 3, 9 conflicts: 13 first, then
        // 11, then 10 and 12 in declaration order.
        let weight = |x: usize| [3, 7, 3, 9][x - 10];
        let got = order_by_conflicts(&[10, 11, 12, 13], &items, weight);
        assert_eq!(got, vec![items[2], items[1], items[3], items[0]]);
        assert!(order_by_conflicts(&[], &[], weight).is_empty());
    }

    /// n-queens through views (`q[i] ± i` as linear equalities), on Dancing
    /// Links with the reordered items: the counts of the literature
    /// (OEIS A000170).
    #[test]
    fn queens_through_views_count_as_known() {
        use crate::plan::EngineName;
        use crate::{Model, Rel, Value, Var};
        use solver_core::Limits;
        let known = [1u128, 0, 0, 2, 10, 4, 40, 92, 352];
        for (k, &expected) in known.iter().enumerate() {
            let n = k + 1;
            let mut m = Model::new();
            let q: Vec<Var> = (0..n)
                .map(|i| m.int_var(&format!("q{i}"), 0, n as Value - 1).unwrap())
                .collect();
            m.all_different(&q).unwrap();
            for sign in [1, -1] {
                let d: Vec<Var> = (0..n)
                    .map(|i| {
                        let d = m
                            .int_var(&format!("d{sign}_{i}"), -(n as Value), 2 * n as Value)
                            .unwrap();
                        m.linear(&[(1, d), (-1, q[i])], Rel::Eq, sign * i as Value)
                            .unwrap();
                        d
                    })
                    .collect();
                m.all_different(&d).unwrap();
            }
            let c = m.compile().unwrap();
            assert_eq!(c.engine(), EngineName::Dlx, "n = {n}");
            let count = c.solver().count(&Limits::default());
            assert_eq!(count.solutions, expected, "n = {n}");
            assert!(count.is_complete());
        }
    }
}
