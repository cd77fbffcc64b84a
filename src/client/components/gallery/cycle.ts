/** Index i moved onto 0..n-1, wrapping both ways: the gallery goes from the last photo to the first and back. */
export const wrap = (i: number, n: number) => (n === 0 ? 0 : ((i % n) + n) % n);
