//! [`Compiled`]: a model's exact-cover matrix and how to read its options.

use std::sync::Arc;

use solver_core::{Count, Entry, ItemId, Limits, Matrix, OptionId, ProblemBuilder};

use crate::constraints::Sense;
use crate::cube::Cube;
use crate::engine::ModelEngine;
use crate::error::ModelError;
use crate::fd::Program;
use crate::model::{GroupKind, Model, Value, Var};
use crate::solve::ModelSolver;

/// A compiled model: the exact-cover [`Matrix`] (immutable, shared between
/// threads) and the map from its options back to variables and values.
///
/// The options come in a fixed order: first, for every variable in order of
/// declaration, one option per value of its domain, ascending (so option
/// `first_option(var) + k` gives `var` its `k`-th value); then one option
/// per combination of every sum cage.
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
    /// The fixed values, as options.
    pub(crate) fixed: Vec<OptionId>,
    pub(crate) objective: Option<(Var, Sense)>,
}

impl Compiled {
    pub(crate) fn new(model: &Model) -> Result<Compiled, ModelError> {
        let mut b = ProblemBuilder::new();
        let var_items = b.add_primary_items(model.vars.len())?;

        // The groups and cages of each variable.
        let mut var_groups: Vec<Vec<usize>> = vec![Vec::new(); model.vars.len()];
        let mut var_cages: Vec<Vec<usize>> = vec![Vec::new(); model.vars.len()];
        // Each group's values (ascending) and the item of its first value.
        let mut group_values: Vec<Vec<Value>> = Vec::with_capacity(model.groups.len());
        let mut group_items: Vec<Vec<ItemId>> = Vec::with_capacity(model.groups.len());
        for (g, group) in model.groups.iter().enumerate() {
            let mut values: Vec<Value> = group
                .vars
                .iter()
                .flat_map(|v| model.vars[v.index()].domain.iter().copied())
                .collect();
            values.sort_unstable();
            values.dedup();
            let items = match group.kind {
                GroupKind::ExactlyOnce => b.add_primary_items(values.len())?,
                GroupKind::AtMostOnce => b.add_secondary_items(values.len())?,
            };
            for v in &group.vars {
                var_groups[v.index()].push(g);
            }
            group_values.push(values);
            group_items.push(items);
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
                var_cages[v.index()].push(c);
            }
            cage_items.push((item, colored, distinct));
        }

        let mut first_option = Vec::with_capacity(model.vars.len());
        let mut option_var = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        for (x, spec) in model.vars.iter().enumerate() {
            first_option.push(b.option_count());
            for value in &spec.domain {
                entries.clear();
                entries.push(var_items[x].into());
                for &g in &var_groups[x] {
                    let k = group_values[g]
                        .binary_search(value)
                        .expect("a member's value is a group value");
                    entries.push(group_items[g][k].into());
                }
                for &c in &var_cages[x] {
                    let k = model.cages[c]
                        .values
                        .binary_search(value)
                        .expect("a member's value is a cage value");
                    let (_, colored, distinct) = &cage_items[c];
                    entries.push((colored[k], inside).into());
                    entries.push(distinct[k].into());
                }
                b.add_option(entries.iter().copied())?;
                option_var.push(x as u32);
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
        let domains: Vec<Vec<Value>> = model.vars.iter().map(|s| s.domain.clone()).collect();
        let mut compiled = Compiled {
            matrix: Some(matrix),
            program: None,
            names: model.vars.iter().map(|s| s.name.clone()).collect(),
            domains,
            first_option,
            option_var,
            fixed: Vec::new(),
            objective: model.objective,
        };
        compiled.fixed = model
            .fixed
            .iter()
            .map(|&(var, value)| compiled.option(var, value))
            .collect::<Result<_, _>>()?;
        Ok(compiled)
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
            fixed: Vec::new(),
            objective: model.objective,
        })
    }

    /// The engine this model was compiled for.
    pub fn engine(&self) -> ModelEngine {
        if self.program.is_some() {
            ModelEngine::Propagation
        } else {
            ModelEngine::DancingLinks
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
                engine: ModelEngine::Propagation.name(),
                reason: "its models have no exact-cover options".into(),
            });
        }
        let domain = self
            .domains
            .get(var.index())
            .ok_or(ModelError::UnknownVar {
                index: var.index(),
                vars: self.domains.len(),
            })?;
        let k = domain
            .binary_search(&value)
            .map_err(|_| ModelError::NotInDomain {
                var: self.names[var.index()].clone(),
                value,
            })?;
        Ok(OptionId::new(self.first_option[var.index()] + k))
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
        match &self.matrix {
            Some(matrix) => matrix.par_count(forced, limits).unwrap_or_default(),
            None => Count::default(),
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
