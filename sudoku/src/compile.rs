//! The rules of a grid with setter's constraints as a
//! [`cover_model::Model`]: a cell is an integer variable `1..=n` (variable
//! `i` is cell `i`), each unit an exactly-once group, each killer cage a
//! sum cage, and each constraint a few model constraints (the propagators).
//! Above the rules and the constraints' definitions (`constraints/`), which
//! it reads; the crate root re-exports [`compile`] and [`MAX_TABLE_VALUES`].

use cover_model::plan::Asked;
use cover_model::{Compiled, Model, ModelError, Rel, Value, Var};

use crate::constraints::{
    blocks_2x2, disjoint_groups, flatmate_value, move_pairs, orthogonal_pairs, region_segments,
    third, Constraint, KING, KNIGHT,
};
use crate::rules::Rules;
// issue 36, group A
use crate::constraints::{leaps, region_cells, taxicab_pairs, DIAGONAL};

/// Compiles `rules` (units, cages, constraints) for the propagation engine,
/// with the cells' variables.
pub fn compile(rules: &Rules) -> Result<(Compiled, Vec<Var>), ModelError> {
    let (model, cells) = model(rules)?;
    Ok((model.compile_with(Asked::Propagation)?, cells))
}

/// The model of `rules` and the cells' variables.
pub(crate) fn model(rules: &Rules) -> Result<(Model, Vec<Var>), ModelError> {
    build(rules).map(|(m, x, _)| (m, x))
}

/// The model, the cells' variables and the table values it holds.
fn build(rules: &Rules) -> Result<(Model, Vec<Var>, usize), ModelError> {
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
    let mut tables = Tables { values: 0 };
    for c in rules.constraints() {
        post(&mut m, &mut tables, &x, c, rules, &regions)?;
    }
    Ok((m, x, tables.values))
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

/// The most values the tables of one puzzle's constraints may hold
/// (8,388,608: a 64x64 non-consecutive puzzle needs about 2 million). Each
/// is copied into the model and its engine, so this bounds the memory a
/// puzzle's constraints take whatever it claims (about 8 bytes a value,
/// twice, plus a header a tuple); past it the puzzle is refused, never
/// half-built.
pub const MAX_TABLE_VALUES: usize = 1 << 23;

/// The table values posted so far, against [`MAX_TABLE_VALUES`].
struct Tables {
    values: usize,
}

impl Tables {
    /// Posts the table (or, `forbidden`, the excluded tuples) of
    /// `constraint` if it fits the budget.
    fn table(
        &mut self,
        m: &mut Model,
        constraint: &Constraint,
        vars: &[Var],
        tuples: &[Vec<Value>],
        forbidden: bool,
    ) -> Result<(), ModelError> {
        self.values = self
            .values
            .saturating_add(tuples.len().saturating_mul(vars.len()));
        if self.values > MAX_TABLE_VALUES {
            return Err(ModelError::Constraint {
                constraint: constraint.to_string(),
                reason: format!(
                    "the puzzle's constraints need tables of more than {MAX_TABLE_VALUES} \
                     values (the memory budget): make it smaller"
                ),
            });
        }
        if forbidden {
            m.forbidden(vars, tuples)
        } else {
            m.table(vars, tuples)
        }
    }
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
    tables: &mut Tables,
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
            // p, q: the positions of the 1 and of n.
            let len = line.len() as Value;
            let v = vars(line);
            let p = m.int_var("", 0, len - 1)?;
            let q = m.int_var("", 0, len - 1)?;
            let one = m.constant(1);
            let tall = m.constant(top);
            m.element(p, 0, &v, one)?;
            m.element(q, 0, &v, tall)?;
            let terms = sum_between(m, &v, p, q, top)?;
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
            tables.table(m, constraint, &[x[cells[0]], x[cells[1]]], &allowed, false)?;
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
                    tables.table(m, constraint, &[x[a], x[b]], &bad, true)?;
                }
            }
        }
        Constraint::NonConsecutive => {
            let bad = pairs(top, |a, b| (a - b).abs() == 1);
            for (a, b) in orthogonal_pairs(n) {
                tables.table(m, constraint, &[x[a], x[b]], &bad, true)?;
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
            let windows = crate::windows::windows(shape).map_err(|e| ModelError::Constraint {
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
            tables.table(m, constraint, &[x[*cell]], &allowed, false)?;
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
                tables.table(m, constraint, &[x[w[0]], x[w[1]]], &allowed, false)?;
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
            // lo = min(ends) < mid < hi = max(ends): a few variables per
            // line, not a table of n^3 triples per middle cell (87,000 on
            // 64x64, copied into every middle cell).
            let len = cells.len();
            if len > 2 {
                let ends = [x[cells[0]], x[cells[len - 1]]];
                let lo = m.int_var("", 1, top)?;
                let hi = m.int_var("", 1, top)?;
                m.min(&ends, lo)?;
                m.max(&ends, hi)?;
                for &mid in &cells[1..len - 1] {
                    diff(m, lo, x[mid], Rel::Le, -1)?;
                    diff(m, x[mid], hi, Rel::Le, -1)?;
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
            // Each cell's third (0 low, 1 middle, 2 high) through a table of
            // n pairs, then every three consecutive thirds differ.
            let classes: Vec<Vec<Value>> = (1..=top)
                .map(|v| vec![v, Value::from(third(v as u32, n as u32))])
                .collect();
            let mut class = Vec::with_capacity(cells.len());
            for &cell in cells {
                let k = m.int_var("", 0, 2)?;
                tables.table(m, constraint, &[x[cell], k], &classes, false)?;
                class.push(k);
            }
            for w in class.windows(3) {
                m.all_different(w)?;
            }
        }
        Constraint::Clone { cells, copy } => {
            for (&a, &b) in cells.iter().zip(copy) {
                if a != b {
                    diff(m, x[a], x[b], Rel::Eq, 0)?;
                }
            }
        }
        // issue 36, group B
        Constraint::SumLine { cells, sum, looped } => {
            sum_line(m, &vars(cells), Value::from(*sum), *looped, top)?;
        }
        Constraint::RellikCage { cells, sum } => {
            let v = vars(cells);
            m.all_different(&v)?;
            let sets = value_sets_adding_to(top, v.len(), Value::from(*sum)).ok_or_else(|| {
                ModelError::Constraint {
                    constraint: constraint.to_string(),
                    reason: format!(
                        "more than {MAX_RELLIK_SETS} sets of values add up to {sum}: \
                         make the cage smaller"
                    ),
                }
            })?;
            if !sets.is_empty() {
                // has[k]: some cell of the cage holds k + 1 (at most one
                // does: they differ); no forbidden set is held whole.
                let mut has = Vec::with_capacity(n);
                for value in 1..=top {
                    let h = m.bool_var("")?;
                    let value = m.constant(value);
                    m.count(&v, value, Rel::Eq, h)?;
                    has.push(h);
                }
                for set in sets {
                    let held: Vec<Var> = set.iter().map(|&k| has[k as usize - 1]).collect();
                    m.clause(&[], &held)?;
                }
            }
        }
        Constraint::EqualityCage { cells } => {
            let v = vars(cells);
            m.all_different(&v)?;
            let half = top / 2;
            // (value, odd, high) for every value but an odd side's middle.
            let rows: Vec<Vec<Value>> = (1..=top)
                .filter(|&k| k <= half || k > top - half)
                .map(|k| vec![k, k % 2, Value::from(k > top - half)])
                .collect();
            let (mut odd, mut high) = (Vec::new(), Vec::new());
            for &cell in &v {
                let o = m.bool_var("")?;
                let h = m.bool_var("")?;
                tables.table(m, constraint, &[cell, o, h], &rows, false)?;
                odd.push((2, o));
                high.push((2, h));
            }
            m.linear(&odd, Rel::Eq, v.len() as Value)?;
            m.linear(&high, Rel::Eq, v.len() as Value)?;
        }
        Constraint::Lunchbox { cells, sum } => {
            let v = vars(cells);
            m.all_different(&v)?;
            let len = v.len() as Value;
            let (lo, hi) = (m.int_var("", 1, top)?, m.int_var("", 1, top)?);
            m.min(&v, lo)?;
            m.max(&v, hi)?;
            // p, q: where the smallest and the largest stand (one place
            // each: the values differ).
            let p = m.int_var("", 0, len - 1)?;
            let q = m.int_var("", 0, len - 1)?;
            m.element(p, 0, &v, lo)?;
            m.element(q, 0, &v, hi)?;
            let inside = sum_between(m, &v, p, q, top)?;
            m.linear(&inside, Rel::Eq, Value::from(*sum))?;
        }
        Constraint::HiddenSkyscraper { line, value } => {
            // rising: the line has risen at every step so far; the first
            // step that falls is the first hidden skyscraper.
            let v = vars(line);
            let mut rising = m.constant(1);
            let mut firsts = Vec::with_capacity(v.len());
            for j in 1..v.len() {
                let up = m.bool_var("")?;
                m.linear_reif(&[(1, v[j]), (-1, v[j - 1])], Rel::Gt, 0, up)?;
                let first = m.bool_var("")?;
                m.linear_reif(&[(1, rising), (-1, up)], Rel::Eq, 1, first)?;
                m.linear_imp(&[(1, v[j])], Rel::Eq, Value::from(*value), first)?;
                firsts.push((1, first));
                let still = m.bool_var("")?;
                m.linear_reif(&[(1, rising), (1, up)], Rel::Eq, 2, still)?;
                rising = still;
            }
            m.linear(&firsts, Rel::Eq, 1)?;
        }
        Constraint::NumberedRoom { line, value } => {
            let clue = m.constant(Value::from(*value));
            m.element(x[line[0]], 1, &vars(line), clue)?;
        }
        Constraint::CountingCircles { cells } => {
            let v = vars(cells);
            let len = v.len() as Value;
            for value in 1..=top {
                let times = m.int_var("", 0, len)?;
                let k = m.constant(value);
                m.count(&v, k, Rel::Eq, times)?;
                let mut allowed = vec![vec![0]];
                if value <= len {
                    allowed.push(vec![value]);
                }
                tables.table(m, constraint, &[times], &allowed, false)?;
            }
        }
        Constraint::GlobalEntropy | Constraint::GlobalModular => {
            let entropy = matches!(constraint, Constraint::GlobalEntropy);
            if entropy && !n.is_multiple_of(3) {
                return Err(ModelError::Constraint {
                    constraint: "globalentropy".into(),
                    reason: format!("needs a grid side divisible by 3, not {n}"),
                });
            }
            // Each cell's class (its third, or its remainder modulo 3),
            // then every 2x2 block holds each of the three classes.
            let classes: Vec<Vec<Value>> = (1..=top)
                .map(|k| {
                    let class = if entropy {
                        Value::from(third(k as u32, n as u32))
                    } else {
                        k % 3
                    };
                    vec![k, class]
                })
                .collect();
            let mut class = Vec::with_capacity(n * n);
            for &cell in x {
                let k = m.int_var("", 0, 2)?;
                tables.table(m, constraint, &[cell, k], &classes, false)?;
                class.push(k);
            }
            let once = m.constant(1);
            for block in blocks_2x2(n) {
                let ks: Vec<Var> = block.iter().map(|&c| class[c]).collect();
                for k in 0..3 {
                    let k = m.constant(k);
                    m.count(&ks, k, Rel::Ge, once)?;
                }
            }
        }
        Constraint::DutchFlatmates => {
            let middle = Value::from(flatmate_value(n as u32));
            for cell in 0..n * n {
                let is_middle = m.bool_var("")?;
                m.linear_reif(&[(1, x[cell])], Rel::Eq, middle, is_middle)?;
                let mut mates = Vec::new();
                if cell >= n {
                    let one_above = m.bool_var("")?;
                    m.linear_reif(&[(1, x[cell - n])], Rel::Eq, 1, one_above)?;
                    mates.push(one_above);
                }
                if cell + n < n * n {
                    let top_below = m.bool_var("")?;
                    m.linear_reif(&[(1, x[cell + n])], Rel::Eq, top, top_below)?;
                    mates.push(top_below);
                }
                m.clause(&mates, &[is_middle])?;
            }
        }
        Constraint::WhispersBy { cells, difference } => {
            let gap = Value::from(*difference);
            let allowed = pairs(top, |a, b| (a - b).abs() >= gap);
            for w in cells.windows(2) {
                tables.table(m, constraint, &[x[w[0]], x[w[1]]], &allowed, false)?;
            }
        }
        // issue 36, group A
        Constraint::Leaper { offsets } => {
            for (a, b) in move_pairs(n, &leaps(offsets)) {
                diff(m, x[a], x[b], Rel::Ne, 0)?;
            }
        }
        Constraint::Knightmare => {
            let bad = pairs(top, |a, b| a + b == 5 || a + b == 15);
            if !bad.is_empty() {
                for (a, b) in move_pairs(n, &KNIGHT) {
                    tables.table(m, constraint, &[x[a], x[b]], &bad, true)?;
                }
            }
        }
        Constraint::Taxicab { distance } => {
            for (a, b) in taxicab_pairs(n, *distance) {
                diff(m, x[a], x[b], Rel::Ne, 0)?;
            }
        }
        Constraint::SelfTaxicab => {
            // Cells `d` apart never both hold `d`: one forbidden pair each,
            // but for cells of one unit (a row, a column, a box or region,
            // a diagonal ...), whose values differ anyway.
            let share = |a: usize, b: usize| {
                let of_b = rules.units_of(b);
                rules.units_of(a).iter().any(|u| of_b.contains(u))
            };
            for d in 1..=top {
                for (a, b) in taxicab_pairs(n, d as u32) {
                    if !share(a, b) {
                        tables.table(m, constraint, &[x[a], x[b]], &[vec![d, d]], true)?;
                    }
                }
            }
        }
        Constraint::DiagonalNonConsecutive => {
            let bad = pairs(top, |a, b| (a - b).abs() == 1);
            for (a, b) in move_pairs(n, &DIAGONAL) {
                tables.table(m, constraint, &[x[a], x[b]], &bad, true)?;
            }
        }
        Constraint::RowIndexer { cells } | Constraint::ColumnIndexer { cells } => {
            // Row indexer: column[v - 1] = row + 1; column indexer:
            // row[v - 1] = column + 1 (an element constraint each).
            let by_row = matches!(constraint, Constraint::RowIndexer { .. });
            for &cell in cells {
                let (row, col) = (cell / n, cell % n);
                let (line, own): (Vec<usize>, usize) = if by_row {
                    ((0..n).map(|r| r * n + col).collect(), row)
                } else {
                    ((0..n).map(|c| row * n + c).collect(), col)
                };
                let own = m.constant(own as Value + 1);
                m.element(x[cell], 1, &vars(&line), own)?;
            }
        }
        Constraint::BoxIndexer { cells } => {
            let by_region = region_cells(regions);
            for &cell in cells {
                let region = &by_region[regions[cell]];
                let k = region.iter().position(|&c| c == cell).unwrap_or(0);
                let own = m.constant(k as Value + 1);
                m.element(x[cell], 1, &vars(region), own)?;
            }
        }
        Constraint::ModularLine { cells } => {
            // Neighbours one and two apart differ mod 3, cells three apart
            // agree: that makes every pair as the rule says.
            let differ = pairs(top, |a, b| a % 3 != b % 3);
            let agree = pairs(top, |a, b| a % 3 == b % 3);
            for gap in 1..=3 {
                let tuples = if gap == 3 { &agree } else { &differ };
                for w in cells.windows(gap + 1) {
                    tables.table(m, constraint, &[x[w[0]], x[w[gap]]], tuples, false)?;
                }
            }
        }
        Constraint::NabnerLine { cells } => {
            let close = pairs(top, |a, b| (a - b).abs() <= 1);
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    tables.table(m, constraint, &[x[a], x[b]], &close, true)?;
                }
            }
        }
        Constraint::DoubleArrow { cells } => {
            let last = cells.len() - 1;
            let mut terms = sum_terms(&vars(&cells[1..last]), 1);
            terms.push((-1, x[cells[0]]));
            terms.push((-1, x[cells[last]]));
            m.linear(&terms, Rel::Eq, 0)?;
        }
        Constraint::ZipperLine { cells } => {
            // Every pair adds up to what the ends do; the centre holds it.
            let len = cells.len();
            let (a, z) = (x[cells[0]], x[cells[len - 1]]);
            for i in 1..len / 2 {
                let terms = [
                    (1, x[cells[i]]),
                    (1, x[cells[len - 1 - i]]),
                    (-1, a),
                    (-1, z),
                ];
                m.linear(&terms, Rel::Eq, 0)?;
            }
            if len % 2 == 1 {
                m.linear(&[(1, a), (1, z), (-1, x[cells[len / 2]])], Rel::Eq, 0)?;
            }
        }
        Constraint::LockoutLine { cells, min_diff } => {
            let len = cells.len();
            let ends = [x[cells[0]], x[cells[len - 1]]];
            let lo = m.int_var("", 1, top)?;
            let hi = m.int_var("", 1, top)?;
            m.min(&ends, lo)?;
            m.max(&ends, hi)?;
            // Widened: a difference past n - 1 (up to u32::MAX) is no wrap,
            // just no solution.
            diff(m, hi, lo, Rel::Ge, Value::from(*min_diff))?;
            for &mid in &cells[1..len - 1] {
                let below = m.bool_var("")?;
                let above = m.bool_var("")?;
                m.linear_reif(&[(1, x[mid]), (-1, lo)], Rel::Lt, 0, below)?;
                m.linear_reif(&[(1, x[mid]), (-1, hi)], Rel::Gt, 0, above)?;
                m.clause(&[below, above], &[])?;
            }
        }
        Constraint::DigitalRootCage { cells, root } => {
            // sum = 9 q + root for some q >= 0: the digital root of a
            // positive sum is 1 + (sum - 1) mod 9.
            let v = vars(cells);
            m.all_different(&v)?;
            let most = (cells.len() as Value * top) / 9;
            let q = m.int_var("", 0, most)?;
            let mut terms = sum_terms(&v, 1);
            terms.push((-9, q));
            m.linear(&terms, Rel::Eq, Value::from(*root))?;
        }
        // issue 36, group C
        Constraint::SumDot { .. } => crate::constraints::group_c::post(m, x, constraint)?,
    }
    Ok(())
}

// issue 36, group B: helpers of the constraints above.

/// The most sets of values a rellik cage may forbid (each one clause).
const MAX_RELLIK_SETS: usize = 1 << 16;

/// Every set of distinct values of `1..=top`, at most `most` of them,
/// adding up to `sum` (ascending), or `None` past [`MAX_RELLIK_SETS`].
fn value_sets_adding_to(top: Value, most: usize, sum: Value) -> Option<Vec<Vec<Value>>> {
    fn grow(
        next: Value,
        top: Value,
        most: usize,
        left: Value,
        set: &mut Vec<Value>,
        out: &mut Vec<Vec<Value>>,
    ) -> bool {
        if left == 0 {
            out.push(set.clone());
            return out.len() <= MAX_RELLIK_SETS;
        }
        if set.len() == most {
            return true;
        }
        let mut k = next;
        while k <= top && k <= left {
            set.push(k);
            let fits = grow(k + 1, top, most, left - k, set, out);
            set.pop();
            if !fits {
                return false;
            }
            k += 1;
        }
        true
    }
    let mut out = Vec::new();
    if sum < 1 {
        return Some(out);
    }
    grow(1, top, most, sum, &mut Vec::new(), &mut out).then_some(out)
}

/// The terms of the sum of the values of `v` strictly between places `p`
/// and `q` (either first).
fn sum_between(
    m: &mut Model,
    v: &[Var],
    p: Var,
    q: Var,
    top: Value,
) -> Result<Vec<(Value, Var)>, ModelError> {
    let len = v.len() as Value;
    let lo = m.int_var("", 0, len - 1)?;
    let hi = m.int_var("", 0, len - 1)?;
    m.min(&[p, q], lo)?;
    m.max(&[p, q], hi)?;
    let mut terms = Vec::with_capacity(v.len());
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
    Ok(terms)
}

/// A sum line over `v`. Its stretches are read greedily from a start:
/// the running total of a stretch grows cell by cell and starts afresh
/// after reaching `sum`; the line keeps the rule read from that start when
/// the last running total is `sum` (a total past `sum` only grows, so it
/// never comes back). An open line is read from its first cell, with every
/// total at most `sum`; a loop from any of its cells (at least one start
/// works). Every auxiliary variable is a function of the cells, so each
/// grid is counted once.
fn sum_line(
    m: &mut Model,
    v: &[Var],
    sum: Value,
    looped: bool,
    top: Value,
) -> Result<(), ModelError> {
    let len = v.len();
    if !looped {
        let totals = greedy_totals(m, v, sum, top)?;
        for &t in &totals {
            m.linear(&[(1, t)], Rel::Le, sum)?;
        }
        return m.linear(&[(1, totals[len - 1])], Rel::Eq, sum);
    }
    let mut starts = Vec::with_capacity(len);
    for start in 0..len {
        let turned: Vec<Var> = v[start..].iter().chain(&v[..start]).copied().collect();
        let totals = greedy_totals(m, &turned, sum, top)?;
        let works = m.bool_var("")?;
        m.linear_reif(&[(1, totals[len - 1])], Rel::Eq, sum, works)?;
        starts.push(works);
    }
    m.clause(&starts, &[])
}

/// The running totals of `v` read greedily into stretches of `sum` (see
/// [`sum_line`]).
fn greedy_totals(m: &mut Model, v: &[Var], sum: Value, top: Value) -> Result<Vec<Var>, ModelError> {
    let most = top * v.len() as Value;
    let mut totals: Vec<Var> = Vec::with_capacity(v.len());
    for &cell in v {
        let total = m.int_var("", 1, most)?;
        match totals.last() {
            None => m.linear(&[(1, total), (-1, cell)], Rel::Eq, 0)?,
            Some(&before) => {
                let ended = m.bool_var("")?;
                let goes_on = m.bool_var("")?;
                m.linear_reif(&[(1, before)], Rel::Eq, sum, ended)?;
                m.linear(&[(1, ended), (1, goes_on)], Rel::Eq, 1)?;
                m.linear_imp(&[(1, total), (-1, cell)], Rel::Eq, 0, ended)?;
                m.linear_imp(&[(1, total), (-1, before), (-1, cell)], Rel::Eq, 0, goes_on)?;
            }
        }
        totals.push(total);
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Shape, Variant};

    fn rules(constraints: Vec<Constraint>) -> Result<Rules, crate::VariantError> {
        let variant = Variant {
            constraints,
            ..Variant::default()
        };
        variant.rules(Shape::new(8, 8).unwrap())
    }

    /// Between and entropic lines on 64x64 hold no n^3 tables: 64 rows of
    /// each (a whole row per line) once copied 87,000 triples into every
    /// middle cell (over 4 GB); now the entropic thirds' n pairs a cell.
    #[test]
    fn lines_on_64x64_hold_small_tables() {
        let n = 64;
        let rows = |r: usize| (0..n).map(|c| r * n + c).collect::<Vec<usize>>();
        let mut constraints = Vec::new();
        for r in 0..n {
            constraints.push(Constraint::BetweenLine { cells: rows(r) });
        }
        let (_, _, values) = build(&rules(constraints).unwrap()).unwrap();
        assert_eq!(values, 0);
        let constraints = (0..3)
            .map(|r| Constraint::EntropicLine { cells: rows(r) })
            .collect();
        let wanted = rules(constraints);
        // 64 is no multiple of 3: refused by name, before any table.
        assert!(wanted.is_err());
        let rules63 = Variant {
            constraints: (0..63)
                .map(|r| Constraint::EntropicLine {
                    cells: (0..63).map(|c| r * 63 + c).collect(),
                })
                .collect(),
            ..Variant::default()
        }
        .rules(Shape::new(7, 9).unwrap())
        .unwrap();
        let (_, _, values) = build(&rules63).unwrap();
        // 63 cells a line, 63 pairs of 2 values a cell.
        assert_eq!(values, 63 * 63 * 63 * 2);
    }

    /// Past the budget a puzzle is refused by name, never half-built:
    /// whispers on 64x64 hold about 1,000 pairs per step.
    #[test]
    fn tables_past_the_budget_are_refused() {
        let n = 64;
        let snake: Vec<usize> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                if r % 2 == 0 {
                    r * n + c
                } else {
                    r * n + n - 1 - c
                }
            })
            .collect();
        let rules = rules(vec![Constraint::Whispers { cells: snake }]).unwrap();
        let e = build(&rules).unwrap_err().to_string();
        assert!(e.contains("whispers") && e.contains("memory budget"), "{e}");
    }
}
