import { INQUIRY_OWN_LISTING_MESSAGE, type InquiryShape, type InquiryValues } from '../../shared/schemas/inquiry';
import { AppError, listingNotFound } from '../errors';
import type { EventHub } from '../realtime/hub';
import type { Store } from '../store';
import { publishNotifications } from './notifications';

// Inquiries (docs/product/data.md, docs/product/validation.md, docs/product/api.md POST /api/inquiries): a buyer's message about a visible listing. It is stored, and the
// seller gets a notification carrying the buyer's contact details, in one transaction; the live push follows the
// commit so no subscriber hears of a notification that was rolled back.

function notificationMessage(input: InquiryValues) {
  const contact = [input.name, input.email, input.phone].filter(Boolean).join(', ');
  return `Fra ${contact}:\n${input.message}`;
}

export async function createInquiry(store: Store, hub: EventHub | undefined, senderId: number, input: InquiryValues): Promise<InquiryShape> {
  const { inquiry, notification } = await store.listings.createInquiry(
    input.listingId,
    { senderId, name: input.name, email: input.email, phone: input.phone, message: input.message },
    (listing) => {
      if (!listing) throw listingNotFound();
      // Asking oneself about one's own car is a mistake in the page, not a message worth storing.
      if (listing.userId === senderId) throw new AppError('FORBIDDEN', INQUIRY_OWN_LISTING_MESSAGE);
      return (inquiry) => ({
        type: 'info',
        title: `Ny henvendelse om ${listing.make} ${listing.model}`.trim(),
        message: notificationMessage(input),
        data: { listingId: listing.id, inquiryId: inquiry.id, name: input.name, email: input.email, phone: input.phone },
      });
    },
  );

  if (hub) publishNotifications(hub, [notification]);

  return {
    id: inquiry.id,
    listingId: inquiry.listingId,
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone,
    message: inquiry.message,
    createdAt: inquiry.createdAt.toISOString(),
  };
}
