import { z } from '../zod';
import { optionalEmail, optionalPhone, optionalText, requiredEmail, requiredText } from './fields';

// Contact messages and feedback (docs/product/data.md, docs/product/validation.md). One schema serves the /kontakt forms, the tRPC procedures
// and the REST rows POST /api/contact and POST /api/feedback.

export const NAME_MAX = 100;
export { EMAIL_MAX, PHONE_MAX, EMAIL_FORMAT_MESSAGE } from './fields';
export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;

/** The subject stored for feedback, which has none of its own. */
export const FEEDBACK_SUBJECT = 'Tilbakemelding';

export const NOT_AN_OBJECT_MESSAGE = 'Forespørselen må være et JSON-objekt.';

// docs/product/validation.md: name, email, subject and message are required; phone optional (docs/product/data.md).
export const contactInput = z.object(
  {
    name: requiredText('Navn', NAME_MAX),
    email: requiredEmail(),
    phone: optionalPhone(),
    subject: requiredText('Emne', SUBJECT_MAX),
    message: requiredText('Melding', MESSAGE_MAX, { multiline: true }),
  },
  { error: NOT_AN_OBJECT_MESSAGE },
);

// docs/product/validation.md: only the feedback text is required.
export const feedbackInput = z.object(
  {
    name: optionalText('Navn', NAME_MAX),
    email: optionalEmail(),
    feedback: requiredText('Tilbakemelding', MESSAGE_MAX, { multiline: true }),
  },
  { error: NOT_AN_OBJECT_MESSAGE },
);

export type ContactInput = z.output<typeof contactInput>;
export type ContactFormValues = z.input<typeof contactInput>;
export type FeedbackInput = z.output<typeof feedbackInput>;
export type FeedbackFormValues = z.input<typeof feedbackInput>;

/** A contact message or feedback as the API shows it (docs/product/data.md). Feedback carries subject 'Tilbakemelding'. */
export const inboxMessageShape = z.object({
  id: z.number().int(),
  kind: z.enum(['contact', 'feedback']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type InboxMessageShape = z.infer<typeof inboxMessageShape>;

// --- the admin's side (docs/product/admin.md#inbox) ------------------------------------------------------------

export const INBOX_NOT_FOUND_MESSAGE = 'Fant ikke meldingen.';
export const INBOX_KINDS = ['feedback', 'contact'] as const;

/** A message's id from a path; anything that cannot be one reads as a message that does not exist. */
export const inboxMessageId = z.coerce
  .number({ error: INBOX_NOT_FOUND_MESSAGE })
  .int({ error: INBOX_NOT_FOUND_MESSAGE })
  .positive({ error: INBOX_NOT_FOUND_MESSAGE });
export const inboxMessageIdInput = z.object({ id: inboxMessageId });

/** admin.inbox.list: which kind (the REST rows are GET /api/feedbacks and GET /api/contact-messages). */
export const inboxListInput = z.object({ kind: z.enum(INBOX_KINDS, { error: 'Ukjent type melding.' }) });

/** PATCH /api/feedbacks/:id/read (either kind): read by default; `{isRead: false}` un-reads. */
export const inboxMarkReadInput = z.object({
  id: inboxMessageId,
  isRead: z.boolean({ error: 'isRead må være true eller false.' }).optional().default(true),
});
