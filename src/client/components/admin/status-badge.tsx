import { Badge, HStack } from '@chakra-ui/react';
import { ADMIN_STATUS_LABELS } from '../../../shared/schemas/admin';
import type { ListingStatus } from '../../../shared/types/listing';
import type { Palette } from '../../theme';

const PALETTE: Record<ListingStatus, Palette> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** The review status in the admin's words ('Venter', 'Godkjent', 'Avvist'), and 'Inaktiv' for an approved listing its owner has hidden. */
export function AdminStatusBadge({ status, active }: { status: ListingStatus; active?: boolean }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      <Badge colorPalette={PALETTE[status]} variant="subtle" size="md" data-testid="admin-status">
        {ADMIN_STATUS_LABELS[status]}
      </Badge>
      {status === 'approved' && active === false && (
        <Badge colorPalette="gray" variant="outline" size="md">
          Inaktiv
        </Badge>
      )}
    </HStack>
  );
}
