import { Badge, Button, Card, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Flag } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { REPORT_REASON_LABELS, REPORT_TEXTS, type ReportAction, type ReportedListing } from '../../../shared/schemas/report';
import { errorMessage } from '../../lib/server-errors';
import { toast, toastError } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { EmptyCard } from '../empty-card';
import { SectionHeader } from './admin-layout';

// The reports tab (docs/decisions/025-buyer-trust.md): listings with open reports, those the reports hid first, each
// with its reports; 'Avvis' shows the listing again, 'Fjern' rejects it. The reporters are told either way.

export function ReportsTab() {
  const trpc = useTRPC();
  const { data: items } = useSuspenseQuery(trpc.admin.reports.list.queryOptions());
  const resolve = useResolve();
  return (
    <Stack gap="4">
      <SectionHeader title="Rapporterte annonser" count={items.length} />
      {items.length === 0 ? (
        <EmptyCard icon={<Flag />} title={REPORT_TEXTS.adminEmpty} />
      ) : (
        items.map((item) => <ReportedCard key={item.listing.id} item={item} busy={resolve.isPending} onResolve={(action) => resolve.mutate({ id: item.listing.id, action })} />)
      )}
    </Stack>
  );
}

function ReportedCard({ item: { listing: l, reports }, busy, onResolve }: { item: ReportedListing; busy: boolean; onResolve: (a: ReportAction) => void }) {
  return (
    <Card.Root data-testid="reported-listing">
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Stack gap="0.5">
            <ChakraLink asChild fontWeight="semibold" fontSize="lg">
              <Link to="/listing/$id" params={{ id: String(l.id) }}>
                {`${l.make} ${l.model} ${l.year}`}
              </Link>
            </ChakraLink>
            <Text textStyle="sm" color="fg.muted">
              {l.uniqueCode} · {l.owner.name} ({l.owner.username})
            </Text>
          </Stack>
          <HStack gap="2">
            <Badge colorPalette="red" variant="subtle">
              {reports.length} {reports.length === 1 ? 'rapport' : 'rapporter'}
            </Badge>
            {l.hiddenAt && (
              <Badge colorPalette="orange" variant="solid" data-testid="reported-hidden">
                {REPORT_TEXTS.adminHiddenBadge}
              </Badge>
            )}
          </HStack>
        </HStack>
        <Stack as="ul" gap="2" listStyleType="none">
          {reports.map((r) => (
            <Stack as="li" key={r.id} gap="0.5" borderTopWidth="1px" pt="2">
              <HStack gap="2" wrap="wrap" textStyle="sm">
                <Text fontWeight="medium">{REPORT_REASON_LABELS[r.reason]}</Text>
                <Text color="fg.muted">
                  {r.reporter.name} ({r.reporter.username}) · {formatDateTime(r.createdAt)}
                </Text>
              </HStack>
              {r.comment && (
                <Text textStyle="sm" whiteSpace="pre-line" wordBreak="break-word">
                  {r.comment}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
        <HStack gap="2" justify="flex-end">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onResolve('avvis')}>
            {REPORT_TEXTS.dismiss}
          </Button>
          <Button colorPalette="red" size="sm" disabled={busy} onClick={() => onResolve('fjern')}>
            {REPORT_TEXTS.remove}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function useResolve() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.reports.resolve.mutationOptions({
      onSuccess: (r) => toast(r.action === 'avvis' ? REPORT_TEXTS.dismissed : REPORT_TEXTS.removed),
      onError: (err) => toastError(errorMessage(err, 'Kunne ikke lagre avgjørelsen')),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.admin.reports.list.queryKey() }),
    }),
  );
}
