import { Stack, type SystemStyleObject } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { formatDate, formatPrice } from '../../../shared/format';
import { PRICE_TEXTS } from '../../../shared/texts/prices';
import { useInBrowser } from '../../lib/in-browser';
import { Section } from './listing-specs';

// 'Prishistorikk' on the listing page (docs/decisions/025-buyer-trust.md): the days since publication, each price
// with its date in a table anyone (and a screen reader) reads without the chart, and the chart once the price moved.
// The chart's code loads only here, when there is a line to draw.
const PriceChart = lazy(() => import('./price-chart'));

export interface PricePoint {
  totalPrice: number;
  at: string;
}

const DAY = 86_400_000;

// Chakra's Table (size sm, variant line) as a plain table styled by its parent's `css`: a row per price, and a Chakra
// element costs a style resolution on every render (docs/decisions/019-server-rendering.md). The price column is
// aligned to the end.
const historyCss: SystemStyleObject = {
  '& [data-part=days]': { color: 'fg.muted', fontSize: 'sm' },
  '& table': {
    fontVariantNumeric: 'lining-nums tabular-nums',
    borderCollapse: 'collapse',
    width: 'full',
    textAlign: 'start',
    verticalAlign: 'top',
    textStyle: 'sm',
  },
  '& tr': { bg: 'bg' },
  '& th, & td': { textAlign: 'start', px: '2', py: '2', borderBottomWidth: '1px' },
  '& th': { fontWeight: 'medium', color: 'fg' },
  '& td': { alignItems: 'center' },
  '& :is(th, td):last-child': { textAlign: 'end' },
};

export function PriceHistory({ history }: { history: PricePoint[] }) {
  // Read once: the days since publication do not tick while the page is open.
  const [now] = useState(() => Date.now());
  // The server renders the page without the chart (its code is not loaded there), and so does hydration; then it comes.
  const inBrowser = useInBrowser();
  if (history.length === 0) return null;
  const days = Math.max(0, Math.floor((now - new Date(history[0].at).getTime()) / DAY));
  return (
    <Section title={PRICE_TEXTS.history} data-testid="price-history">
      <Stack gap="4" css={historyCss}>
        <p data-part="days">{PRICE_TEXTS.daysSince(days)}</p>
        {inBrowser && history.length > 1 && (
          <Suspense fallback={null}>
            <PriceChart history={history} now={now} />
          </Suspense>
        )}
        <table>
          <thead>
            <tr>
              <th>{PRICE_TEXTS.date}</th>
              <th>{PRICE_TEXTS.totalPrice}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={`${h.at}-${i}`}>
                <td>{formatDate(h.at)}</td>
                <td>{formatPrice(h.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Stack>
    </Section>
  );
}
