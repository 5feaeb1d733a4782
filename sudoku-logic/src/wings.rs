//! XY-wing (4.2) and XYZ-wing (4.4), in Sudoku Explainer's order: pivot
//! cells in row order, wings among the pivot's peers in SE's peer order.

use crate::candidates::{values_of, Candidates};
use crate::step::{Reason, Step, Technique};

/// The first XY-wing (`xyz == false`) or XYZ-wing that removes a candidate.
pub fn xy_wing(c: &Candidates, xyz: bool) -> Option<Step> {
    let houses = c.houses();
    let target = if xyz { 3 } else { 2 };
    for xy in 0..c.len() {
        let xy_m = c.mask(xy);
        if xy_m.count_ones() != target {
            continue;
        }
        for &xz in houses.peers(xy) {
            let xz_m = c.mask(xz);
            if xz_m.count_ones() != 2 || (xy_m & !xz_m).count_ones() != 1 {
                continue;
            }
            for &yz in houses.peers(xy) {
                let yz_m = c.mask(yz);
                if yz_m.count_ones() != 2 {
                    continue;
                }
                let union = xy_m | xz_m | yz_m;
                let inter = xy_m & xz_m & yz_m;
                let shape = union.count_ones() == 3 && inter.count_ones() == u32::from(xyz);
                if !shape {
                    continue;
                }
                let z = xz_m & yz_m;
                // The victims: cells seeing both wings (and the pivot for XYZ).
                let removed: Vec<(usize, u64)> = houses
                    .peers_sorted(xz)
                    .iter()
                    .copied()
                    .filter(|&x| {
                        x != xy
                            && x != yz
                            && houses.sees(x, yz)
                            && (!xyz || houses.sees(x, xy))
                            && c.mask(x) & z != 0
                    })
                    .map(|x| (x, z))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let (technique, difficulty) = if xyz {
                    (Technique::XYZWing, 44)
                } else {
                    (Technique::XYWing, 42)
                };
                let reason = Reason {
                    cells: vec![xy, xz, yz],
                    values: values_of(union).map(|v| v as u16).collect(),
                    houses: Vec::new(),
                    chain: Vec::new(),
                };
                return Some(Step::eliminating(
                    technique,
                    difficulty,
                    c.side(),
                    removed,
                    reason,
                ));
            }
        }
    }
    None
}

/// XY-wing (4.2).
pub fn xy(c: &Candidates) -> Option<Step> {
    xy_wing(c, false)
}

/// XYZ-wing (4.4).
pub fn xyz(c: &Candidates) -> Option<Step> {
    xy_wing(c, true)
}
