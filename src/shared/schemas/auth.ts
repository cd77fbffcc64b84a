import { z } from '../zod';
import { PHONE_SUBMIT_MESSAGE, isValidNorwegianPhone } from '../validation/phone';

export const PASSWORD_MIN = 6;
export const PASSWORD_MIN_MESSAGE = 'Nytt passord må være minst 6 tegn langt.';
export const PASSWORD_MISMATCH_MESSAGE = 'Nye passord stemmer ikke overens.';

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} må fylles ut.` })
    .trim()
    .min(1, { error: `${label} må fylles ut.` })
    .max(max, { error: `${label} kan ikke være lengre enn ${max} tegn.` });

export const usernameSchema = z
  .string({ error: 'Brukernavn må fylles ut.' })
  .trim()
  // An empty field says "fill in" rather than "too short"; the first failing rule's message is the one shown.
  .min(1, { error: 'Brukernavn må fylles ut.' })
  .min(3, { error: 'Brukernavn må være minst 3 tegn.' })
  .max(40, { error: 'Brukernavn kan ikke være lengre enn 40 tegn.' })
  .regex(/^[\p{L}\p{N}._-]+$/u, { error: 'Brukernavn kan bare inneholde bokstaver, tall, punktum, bindestrek og understrek.' });

export const emailSchema = z
  .string({ error: 'E-post må fylles ut.' })
  .trim()
  .min(1, { error: 'E-post må fylles ut.' })
  .max(254, { error: 'E-postadressen er for lang.' })
  .pipe(z.email({ error: 'Skriv inn en gyldig e-postadresse.' }));

/** Phone is checked only when present (SPEC §5); an empty value passes this rule. */
export const phoneSchema = z
  // A missing phone is "not filled in", not "not a valid number" (the register form requires it).
  .string({ error: (issue) => (issue.input === undefined ? 'Telefonnummer må fylles ut.' : PHONE_SUBMIT_MESSAGE) })
  .trim()
  .max(20, { error: PHONE_SUBMIT_MESSAGE })
  .refine((v) => v === '' || isValidNorwegianPhone(v), { error: PHONE_SUBMIT_MESSAGE });

export const loginInput = z.object({
  username: z.string({ error: 'Brukernavn må fylles ut.' }).trim().min(1, { error: 'Brukernavn må fylles ut.' }).max(100),
  password: z.string({ error: 'Passord må fylles ut.' }).min(1, { error: 'Passord må fylles ut.' }).max(200),
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
  // Required on the register form (SPEC §2: all fields except address).
  phone: phoneSchema.refine((v) => v !== '', { error: 'Telefonnummer må fylles ut.' }),
  address: z.string().trim().max(300, { error: 'Adressen er for lang.' }).optional().default(''),
});

export const updateProfileInput = z.object({
  name: required('Navn', 100),
  displayName: required('Visningsnavn', 60),
  email: emailSchema,
  phone: phoneSchema,
  address: z.string().trim().max(300, { error: 'Adressen er for lang.' }).default(''),
});

export const changePasswordInput = z.object({
  oldPassword: z.string({ error: 'Nåværende passord må fylles ut.' }).min(1, { error: 'Nåværende passord må fylles ut.' }).max(200),
  newPassword: z.string({ error: PASSWORD_MIN_MESSAGE }).min(PASSWORD_MIN, { error: PASSWORD_MIN_MESSAGE }).max(200, { error: 'Passordet er for langt.' }),
});

export type LoginInput = z.infer<typeof loginInput>;
export type RegisterInput = z.input<typeof registerInput>;
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The user as the API shows it to its owner and to admins (api-contract.md). Never a password hash. */
export interface PublicUserShape {
  id: number;
  username: string;
  name: string;
  displayName: string | null;
  email: string;
  phone: string;
  address: string;
  uniqueId: string;
  isAdmin: boolean;
  createdAt: string;
}
