//! The decision order of clause learning: a binary max-heap of variables by
//! activity (VSIDS), with each variable's place kept so that a bump can
//! move it up.

/// A max-heap of variables keyed by an activity array that the caller owns.
#[derive(Debug, Default)]
pub(super) struct VarHeap {
    heap: Vec<u32>,
    /// Each variable's index in `heap`, or `ABSENT`.
    place: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;

impl VarHeap {
    /// An empty heap for `vars` variables.
    pub(super) fn reset(&mut self, vars: usize) {
        self.heap.clear();
        self.place.clear();
        self.place.resize(vars, ABSENT);
    }

    pub(super) fn contains(&self, v: u32) -> bool {
        self.place[v as usize] != ABSENT
    }

    pub(super) fn insert(&mut self, v: u32, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.place[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(self.heap.len() - 1, act);
    }

    /// Moves `v` up after its activity grew.
    pub(super) fn bumped(&mut self, v: u32, act: &[f64]) {
        let i = self.place[v as usize];
        if i != ABSENT {
            self.up(i as usize, act);
        }
    }

    /// Takes the variable of the highest activity out.
    pub(super) fn pop(&mut self, act: &[f64]) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.place[top as usize] = ABSENT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.place[last as usize] = 0;
            self.down(0, act);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if act[p as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = p;
            self.place[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.place[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        let len = self.heap.len();
        loop {
            let left = 2 * i + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child =
                if right < len && act[self.heap[right] as usize] > act[self.heap[left] as usize] {
                    right
                } else {
                    left
                };
            let c = self.heap[child];
            if act[c as usize] <= act[v as usize] {
                break;
            }
            self.heap[i] = c;
            self.place[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.place[v as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_activity_order_after_bumps() {
        let mut act: Vec<f64> = (0..50).map(|i| ((i * 37) % 50) as f64).collect();
        let mut h = VarHeap::default();
        h.reset(50);
        for v in 0..50 {
            h.insert(v, &act);
        }
        act[3] += 100.0;
        h.bumped(3, &act);
        act[44] += 70.0;
        h.bumped(44, &act);
        let mut order = Vec::new();
        while let Some(v) = h.pop(&act) {
            order.push(v);
        }
        assert_eq!(order.len(), 50);
        assert_eq!(&order[..2], &[3, 44]);
        for w in order.windows(2) {
            assert!(act[w[0] as usize] >= act[w[1] as usize]);
        }
    }
}
