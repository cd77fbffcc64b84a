import { z } from '../zod';
import { PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone } from '../validation/phone';

// Contact messages and feedback (SPEC §3, §5). One schema serves the /kontakt forms, the tRPC procedures
// and the REST rows POST /api/contact and POST /api/feedback.

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;
export const PHONE_MAX = 20;

/** The subject stored for feedback, which has none of its own. */
export const FEEDBACK_SUBJECT = 'Tilbakemelding';

export const NOT_AN_OBJECT_MESSAGE = 'Forespørselen må være et JSON-objekt.';
export const EMAIL_FORMAT_MESSAGE = 'Skriv inn en gyldig e-postadresse.';

/** Missing (or null) → "<label> må fylles ut."; a number, array or object → "<label> må være tekst." */
const textType = (label: string) =>
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} må fylles ut.` : `${label} må være tekst.`) });

const requiredText = (label: string, max: number) =>
  textType(label)
    .trim()
    .min(1, { error: `${label} må fylles ut.` })
    .max(max, { error: `${label} kan ikke være lengre enn ${max} tegn.` });

/** Optional text: absent, null and blank all become ''. */
const optionalText = (label: string, max: number) =>
  textType(label)
    .trim()
    .max(max, { error: `${label} kan ikke være lengre enn ${max} tegn.` })
    .nullish()
    .transform((v) => v ?? '');

const emailFormat = z.email({ error: EMAIL_FORMAT_MESSAGE });

const requiredEmail = requiredText('E-post', EMAIL_MAX).pipe(emailFormat);

/** E-mail checked for format only when one is given (feedback may be anonymous). */
const optionalEmail = optionalText('E-post', EMAIL_MAX).refine((v) => v === '' || emailFormat.safeParse(v).success, {
  error: EMAIL_FORMAT_MESSAGE,
});

/** Phone is checked only when present (SPEC §5 phone rule). */
const optionalPhone = optionalText('Telefonnummer', PHONE_MAX).refine((v) => v === '' || isValidNorwegianPhone(v), {
  error: PHONE_SUBMIT_MESSAGE,
});

// SPEC §5: name, email, subject and message are required; phone optional (SPEC §3).
export const contactInput = z.object(
  {
    name: requiredText('Navn', NAME_MAX),
    email: requiredEmail,
    phone: optionalPhone,
    subject: requiredText('Emne', SUBJECT_MAX),
    message: requiredText('Melding', MESSAGE_MAX),
  },
  { error: NOT_AN_OBJECT_MESSAGE },
);

// SPEC §5: only the feedback text is required.
export const feedbackInput = z.object(
  {
    name: optionalText('Navn', NAME_MAX),
    email: optionalEmail,
    feedback: requiredText('Tilbakemelding', MESSAGE_MAX),
  },
  { error: NOT_AN_OBJECT_MESSAGE },
);

export type ContactInput = z.output<typeof contactInput>;
export type ContactFormValues = z.input<typeof contactInput>;
export type FeedbackInput = z.output<typeof feedbackInput>;
export type FeedbackFormValues = z.input<typeof feedbackInput>;

/** A contact message or feedback as the API shows it (SPEC §3). Feedback carries subject 'Tilbakemelding'. */
export interface InboxMessageShape {
  id: number;
  kind: 'contact' | 'feedback';
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}
