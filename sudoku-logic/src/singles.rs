//! Singles: full house (1.0), hidden single (1.2 in a box, 1.5 in a line)
//! and naked single (2.3), found in Sudoku Explainer's order.

use sudoku::UnitKind;

use crate::candidates::{bit, Candidates, HouseName, Houses};
use crate::step::{Difficulty, Placement, Reason, Step, Technique};

/// The houses in SE's order for singles: boxes (or jigsaw regions), then
/// columns, then rows, then the variant's other houses (windows, diagonals).
fn single_order(houses: &Houses) -> Vec<usize> {
    let mut order: Vec<usize> = houses.blocks().to_vec();
    order.extend_from_slice(houses.columns());
    order.extend_from_slice(houses.rows());
    order.extend(
        houses
            .all()
            .iter()
            .enumerate()
            .filter(|(_, h)| {
                !matches!(
                    h.kind,
                    UnitKind::Row | UnitKind::Column | UnitKind::Box | UnitKind::Region
                )
            })
            .map(|(i, _)| i),
    );
    order
}

/// A single found: the cell, its value, how it was found and where.
struct Single {
    cell: usize,
    value: usize,
    technique: Technique,
    difficulty: u16,
    house: HouseName,
}

impl Single {
    /// Makes `step` this single's step, reusing its buffers.
    fn write(&self, side: usize, step: &mut Step) {
        step.technique = self.technique;
        step.difficulty = Difficulty(self.difficulty);
        step.side = side;
        step.placements.clear();
        step.placements.push(Placement {
            cell: self.cell,
            value: self.value as u16,
        });
        step.eliminations.clear();
        let r = &mut step.reason;
        r.cells.clear();
        r.cells.push(self.cell);
        r.values.clear();
        r.values.push(self.value as u16);
        r.houses.clear();
        r.houses.push(self.house);
        r.chain.clear();
    }
}

/// The first full house or hidden single: full houses first (every
/// house), then hidden singles.
pub fn hidden_single(c: &Candidates) -> Option<Step> {
    find_hidden_single(c).map(|single| {
        let mut step = Step::placing(
            single.technique,
            single.difficulty,
            c.side(),
            single.cell,
            single.value,
            Reason::default(),
        );
        single.write(c.side(), &mut step);
        step
    })
}

/// [`hidden_single`] written into `step` (its buffers reused, for the
/// rating loop, which takes a single at most steps); whether there is one.
pub(crate) fn hidden_single_into(c: &Candidates, step: &mut Step) -> bool {
    find_hidden_single(c)
        .map(|single| single.write(c.side(), step))
        .is_some()
}

fn find_hidden_single(c: &Candidates) -> Option<Single> {
    let houses = c.houses();
    let order = houses.single_order.get_or_init(|| single_order(houses));
    for alone in [true, false] {
        for &h in order {
            let empty = c.open_in(h);
            if empty == 0 || (empty == 1) != alone {
                continue;
            }
            let house = houses.get(h);
            // The values with one place: seen once, never twice.
            let (mut once, mut more) = (0u64, 0u64);
            for &cell in &house.cells {
                let m = c.mask(cell);
                more |= once & m;
                once |= m;
            }
            let singles = once & !more;
            if singles != 0 {
                let v = singles.trailing_zeros() as usize + 1;
                let b = bit(v);
                let cell = *house
                    .cells
                    .iter()
                    .find(|&&x| c.mask(x) & b != 0)
                    .expect("seen once");
                let (technique, difficulty) = if alone {
                    (Technique::FullHouse, 10)
                } else if house.is_block() {
                    (Technique::HiddenSingle, 12)
                } else {
                    (Technique::HiddenSingle, 15)
                };
                return Some(Single {
                    cell,
                    value: v,
                    technique,
                    difficulty,
                    house: house.name(),
                });
            }
        }
    }
    None
}

/// The first naked single, in row order.
pub fn naked_single(c: &Candidates) -> Option<Step> {
    (0..c.len()).find_map(|cell| {
        let m = c.mask(cell);
        (m != 0 && m & (m - 1) == 0).then(|| {
            let v = m.trailing_zeros() as usize + 1;
            let reason = Reason {
                cells: vec![cell],
                values: vec![v as u16],
                ..Reason::default()
            };
            Step::placing(Technique::NakedSingle, 23, c.side(), cell, v, reason)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::Grid;

    #[test]
    fn full_house_comes_first() {
        // Row 1 misses only r1c9 (= 9).
        let mut s = String::from("12345678.");
        s.push_str(&".".repeat(72));
        let g: Grid = s.parse().unwrap();
        let c = Candidates::from_grid(&g).unwrap();
        let step = hidden_single(&c).unwrap();
        assert_eq!(step.technique, Technique::FullHouse);
        assert_eq!(step.difficulty.tenths(), 10);
        assert_eq!(step.text(), "full house in row 1: r1c9 = 9");
    }

    #[test]
    fn hidden_single_in_a_box() {
        // 7 is in rows 1 and 2 (outside box 1... in boxes 2 and 3) and in
        // columns 1 and 2 (boxes 4 and 7): in box 1 only r3c3 can hold 7.
        let mut g = Grid::empty(sudoku::Shape::square(3).unwrap());
        g.set(0, 4, Some(7));
        g.set(1, 7, Some(7));
        g.set(4, 0, Some(7));
        g.set(7, 1, Some(7));
        let c = Candidates::from_grid(&g).unwrap();
        let step = hidden_single(&c).unwrap();
        assert_eq!(step.technique, Technique::HiddenSingle);
        assert_eq!(step.difficulty.tenths(), 12);
        assert_eq!(step.text(), "hidden single in box 1: r3c3 = 7");
    }

    #[test]
    fn naked_single_where_no_hidden_single() {
        // r1c1 sees 1..8 in its row and column but no value is confined.
        let g: Grid = format!(
            ".1234{}5{}6{}7{}8{}",
            ".".repeat(4),
            ".".repeat(8),
            ".".repeat(8),
            ".".repeat(8),
            ".".repeat(8 + 36)
        )
        .parse()
        .unwrap();
        let c = Candidates::from_grid(&g).unwrap();
        let step = naked_single(&c).unwrap();
        assert_eq!(step.placements[0].cell, 0);
        assert_eq!(step.placements[0].value, 9);
        assert_eq!(step.text(), "naked single: r1c1 = 9");
    }
}
