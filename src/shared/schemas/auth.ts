import { z } from '../zod';
import { PASSWORD_MIN, PASSWORD_MIN_MESSAGE } from '../validation/password';
import { PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone } from '../validation/phone';
import { cleanText, tooLongMessage } from './fields';

// Every text but the passwords is normalised (fields.ts cleanText, docs/product/validation.md#text). Passwords are
// taken byte for byte: changing them would lock out whoever registered with the characters the normaliser drops.

const required = (label: string, max = 200) =>
  cleanText(z.string({ error: `${label} må fylles ut.` }), max, tooLongMessage(label, max)).min(1, { error: `${label} må fylles ut.` });

const ADDRESS_MAX = 300;
const address = () => cleanText(z.string(), ADDRESS_MAX, 'Adressen er for lang.');

export const usernameSchema = cleanText(z.string({ error: 'Brukernavn må fylles ut.' }), 40, 'Brukernavn kan ikke være lengre enn 40 tegn.')
  // An empty field says "fill in" rather than "too short"; the first failing rule's message is the one shown.
  .min(1, { error: 'Brukernavn må fylles ut.' })
  .min(3, { error: 'Brukernavn må være minst 3 tegn.' })
  .regex(/^[\p{L}\p{N}._-]+$/u, { error: 'Brukernavn kan bare inneholde bokstaver, tall, punktum, bindestrek og understrek.' });

export const emailSchema = cleanText(z.string({ error: 'E-post må fylles ut.' }), 254, 'E-postadressen er for lang.')
  .min(1, { error: 'E-post må fylles ut.' })
  .pipe(z.email({ error: 'Skriv inn en gyldig e-postadresse.' }));

/** Phone is checked only when present (docs/product/validation.md); an empty value passes this rule. */
export const phoneSchema = cleanText(
  // A missing phone is "not filled in", not "not a valid number" (the register form requires it).
  z.string({ error: (issue) => (issue.input === undefined ? 'Telefonnummer må fylles ut.' : PHONE_SUBMIT_MESSAGE) }),
  20,
  PHONE_SUBMIT_MESSAGE,
).refine((v) => v === '' || isValidNorwegianPhone(v), { error: PHONE_SUBMIT_MESSAGE });

/** Taken (ignoring case) by another account: register, profile and an admin's edit answer 409 with it. */
export const EMAIL_TAKEN_MESSAGE = 'E-postadressen er allerede i bruk av en annen konto.';

// The username or the e-mail address (a username holds no '@', so the '@' tells which).
export const loginInput = z.object({
  username: cleanText(z.string({ error: 'Brukernavn må fylles ut.' }), 254, tooLongMessage('Brukernavn', 254)).min(1, { error: 'Brukernavn må fylles ut.' }),
  password: z.string({ error: 'Passord må fylles ut.' }).min(1, { error: 'Passord må fylles ut.' }).max(200, { error: 'Passordet er for langt.' }),
});

export const registerInput = z.object({
  username: usernameSchema,
  password: z
    .string({ error: 'Passord må fylles ut.' })
    .min(1, { error: 'Passord må fylles ut.' })
    .min(PASSWORD_MIN, { error: 'Passordet må være minst 6 tegn langt.' })
    .max(200, { error: 'Passordet er for langt.' }),
  name: required('Fullt navn', 100),
  email: emailSchema,
  // Required on the register form (docs/product/screens.md: all fields except address).
  phone: phoneSchema.refine((v) => v !== '', { error: 'Telefonnummer må fylles ut.' }),
  address: address().optional().default(''),
});

export const updateProfileInput = z.object({
  name: required('Navn', 100),
  displayName: required('Visningsnavn', 60),
  email: emailSchema,
  phone: phoneSchema,
  address: address().default(''),
});

/** The rule every new password follows: a change, and a reset. */
const newPassword = () => z.string({ error: PASSWORD_MIN_MESSAGE }).min(PASSWORD_MIN, { error: PASSWORD_MIN_MESSAGE }).max(200, { error: 'Passordet er for langt.' });

export const changePasswordInput = z.object({
  oldPassword: z
    .string({ error: 'Nåværende passord må fylles ut.' })
    .min(1, { error: 'Nåværende passord må fylles ut.' })
    .max(200, { error: 'Passordet er for langt.' }),
  newPassword: newPassword(),
});

// 'Glemt passord?' (docs/decisions/021-mail-and-account-recovery.md).
export const forgotPasswordInput = z.object({ email: emailSchema });
/** The 202 answer, the same whether or not the address belongs to an account. */
export const FORGOT_PASSWORD_SENT_MESSAGE = 'Hvis e-postadressen hører til en konto hos oss, har vi sendt en lenke for å lage nytt passord. Sjekk innboksen din.';
export const forgotPasswordAnswerShape = z.object({ message: z.string() });

export const RESET_TOKEN_INVALID_MESSAGE = 'Lenken for nytt passord er ugyldig, brukt eller utløpt. Be om en ny lenke.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Passordet er endret. Logg inn med det nye passordet.';
export const resetPasswordInput = z.object({
  token: z.string({ error: RESET_TOKEN_INVALID_MESSAGE }).min(1, { error: RESET_TOKEN_INVALID_MESSAGE }).max(200, { error: RESET_TOKEN_INVALID_MESSAGE }),
  newPassword: newPassword(),
});

// 'Slett kontoen min' (docs/decisions/021-mail-and-account-recovery.md).
export const WRONG_PASSWORD_MESSAGE = 'Passordet er feil.';
export const deleteAccountInput = z.object({
  password: z.string({ error: 'Passord må fylles ut.' }).min(1, { error: 'Passord må fylles ut.' }).max(200, { error: 'Passordet er for langt.' }),
});

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.input<typeof registerInput>;
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** The user as the API shows it to its owner and to admins (docs/product/api.md). Never a password hash. */
export const userShape = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  uniqueId: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type PublicUserShape = z.infer<typeof userShape>;
