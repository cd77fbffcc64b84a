import { Stack, Table, Text } from '@chakra-ui/react';
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

export function PriceHistory({ history }: { history: PricePoint[] }) {
  // Read once: the days since publication do not tick while the page is open.
  const [now] = useState(() => Date.now());
  // The server renders the page without the chart (its code is not loaded there), and so does hydration; then it comes.
  const inBrowser = useInBrowser();
  if (history.length === 0) return null;
  const days = Math.max(0, Math.floor((now - new Date(history[0].at).getTime()) / DAY));
  return (
    <Section title={PRICE_TEXTS.history} data-testid="price-history">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {PRICE_TEXTS.daysSince(days)}
        </Text>
        {inBrowser && history.length > 1 && (
          <Suspense fallback={null}>
            <PriceChart history={history} now={now} />
          </Suspense>
        )}
        <Table.Root size="sm" variant="line">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{PRICE_TEXTS.date}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{PRICE_TEXTS.totalPrice}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.map((h, i) => (
              <Table.Row key={`${h.at}-${i}`}>
                <Table.Cell>{formatDate(h.at)}</Table.Cell>
                <Table.Cell textAlign="end">{formatPrice(h.totalPrice)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
    </Section>
  );
}
