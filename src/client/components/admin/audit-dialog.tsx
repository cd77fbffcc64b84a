import { Badge, Box, Button, Dialog, EmptyState, HStack, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { AUDIT_ACTION_LABELS, type AuditEntryShape } from '../../../shared/schemas/admin';
import { errorMessage } from '../../lib/server-errors';
import { useTRPC } from '../../trpc';
import { DialogFrame } from '../dialog-frame';
import type { Palette } from '../../theme';

// The audit log of one listing or user (docs/product/admin.md#audit-log): who approved, rejected, edited or deleted
// it, and when, newest first.

export interface AuditTarget {
  type: AuditEntryShape['targetType'];
  id: number;
  /** How the dialog names what it is about ('BP-4F7K2Q · Volvo V90 2019'). */
  label: string;
}

/** Each action's dot and badge colour; the words are the shared labels. */
const PALETTES: Record<AuditEntryShape['action'], Palette> = {
  'listing.approve': 'green',
  'listing.reject': 'red',
  'listing.edit': 'blue',
  'listing.delete': 'gray',
  'user.update': 'blue',
  'user.delete': 'gray',
  'listing.reports_dismiss': 'green',
};

/** The user fields an admin edit names in its entry (the listing fields' labels come with the entry's own words). */
const USER_FIELDS: Record<string, string> = { name: 'Navn', displayName: 'Visningsnavn', email: 'E-post', phone: 'Telefonnummer', address: 'Adresse' };

/** The entry's details as lines for people: the rejection reason, the changed fields, the owner of a deleted listing. */
function detailLines(e: AuditEntryShape): string[] {
  const d = e.details ?? {};
  const lines: string[] = [];
  if (typeof d.rejectionReason === 'string' && d.rejectionReason) lines.push(`Årsak: ${d.rejectionReason}`);
  if (Array.isArray(d.fields) && d.fields.length) {
    const labels = d.fields.filter((f): f is string => typeof f === 'string').map((f) => (e.targetType === 'user' ? (USER_FIELDS[f] ?? f) : f));
    lines.push(`Endret: ${labels.join(', ')}`);
  }
  if (Array.isArray(d.labels) && d.labels.length) lines.push(`Endret: ${d.labels.filter((f) => typeof f === 'string').join(', ')}`);
  if (typeof d.owner === 'string' && d.owner) lines.push(`Eier: ${d.owner}`);
  if (typeof d.deletedListings === 'number' && d.deletedListings > 0) lines.push(`Annonser slettet: ${d.deletedListings}`);
  return lines;
}

export function AuditDialog({ target, onClose }: { target: AuditTarget | null; onClose: () => void }) {
  return (
    <DialogFrame
      open={!!target}
      onClose={onClose}
      size="md"
      scrollBehavior="inside"
      testId="audit-dialog"
      title="Historikk"
      subtitle={target?.label ?? null}
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Lukk</Button>
        </Dialog.ActionTrigger>
      }
    >
      {target && <AuditEntries target={target} />}
    </DialogFrame>
  );
}

function AuditEntries({ target }: { target: AuditTarget }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.admin.audit.list.queryOptions({ targetType: target.type, targetId: target.id }, { staleTime: 0 }));
  if (query.isPending) {
    return (
      <Stack gap="3" aria-busy="true">
        <Skeleton h="12" />
        <Skeleton h="12" />
      </Stack>
    );
  }
  if (query.isError) return <Text color="fg.error">{errorMessage(query.error, 'Kunne ikke hente historikken.')}</Text>;
  if (query.data.length === 0) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <History />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>Ingen hendelser ennå</EmptyState.Title>
            <EmptyState.Description>Godkjenninger, avvisninger, endringer og slettinger vises her.</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack as="ol" listStyleType="none" gap="0" data-testid="audit-entries">
      {query.data.map((e, i) => {
        const palette = PALETTES[e.action];
        const lines = detailLines(e);
        return (
          <HStack as="li" key={e.id} align="stretch" gap="3" data-action={e.action}>
            <VStack gap="0" pt="1.5">
              <Box w="2.5" h="2.5" rounded="full" bg={`${palette}.solid`} flexShrink={0} />
              {i < query.data.length - 1 && <Box w="1px" flex="1" bg="border.emphasized" mt="1" />}
            </VStack>
            <Box pb="4" minW="0">
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette={palette} variant="subtle">
                  {AUDIT_ACTION_LABELS[e.action]}
                </Badge>
                <Text textStyle="sm" color="fg.muted">
                  <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                </Text>
              </HStack>
              <Text textStyle="sm" mt="1">
                av <Text as="span" fontWeight="semibold">{e.actorName}</Text>
              </Text>
              {lines.map((line) => (
                <Text key={line} textStyle="sm" color="fg.muted" wordBreak="break-word">
                  {line}
                </Text>
              ))}
            </Box>
          </HStack>
        );
      })}
    </Stack>
  );
}
