import { z } from '../zod';
import { optionalPhone, requiredEmail, requiredText } from './fields';
import { listingId } from './listing-id';

// An inquiry about a listing (docs/product/data.md#inquiry, docs/product/validation.md): name, e-mail (format) and message required, phone optional and
// checked by the Norwegian phone rule only when given. One schema for the form on /listing/{id}, the procedure and
// POST /api/inquiries.

export const INQUIRY_NAME_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 5000;
export { EMAIL_MAX as INQUIRY_EMAIL_MAX, PHONE_MAX as INQUIRY_PHONE_MAX } from './fields';

export const INQUIRY_SENT_TITLE = 'Henvendelse sendt';
export const INQUIRY_FAILED_MESSAGE = 'Kunne ikke sende henvendelse. Prøv igjen senere.';
export const INQUIRY_OWN_LISTING_MESSAGE = 'Du kan ikke sende en henvendelse om din egen annonse.';

export const inquiryInput = z.object({
  listingId,
  name: requiredText('Navn', INQUIRY_NAME_MAX),
  email: requiredEmail(),
  phone: optionalPhone(),
  message: requiredText('Melding', INQUIRY_MESSAGE_MAX, { multiline: true }),
});

export type InquiryInput = z.input<typeof inquiryInput>;
export type InquiryValues = z.output<typeof inquiryInput>;

export const inquiryShape = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type InquiryShape = z.infer<typeof inquiryShape>;
