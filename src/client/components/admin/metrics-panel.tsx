import { Badge, Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Gauge } from 'lucide-react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { formatNumber, once } from '../../../shared/format';
import { meQueryOptions } from '../../hooks/use-current-user';
import type { MetricsSnapshot, MetricsStore, Rating, VitalName } from '../../lib/metrics';
import { useTRPC } from '../../trpc';
import type { Palette } from '../../theme';

// The admin's performance panel in the Developer Panel (docs/product/admin.md#performance-panel): this browser's web
// vitals and API latency (lib/metrics.ts), and the logged-in state checked every 5 s while the panel is open
// (docs/product/limits.md). Client-only: nothing is sent to the server but the auth.me checks.

/** How often the open panel asks whether the session still holds (docs/product/limits.md). */
export const LOGIN_POLL_MS = 5_000;

/** The panel's words (docs/product/admin.md#performance-panel). */
export const METRICS_TEXTS = {
  toggle: 'Ytelse',
  title: 'Ytelse i denne nettleseren',
  intro: 'Målt i denne nettleseren for denne sideinnlastingen. Ingenting sendes til serveren.',
  loggedInAs: (name: string) => `Innlogget som ${name}`,
  loggedOut: 'Ikke innlogget',
  checkFailed: 'Kunne ikke sjekke innloggingen',
  checking: 'Sjekker innloggingen …',
  lastChecked: (time: string) => `Sist sjekket kl. ${time}`,
  pollNote: 'Sjekkes hvert 5. sekund mens panelet er åpent.',
  vitalsTitle: 'Web Vitals',
  notMeasured: 'Ikke målt ennå',
  apiTitle: 'API-kall',
  apiNote: 'De siste 50 målingene per kall fra denne nettleseren.',
  apiEmpty: 'Ingen API-kall målt ennå.',
  columns: { group: 'Kall', count: 'Antall', median: 'Median', p95: 'p95', last: 'Siste' },
  loading: 'Starter målingene …',
  loadFailed: 'Kunne ikke starte målingene. Last siden på nytt for å prøve igjen.',
} as const;

export const RATING_LABELS: Record<Rating, string> = { good: 'God', 'needs-improvement': 'Bør forbedres', poor: 'Dårlig' };
const RATING_PALETTE: Record<Rating, Palette> = { good: 'green', 'needs-improvement': 'orange', poor: 'red' };

export const VITAL_LABELS: Record<VitalName, string> = {
  LCP: 'Største innhold vist',
  INP: 'Respons på klikk og tastetrykk',
  CLS: 'Layoutforskyvning',
  FCP: 'Første innhold vist',
  TTFB: 'Tid til første byte',
};
/** The three Core Web Vitals first. (Here, not in lib/metrics.ts: this file takes only types from there, see useMetricsStore.) */
const VITAL_ORDER: VitalName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

const score = once(() => new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 3 }));
const clock = once(() => new Intl.DateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Oslo' }));
/** "1 234 ms" (no-break spaces, so it never wraps). */
const ms = (n: number) => `${formatNumber(Math.round(n))}\u00a0ms`;
const vitalValue = (name: VitalName, value: number) => (name === 'CLS' ? score().format(value) : ms(value));

const EMPTY: MetricsSnapshot = { vitals: {}, api: [] };
const noSubscription = () => () => {};

/**
 * Starts this page's measurements when `enabled` (an admin's Developer Panel mounted): lib/metrics.ts and web-vitals
 * are loaded only then, so no visitor downloads them. Measuring goes on for the rest of the page's life.
 */
export function useMetricsStore(enabled: boolean): MetricsLoad {
  const [load, setLoad] = useState<MetricsLoad>({});
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    import('../../lib/metrics').then(
      (m) => {
        const store = m.startMetrics();
        if (!cancelled) setLoad({ store });
      },
      // The chunk did not load (offline, or a deploy replaced it): the panel says so instead of waiting forever.
      () => {
        if (!cancelled) setLoad({ failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled]);
  return load;
}

export interface MetricsLoad {
  store?: MetricsStore;
  failed?: boolean;
}

/** The button that opens and closes the panel (a disclosure: it says whether it is open and what it controls). */
export function MetricsToggle({ open, onToggle, controls }: { open: boolean; onToggle: () => void; controls: string }) {
  return (
    <Button variant="outline" size="sm" aria-expanded={open} aria-controls={open ? controls : undefined} onClick={onToggle} data-testid="metrics-toggle">
      <Gauge size={16} aria-hidden />
      {METRICS_TEXTS.toggle}
      <Box as="span" display="flex" transition="transform 0.2s" transform={open ? 'rotate(180deg)' : undefined}>
        <ChevronDown size={16} aria-hidden />
      </Box>
    </Button>
  );
}

/** The open panel. Mounted only while open: its login check polls only then. */
export function MetricsPanel({ id, metrics: { store, failed } }: { id: string; metrics: MetricsLoad }) {
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(listener) : noSubscription()), [store]);
  const getSnapshot = useCallback(() => store?.getSnapshot() ?? EMPTY, [store]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return (
    <Card.Root id={id} as="section" aria-labelledby={`${id}-title`} size="sm" mb={{ base: 4, md: 5 }} data-testid="metrics-panel">
      <Card.Body gap="5">
        <Flex justify="space-between" gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
          <Stack gap="1">
            <Heading as="h2" size="md" id={`${id}-title`}>
              {METRICS_TEXTS.title}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {METRICS_TEXTS.intro}
            </Text>
          </Stack>
          <LoginStatus />
        </Flex>
        {failed && (
          <Text textStyle="sm" color="red.fg" role="alert">
            {METRICS_TEXTS.loadFailed}
          </Text>
        )}
        <Vitals snapshot={snapshot} ready={!!store || !!failed} />
        <ApiLatency snapshot={snapshot} ready={!!store || !!failed} />
      </Card.Body>
    </Card.Root>
  );
}

/** Who the server says is logged in, asked again every 5 s (and once on opening) while the panel is open. */
function LoginStatus() {
  const me = useQuery({ ...meQueryOptions(useTRPC()), refetchInterval: LOGIN_POLL_MS, refetchOnMount: 'always' });
  const checkedAt = Math.max(me.dataUpdatedAt, me.errorUpdatedAt);
  const state = me.isError ? METRICS_TEXTS.checkFailed : me.data ? METRICS_TEXTS.loggedInAs(me.data.name) : me.isPending ? METRICS_TEXTS.checking : METRICS_TEXTS.loggedOut;
  return (
    <Stack gap="0.5" textAlign={{ base: 'start', md: 'end' }} data-testid="metrics-login">
      {/* Announced when the state changes (a session ended elsewhere), not at every check's new time. */}
      <Text textStyle="sm" fontWeight="semibold" color={me.isError || (!me.isPending && !me.data) ? 'red.fg' : 'fg'} aria-live="polite">
        {state}
      </Text>
      {checkedAt > 0 && (
        <Text textStyle="xs" color="fg.muted" data-testid="metrics-last-checked">
          {METRICS_TEXTS.lastChecked(clock().format(checkedAt))}
        </Text>
      )}
      <Text textStyle="xs" color="fg.muted">
        {METRICS_TEXTS.pollNote}
      </Text>
    </Stack>
  );
}

function Vitals({ snapshot, ready }: { snapshot: MetricsSnapshot; ready: boolean }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {METRICS_TEXTS.vitalsTitle}
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, lg: 5 }} gap="3">
        {VITAL_ORDER.map((name) => {
          const vital = snapshot.vitals[name];
          return (
            <Box as="li" key={name} borderWidth="1px" rounded="l2" p="3" data-testid={`vital-${name}`}>
              <Text textStyle="sm" fontWeight="semibold">
                {name}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {VITAL_LABELS[name]}
              </Text>
              {vital ? (
                <Flex align="center" gap="2" wrap="wrap" mt="1">
                  <Text textStyle="lg" fontWeight="semibold" data-testid="vital-value">
                    {vitalValue(name, vital.value)}
                  </Text>
                  <Badge colorPalette={RATING_PALETTE[vital.rating]} variant="subtle" size="md" data-testid="vital-rating">
                    {RATING_LABELS[vital.rating]}
                  </Badge>
                </Flex>
              ) : (
                <Text textStyle="sm" color="fg.muted" mt="1">
                  {ready ? METRICS_TEXTS.notMeasured : METRICS_TEXTS.loading}
                </Text>
              )}
            </Box>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function ApiLatency({ snapshot, ready }: { snapshot: MetricsSnapshot; ready: boolean }) {
  return (
    <Stack gap="2">
      <Box>
        <Heading as="h3" size="sm">
          {METRICS_TEXTS.apiTitle}
        </Heading>
        <Text textStyle="xs" color="fg.muted">
          {METRICS_TEXTS.apiNote}
        </Text>
      </Box>
      {snapshot.api.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {ready ? METRICS_TEXTS.apiEmpty : METRICS_TEXTS.loading}
        </Text>
      ) : (
        // A table from md up; on a phone one card per call, so no column hides off to the side.
        <>
          <ApiTable groups={snapshot.api} />
          <ApiCards groups={snapshot.api} />
        </>
      )}
    </Stack>
  );
}

const c = METRICS_TEXTS.columns;

function ApiTable({ groups }: { groups: MetricsSnapshot['api'] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" display={{ base: 'none', md: 'block' }}>
      <Table.Root size="sm" data-testid="metrics-api">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{c.group}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{c.count}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{c.median}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{c.p95}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{c.last}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {groups.map((g) => (
            <Table.Row key={g.group} data-group={g.group}>
              <Table.Cell fontFamily="mono" textStyle="xs" wordBreak="break-all" minW="40">
                {g.group}
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid="api-count">
                {formatNumber(g.count)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {ms(g.median)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {ms(g.p95)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {ms(g.last)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ApiCards({ groups }: { groups: MetricsSnapshot['api'] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="2" display={{ base: 'flex', md: 'none' }} data-testid="metrics-api-cards">
      {groups.map((g) => (
        <Box as="li" key={g.group} data-group={g.group} borderWidth="1px" rounded="l2" p="3">
          <Text fontFamily="mono" textStyle="xs" wordBreak="break-all" mb="2">
            {g.group}
          </Text>
          <SimpleGrid as="dl" columns={4} gap="2" textStyle="xs">
            {(
              [
                [c.count, formatNumber(g.count)],
                [c.median, ms(g.median)],
                [c.p95, ms(g.p95)],
                [c.last, ms(g.last)],
              ] as const
            ).map(([label, value]) => (
              <Box key={label}>
                <Text as="dt" color="fg.muted">
                  {label}
                </Text>
                <Text as="dd" fontWeight="semibold" whiteSpace="nowrap">
                  {value}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}
