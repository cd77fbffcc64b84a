import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, ExternalLink } from 'lucide-react';
import { formatDate } from '../../../shared/format';
import { LISTING_FIELD_LABELS } from '../../../shared/texts/listing-fields';
import { factText as shown, lienSearchUrl, REGISTRY_FIELDS, REGISTRY_TEXTS, type InspectionState } from '../../../shared/registry-facts';
import { LinkButton } from '../link-button';
import { Section } from './listing-specs';
import type { ListingDetail } from './price-box';

type Registry = NonNullable<ListingDetail['registry']>;

const INSPECTION_PALETTE: Record<InspectionState, 'red' | 'orange' | 'green'> = { forfalt: 'red', snart: 'orange', ok: 'green' };

/**
 * 'Sjekk bilen' (docs/decisions/025-buyer-trust.md#registry-facts): each fact the vehicle registry confirms or
 * contradicts, the EU-kontroll deadline, and Løsøreregisteret's search for liens on the plate. Nothing without
 * registry facts.
 */
export function RegistryPanel({ listing: l }: { listing: ListingDetail }) {
  const registry: Registry | null = l.registry;
  if (!registry) return null;
  const checked = REGISTRY_FIELDS.filter((f) => registry.facts[f] !== null);
  return (
    <Section title={REGISTRY_TEXTS.title} data-testid="registry-panel">
      <Stack gap="4">
        {checked.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none">
            {checked.map((field) => {
              const differs = registry.mismatches.includes(field);
              return (
                <HStack as="li" key={field} gap="3" align="flex-start" data-testid={`registry-${field}`} data-mismatch={differs || undefined}>
                  <Box color={differs ? 'fg.warning' : 'fg.success'} pt="0.5" flexShrink={0}>
                    {differs ? <CircleAlert size={18} aria-hidden /> : <CircleCheck size={18} aria-hidden />}
                  </Box>
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium" wordBreak="break-word">
                      {LISTING_FIELD_LABELS[field]}: {shown(field, l[field])}
                    </Text>
                    <Text textStyle="sm" color={differs ? 'fg.warning' : 'fg.muted'} wordBreak="break-word">
                      {differs ? REGISTRY_TEXTS.registrySays(shown(field, registry.facts[field]!)) : REGISTRY_TEXTS.confirmed}
                    </Text>
                  </Stack>
                </HStack>
              );
            })}
          </Stack>
        )}
        {registry.nextInspection && registry.inspection && (
          <HStack gap="2" wrap="wrap" data-testid="registry-inspection" data-state={registry.inspection}>
            <Text fontWeight="medium">
              {REGISTRY_TEXTS.inspection}: {registry.nextInspection}
            </Text>
            <Badge colorPalette={INSPECTION_PALETTE[registry.inspection]} variant={registry.inspection === 'ok' ? 'subtle' : 'solid'} rounded="full">
              {REGISTRY_TEXTS.inspectionStates[registry.inspection]}
            </Badge>
          </HStack>
        )}
        <LinkButton
          href={lienSearchUrl(l.registrationNumber)}
          target="_blank"
          rel="noopener noreferrer"
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          data-testid="registry-liens"
        >
          {REGISTRY_TEXTS.liens} <ExternalLink size={14} aria-hidden />
        </LinkButton>
        <Text textStyle="xs" color="fg.muted">
          {REGISTRY_TEXTS.checkedAt(formatDate(registry.checkedAt))}
        </Text>
      </Stack>
    </Section>
  );
}
