//! The plainest split of a model: its variables given their values in a
//! fixed order, one level per variable, every value of the domain a
//! branch (no propagation: a part may hold no solution, and then counts
//! nothing). The JSON model on Dancing Links and the FlatZinc solver's
//! parallel enumeration cut their searches this way, through [`split`].

use super::split::{split, Branching, SplitGoal, Splittable};
use crate::limits::Limits;

/// Variables to give values to, in order, each with its domain.
struct InOrder<'d, V, X> {
    order: Vec<(V, &'d [X])>,
}

impl<V: Copy, X: Copy> Splittable for InOrder<'_, V, X> {
    type Part = Vec<(V, X)>;

    /// A part at depth d branches on the d-th variable, one child per
    /// value of its domain.
    fn branch(&mut self, part: &Self::Part, children: &mut Vec<Self::Part>) -> Branching {
        let Some(&(var, domain)) = self.order.get(part.len()) else {
            return Branching::Leaf;
        };
        for &value in domain {
            let mut child = part.clone();
            child.push((var, value));
            children.push(child);
        }
        Branching::Split
    }
}

/// The partial assignments of the variables of `order` (each with its
/// domain), whole levels at a time, until there are at least `parts` of
/// them or every variable has its value: disjoint, and together they hold
/// every assignment.
///
/// ```
/// use solver_core::parallel::assignments_in_order;
///
/// let order = [('x', &[1, 2][..]), ('y', &[1, 2, 3][..])];
/// let parts = assignments_in_order(order.to_vec(), 3);
/// assert_eq!(parts, [vec![('x', 1), ('y', 1)], vec![('x', 1), ('y', 2)], vec![('x', 1), ('y', 3)],
///                    vec![('x', 2), ('y', 1)], vec![('x', 2), ('y', 2)], vec![('x', 2), ('y', 3)]]);
/// assert_eq!(assignments_in_order(order.to_vec(), 2).len(), 2);
/// ```
pub fn assignments_in_order<V: Copy, X: Copy>(
    order: Vec<(V, &[X])>,
    parts: usize,
) -> Vec<Vec<(V, X)>> {
    let goal = SplitGoal::levels(parts, usize::MAX);
    split(&mut InOrder { order }, Vec::new(), &goal, &Limits::none()).parts
}
