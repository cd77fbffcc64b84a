// Two builds measured round by round take turns at going first. Whichever runs first in a round measures
// differently, the same code against itself included: in `npm run bench` the first measured fewer requests a second,
// in Lighthouse the second a longer blocking time (docs/benchmarks.md#the-order-within-a-round).

/** `pair` in the order of round `round` (counted from 0): as given in even rounds, the other way round in odd ones. */
export function inTurn<T>(round: number, pair: readonly T[]): T[] {
  return round % 2 === 0 ? [...pair] : [...pair].reverse();
}
