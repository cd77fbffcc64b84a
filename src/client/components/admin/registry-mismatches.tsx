import { Alert, List } from '@chakra-ui/react';
import { factText as shown, REGISTRY_TEXTS } from '../../../shared/registry-facts';
import { LISTING_FIELD_LABELS } from '../../../shared/texts/listing-fields';
import type { PendingListing } from '../../../shared/schemas/moderation';

/**
 * What the vehicle registry contradicts in a listing under review ('Sjekk bilen', docs/decisions/025-buyer-trust.md):
 * each field with the listing's value and the registry's. Nothing when all agree or nothing was looked up.
 */
export function RegistryMismatches({ listing: l }: { listing: PendingListing }) {
  const registry = l.registry;
  if (!registry || registry.mismatches.length === 0) return null;
  return (
    <Alert.Root status="warning" rounded="l2" data-testid="pending-registry-mismatches">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{REGISTRY_TEXTS.mismatchesTitle}</Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {registry.mismatches.map((field) => (
              <List.Item key={field} data-field={field}>
                {LISTING_FIELD_LABELS[field]}: {shown(field, l[field])} ({REGISTRY_TEXTS.registrySays(shown(field, registry.facts[field]!))})
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
