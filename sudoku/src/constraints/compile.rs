//! The rules of a grid with setter's constraints as a
//! [`cover_model::Model`]: a cell is an integer variable `1..=n` (variable
//! `i` is cell `i`), each unit an exactly-once group, each killer cage a
//! sum cage, and each constraint a few model constraints (the propagators).

use cover_model::{Compiled, Model, ModelEngine, ModelError, Rel, Value, Var};

use super::{
    disjoint_groups, move_pairs, orthogonal_pairs, region_segments, third, Constraint, KING, KNIGHT,
};
use crate::rules::Rules;

/// Compiles `rules` (units, cages, constraints) for the propagation engine,
/// with the cells' variables.
pub(crate) fn compile(rules: &Rules) -> Result<(Compiled, Vec<Var>), ModelError> {
    let (model, cells) = model(rules)?;
    Ok((model.compile_with(Some(ModelEngine::Propagation))?, cells))
}

/// The model of `rules` and the cells' variables.
pub(crate) fn model(rules: &Rules) -> Result<(Model, Vec<Var>), ModelError> {
    let shape = rules.shape();
    let n = shape.side() as usize;
    let top = n as Value;
    let mut m = Model::new();
    let x: Vec<Var> = (0..n * n)
        .map(|i| m.int_var(&format!("r{}c{}", i / n + 1, i % n + 1), 1, top))
        .collect::<Result<_, _>>()?;
    for unit in rules.units() {
        let vars: Vec<Var> = unit.cells.iter().map(|&c| x[c]).collect();
        let name = format!("{} {}", unit.kind, unit.index + 1);
        if vars.len() == n {
            m.exactly_once(&name, &vars)?;
        } else {
            m.all_different(&vars)?;
        }
    }
    for (k, cage) in rules.cages().iter().enumerate() {
        let vars: Vec<Var> = cage.cells.iter().map(|&c| x[c]).collect();
        m.sum_cage(&format!("cage {}", k + 1), &vars, Value::from(cage.sum))?;
    }
    let regions = rules.regions_of_cells();
    for c in rules.constraints() {
        post(&mut m, &x, c, rules, &regions)?;
    }
    Ok((m, x))
}

/// All pairs `(a, b)` of values `1..=n` with `keep(a, b)`.
fn pairs(n: Value, keep: impl Fn(Value, Value) -> bool) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    for a in 1..=n {
        for b in 1..=n {
            if keep(a, b) {
                out.push(vec![a, b]);
            }
        }
    }
    out
}

fn triples(n: Value, keep: impl Fn(Value, Value, Value) -> bool) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    for a in 1..=n {
        for b in 1..=n {
            for c in 1..=n {
                if keep(a, b, c) {
                    out.push(vec![a, b, c]);
                }
            }
        }
    }
    out
}

fn sum_terms(vars: &[Var], coef: Value) -> Vec<(Value, Var)> {
    vars.iter().map(|&v| (coef, v)).collect()
}

/// `y = b * v` for a 0/1 variable `b`, as a fresh variable `0..=n`.
fn gated(m: &mut Model, b: Var, v: Var, n: Value) -> Result<Var, ModelError> {
    let y = m.int_var("", 0, n)?;
    m.times(b, v, y)?;
    Ok(y)
}

fn post(
    m: &mut Model,
    x: &[Var],
    constraint: &Constraint,
    rules: &Rules,
    regions: &[usize],
) -> Result<(), ModelError> {
    let shape = rules.shape();
    let n = shape.side() as usize;
    let top = n as Value;
    let vars = |cells: &[usize]| cells.iter().map(|&c| x[c]).collect::<Vec<Var>>();
    let diff = |m: &mut Model, a: Var, b: Var, rel: Rel, rhs: Value| {
        m.linear(&[(1, a), (-1, b)], rel, rhs)
    };
    match constraint {
        Constraint::Thermometer { cells } => {
            for w in cells.windows(2) {
                diff(m, x[w[0]], x[w[1]], Rel::Le, -1)?;
            }
        }
        Constraint::SlowThermometer { cells } => {
            for w in cells.windows(2) {
                diff(m, x[w[0]], x[w[1]], Rel::Le, 0)?;
            }
        }
        Constraint::Arrow { circle, line } => {
            let mut terms = Vec::new();
            let mut weight: Value = 1;
            for &c in circle.iter().rev() {
                terms.push((weight, x[c]));
                weight *= 10;
            }
            // A cell on both the circle and the line adds up its weights.
            for &c in line {
                terms.push((-1, x[c]));
            }
            m.linear(&terms, Rel::Eq, 0)?;
        }
        Constraint::Cage { cells, sum } => {
            let v = vars(cells);
            m.all_different(&v)?;
            if let Some(sum) = sum {
                m.linear(&sum_terms(&v, 1), Rel::Eq, Value::from(*sum))?;
            }
        }
        Constraint::LittleKiller { cells, sum } => {
            m.linear(&sum_terms(&vars(cells), 1), Rel::Eq, Value::from(*sum))?;
        }
        Constraint::Sandwich { line, sum } => {
            // p, q: the positions of the 1 and of n; lo, hi their min and max.
            let len = line.len() as Value;
            let v = vars(line);
            let p = m.int_var("", 0, len - 1)?;
            let q = m.int_var("", 0, len - 1)?;
            let one = m.constant(1);
            let tall = m.constant(top);
            m.element(p, 0, &v, one)?;
            m.element(q, 0, &v, tall)?;
            let lo = m.int_var("", 0, len - 1)?;
            let hi = m.int_var("", 0, len - 1)?;
            m.min(&[p, q], lo)?;
            m.max(&[p, q], hi)?;
            let mut terms = Vec::new();
            for (i, &cell) in v.iter().enumerate() {
                let i = i as Value;
                // inside <-> lo < i < hi
                let after = m.bool_var("")?;
                let before = m.bool_var("")?;
                let inside = m.bool_var("")?;
                m.linear_reif(&[(1, lo)], Rel::Lt, i, after)?;
                m.linear_reif(&[(1, hi)], Rel::Gt, i, before)?;
                m.linear_reif(&[(1, after), (1, before)], Rel::Eq, 2, inside)?;
                terms.push((1, gated(m, inside, cell, top)?));
            }
            m.linear(&terms, Rel::Eq, Value::from(*sum))?;
        }
        Constraint::XSum { line, sum } => {
            let v = vars(line);
            let mut terms = Vec::new();
            for (i, &cell) in v.iter().enumerate() {
                let counted = m.bool_var("")?;
                m.linear_reif(&[(1, v[0])], Rel::Gt, i as Value, counted)?;
                terms.push((1, gated(m, counted, cell, top)?));
            }
            m.linear(&terms, Rel::Eq, Value::from(*sum))?;
        }
        Constraint::Skyscraper { line, count } => {
            let v = vars(line);
            let mut seen = vec![(1, m.constant(1))];
            let mut tallest = v[0];
            for &cell in &v[1..] {
                let visible = m.bool_var("")?;
                m.linear_reif(&[(1, cell), (-1, tallest)], Rel::Gt, 0, visible)?;
                seen.push((1, visible));
                let next = m.int_var("", 1, top)?;
                m.max(&[tallest, cell], next)?;
                tallest = next;
            }
            m.linear(&seen, Rel::Eq, Value::from(*count))?;
        }
        Constraint::Dot { cells, kind, value } => {
            let k = *value;
            let allowed = pairs(top, |a, b| kind.holds(k, a as u32, b as u32));
            m.table(&[x[cells[0]], x[cells[1]]], &allowed)?;
        }
        Constraint::Negative { kind } => {
            let rules_list = rules.constraints();
            for (a, b) in orthogonal_pairs(n) {
                let marked = rules_list.iter().any(|c| {
                    matches!(c, Constraint::Dot { cells, kind: k, .. }
                        if k == kind && (cells == &[a, b] || cells == &[b, a]))
                });
                if !marked {
                    let bad = pairs(top, |p, q| {
                        kind.negative_values()
                            .iter()
                            .any(|&k| kind.holds(k, p as u32, q as u32))
                    });
                    m.forbidden(&[x[a], x[b]], &bad)?;
                }
            }
        }
        Constraint::NonConsecutive => {
            let bad = pairs(top, |a, b| (a - b).abs() == 1);
            for (a, b) in orthogonal_pairs(n) {
                m.forbidden(&[x[a], x[b]], &bad)?;
            }
        }
        Constraint::AntiKnight | Constraint::AntiKing => {
            let offsets = if matches!(constraint, Constraint::AntiKnight) {
                &KNIGHT
            } else {
                &KING
            };
            for (a, b) in move_pairs(n, offsets) {
                diff(m, x[a], x[b], Rel::Ne, 0)?;
            }
        }
        Constraint::DiagonalPositive => {
            let cells: Vec<usize> = (0..n).map(|i| (n - 1 - i) * n + i).collect();
            m.exactly_once("diagonal+", &vars(&cells))?;
        }
        Constraint::DiagonalNegative => {
            let cells: Vec<usize> = (0..n).map(|i| i * n + i).collect();
            m.exactly_once("diagonal-", &vars(&cells))?;
        }
        Constraint::ExtraRegion { cells } => m.all_different(&vars(cells))?,
        Constraint::Windoku => {
            let windows = crate::variant::windows(shape).map_err(|e| ModelError::Constraint {
                constraint: "windoku".into(),
                reason: e.to_string(),
            })?;
            for w in windows {
                m.exactly_once("window", &vars(&w))?;
            }
        }
        Constraint::DisjointGroups => {
            for g in disjoint_groups(shape) {
                m.exactly_once("disjoint group", &vars(&g))?;
            }
        }
        Constraint::Even { cell } | Constraint::Odd { cell } => {
            let parity = Value::from(matches!(constraint, Constraint::Odd { .. }));
            let allowed: Vec<Vec<Value>> = (1..=top)
                .filter(|v| v % 2 == parity)
                .map(|v| vec![v])
                .collect();
            m.table(&[x[*cell]], &allowed)?;
        }
        Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
            let below = matches!(constraint, Constraint::Minimum { .. });
            let (r, c) = (cell / n, cell % n);
            let mut others = Vec::new();
            if r > 0 {
                others.push(cell - n);
            }
            if r + 1 < n {
                others.push(cell + n);
            }
            if c > 0 {
                others.push(cell - 1);
            }
            if c + 1 < n {
                others.push(cell + 1);
            }
            for o in others {
                if below {
                    diff(m, x[*cell], x[o], Rel::Lt, 0)?;
                } else {
                    diff(m, x[*cell], x[o], Rel::Gt, 0)?;
                }
            }
        }
        Constraint::Quadruple { cell, values } => {
            let block = vars(&[*cell, cell + 1, cell + n, cell + n + 1]);
            let mut sorted = values.clone();
            sorted.sort_unstable();
            for w in sorted.chunk_by(|a, b| a == b) {
                let value = m.constant(Value::from(w[0]));
                let times = m.constant(w.len() as Value);
                m.count(&block, value, Rel::Ge, times)?;
            }
        }
        Constraint::Palindrome { cells } => {
            let len = cells.len();
            for i in 0..len / 2 {
                diff(m, x[cells[i]], x[cells[len - 1 - i]], Rel::Eq, 0)?;
            }
        }
        Constraint::Renban { cells } => {
            let v = vars(cells);
            m.all_different(&v)?;
            let lo = m.int_var("", 1, top)?;
            let hi = m.int_var("", 1, top)?;
            m.min(&v, lo)?;
            m.max(&v, hi)?;
            diff(m, hi, lo, Rel::Eq, v.len() as Value - 1)?;
        }
        Constraint::Whispers { cells } => {
            let gap = (top + 1) / 2;
            let allowed = pairs(top, |a, b| (a - b).abs() >= gap);
            for w in cells.windows(2) {
                m.table(&[x[w[0]], x[w[1]]], &allowed)?;
            }
        }
        Constraint::RegionSumLine { cells } => {
            let segments = region_segments(cells, regions);
            for w in segments.windows(2) {
                let mut terms = sum_terms(&vars(&w[0]), 1);
                terms.extend(sum_terms(&vars(&w[1]), -1));
                m.linear(&terms, Rel::Eq, 0)?;
            }
        }
        Constraint::BetweenLine { cells } => {
            let len = cells.len();
            if len >= 2 {
                let allowed = triples(top, |a, mid, b| a.min(b) < mid && mid < a.max(b));
                for &mid in &cells[1..len - 1] {
                    m.table(&[x[cells[0]], x[mid], x[cells[len - 1]]], &allowed)?;
                }
            }
        }
        Constraint::EntropicLine { cells } => {
            if !n.is_multiple_of(3) {
                return Err(ModelError::Constraint {
                    constraint: "entropicline".into(),
                    reason: format!("needs a grid side divisible by 3, not {n}"),
                });
            }
            let t = |v: Value| third(v as u32, n as u32);
            let allowed = triples(top, |a, b, c| t(a) != t(b) && t(b) != t(c) && t(a) != t(c));
            for w in cells.windows(3) {
                m.table(&vars(w), &allowed)?;
            }
        }
        Constraint::Clone { cells, copy } => {
            for (&a, &b) in cells.iter().zip(copy) {
                if a != b {
                    diff(m, x[a], x[b], Rel::Eq, 0)?;
                }
            }
        }
    }
    Ok(())
}
