import { Box } from '@chakra-ui/react';
import type { PricePoint } from './price-history';

// The price history's line, a small SVG of its own (docs/decisions/025-buyer-trust.md says why not a charts library):
// a step from each price to the next, up to today. Decorative: the table beside it holds the same dates and prices.

const W = 320;
const H = 96;
const PAD = 6;

export default function PriceChart({ history, now }: { history: PricePoint[]; now: number }) {
  const times = history.map((h) => new Date(h.at).getTime());
  const start = times[0];
  const end = Math.max(now, times[times.length - 1] + 1);
  const prices = history.map((h) => h.totalPrice);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const x = (t: number) => PAD + ((t - start) / (end - start)) * (W - 2 * PAD);
  const y = (p: number) => (max === min ? H / 2 : PAD + ((max - p) / (max - min)) * (H - 2 * PAD));
  let d = `M ${x(times[0])} ${y(prices[0])}`;
  for (let i = 1; i < history.length; i++) d += ` H ${x(times[i])} V ${y(prices[i])}`;
  d += ` H ${x(end)}`;
  return (
    <Box colorPalette="blue" color="colorPalette.solid" data-testid="price-chart" aria-hidden>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} preserveAspectRatio="none" role="presentation">
        <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
        {history.map((h, i) => (
          <circle key={i} cx={x(times[i])} cy={y(h.totalPrice)} r="3.5" fill="currentColor" vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
    </Box>
  );
}
