import {
  adminAuditInput,
  adminListingPageShape,
  adminListingsInput,
  adminUpdateUserInput,
  adminUserIdInput,
  adminUserRowShape,
  auditEntryShape,
  reviewResultShape,
} from '../../../shared/schemas/admin';
import { listingIdInput } from '../../../shared/schemas/listing';
import { pendingListingShape, reviewListingInput } from '../../../shared/schemas/moderation';
import type { AdminListingPage } from '../../../shared/schemas/admin';
import { z } from '../../../shared/zod';
import type { ReviewResult } from '../../services/moderation';
import { defineRoutes } from '../types';
import { deleteById, listRoute } from './rows';

// The documented answer of the approve row is the service's result, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _reviewResultDocumented: Same<z.infer<typeof reviewResultShape>, ReviewResult> = true;

const tag = 'Admin';
// Every row: 401 logged out, 403 for a user who is not an admin (docs/product/permissions.md).
const refused = [401, 403];

// docs/product/admin.md: the administrators' calls. Each row is served by a procedure of the admin router.
export const adminRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/admin/listings',
    procedure: 'admin.listings.list',
    // Like GET /api/listings: the page is the body, the number of all matches the X-Total-Count header.
    send: (result: AdminListingPage, reply) => {
      reply.header('X-Total-Count', String(result.total));
      return result.items;
    },
    doc: {
      tag,
      summary: 'Every listing, one page (admin)',
      description:
        'Any status. `sort` is createdAt (default), price (the shown price), status or make, `direction` asc or desc ' +
        '(default desc); `status` filters (pending, approved, rejected, or all); `search` finds a unique code or a ' +
        'registration number by its start (case and spaces ignored). `page` (from 1) or `offset`, and `limit` (default 25, max 100).',
      auth: true,
      query: adminListingsInput,
      responses: { 200: z.array(adminListingPageShape.shape.items.element) },
      headers: { 'X-Total-Count': { description: 'The number of all matches (not only this page).', schema: z.number().int().min(0) } },
      errors: refused,
    },
  },
  {
    method: 'GET',
    url: '/api/admin/pending-listings',
    procedure: 'admin.listings.pending',
    input: () => undefined,
    doc: {
      tag,
      summary: 'Listings waiting for review (admin)',
      description:
        'Oldest first: new listings (`kind: new`), and owners\' edits of approved listings (`kind: edit`) in their proposed ' +
        'version with `changes` field by field and the photos the edit adds in `newImages`. Each with its owner.',
      auth: true,
      responses: { 200: z.array(pendingListingShape) },
      errors: refused,
    },
  },
  {
    method: 'POST',
    url: '/api/admin/listings/:id/approve',
    procedure: 'admin.listings.review',
    input: ({ params, body }) => (body && typeof body === 'object' && !Array.isArray(body) ? { ...body, id: params.id } : body),
    doc: {
      tag,
      summary: 'Approve or reject a listing (admin)',
      description:
        "`{approved: true}` approves (also a rejected listing); `{approved: false, rejectionReason}` rejects, and a blank reason is a 400 " +
        "'Vennligst oppgi en årsak for avvisning'. The owner gets a notification; the decision is written to the audit log.",
      auth: true,
      params: listingIdInput,
      body: z.object({ approved: reviewListingInput.shape.approved, rejectionReason: reviewListingInput.shape.rejectionReason }),
      responses: { 200: reviewResultShape },
      errors: [...refused, 404],
    },
  },
  deleteById('/api/admin/listings/:id', 'admin.listings.delete', {
    tag,
    summary: 'Delete any listing and its photos (admin)',
    params: listingIdInput,
    errors: [...refused, 404],
  }),
  listRoute('/api/admin/users', 'admin.users.list', adminUserRowShape, { tag, summary: 'Every user, newest first (admin)', errors: refused }),
  {
    method: 'PUT',
    url: '/api/admin/users/:id',
    procedure: 'admin.users.update',
    doc: {
      tag,
      summary: 'Edit a user (admin)',
      description: "The profile's rules (PUT /api/auth/update-profile); `displayName` is kept when not sent. Admin accounts are not edited here (403).",
      auth: true,
      params: adminUserIdInput,
      body: adminUpdateUserInput.omit({ id: true }),
      responses: { 200: adminUserRowShape },
      errors: [...refused, 404],
    },
  },
  deleteById('/api/admin/users/:id', 'admin.users.delete', {
    tag,
    summary: 'Delete a user and everything theirs (admin)',
    description:
      'In one transaction: sessions, listings with their photos, saved listings and notifications. Chats stay for the other ' +
      'party. Admin accounts cannot be deleted (403).',
    params: adminUserIdInput,
    errors: [...refused, 404],
  }),
  {
    method: 'GET',
    url: '/api/admin/audit',
    procedure: 'admin.audit.list',
    doc: {
      tag,
      summary: 'The audit log of a listing or a user (admin)',
      description: 'Who approved, rejected, edited or deleted it, and when; newest first, at most 100. Kept after the listing or user is deleted.',
      auth: true,
      query: adminAuditInput,
      responses: { 200: z.array(auditEntryShape) },
      errors: refused,
    },
  },
]);
