// The answers of /api/* that have no zod shape of their own in src/shared (the listing shapes do:
// src/shared/schemas/listing-shape.ts), as zod schemas for the OpenAPI document (rest/openapi.ts). Each is tied to the
// TypeScript type its service returns by a compile-time check both ways, so a field added to one and not the other
// fails `tsc`. docs/product/api.md "Shapes".
import type { PublicUserShape } from '../../shared/schemas/auth';
import type { InboxMessageShape } from '../../shared/schemas/inbox';
import type { InquiryShape } from '../../shared/schemas/inquiry';
import { z } from '../../shared/zod';
import type { AddressSuggestion } from '../integrations/address-search';
import type { PublicProfileShape } from '../services/public-profile';
import type { SavedListingShape } from '../services/saved-listings';

const int = z.number().int();

/** The user as its owner (and admins) see it. Never a password hash. */
export const userShape = z.object({
  id: int,
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

/** GET /api/users/:id: phone and address only where the user shows them on a visible listing. */
export const publicProfileShape = z.object({
  id: int,
  name: z.string(),
  displayName: z.string().nullable(),
  phone: z.string().optional(),
  address: z.string().optional(),
});

export const inquiryShape = z.object({
  id: int,
  listingId: int,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

export const inboxMessageShape = z.object({
  id: int,
  kind: z.enum(['contact', 'feedback']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});

export const savedListingShape = z.object({ listingId: int, savedAt: z.string() });

export const addressSuggestionShape = z.object({ adressetekst: z.string(), postnummer: z.string(), poststed: z.string() });

/** The vehicle registry's own JSON, passed on as it is (docs/product/api.md "Calls beyond the client"). */
export const registryAnswerShape = z.looseObject({ kjoretoydataListe: z.array(z.unknown()) });

export const successShape = z.object({ success: z.literal(true) });
export const changePasswordAnswerShape = z.object({ success: z.literal(true), message: z.string() });

/** Every error answer (docs/product/api.md "Conventions"): a Norwegian message, and for invalid input field → message. */
export const errorShape = z.object({
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});

// Compile-time: each shape says exactly what its service's type says.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _shapesMatchTypes: [
  Same<z.infer<typeof userShape>, PublicUserShape>,
  Same<z.infer<typeof publicProfileShape>, PublicProfileShape>,
  Same<z.infer<typeof inquiryShape>, InquiryShape>,
  Same<z.infer<typeof inboxMessageShape>, InboxMessageShape>,
  Same<z.infer<typeof savedListingShape>, SavedListingShape>,
  Same<z.infer<typeof addressSuggestionShape>, AddressSuggestion>,
] = [true, true, true, true, true, true];
