import { listingFormInput, listingIdInput, listingSetActiveInput, listingSetSoldInput, uploadImageInput } from '../../../shared/schemas/listing';
import { listingImageShape, listingShape } from '../../../shared/schemas/listing-shape';
import { z } from '../../../shared/zod';
import { defineRoutes } from '../types';
import { listRoute } from './rows';

const MB = 1024 * 1024;
/**
 * The form with its photos, and one staged photo (docs/product/limits.md#request-bodies): 20 MiB, what a small
 * server holds comfortably for several requests at once, and room for one photo of the 15 MB limit as base64. More
 * photos travel one by one through POST /api/listing-images (the web client stages every photo that way, so its
 * form body holds only URLs).
 */
export const LISTING_BODY_LIMIT = 20 * MB;

/** A JSON object whose only key (besides a repeated `id`) is `key`. */
const isOnly = (body: unknown, key: string) => {
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).filter((k) => k !== 'id') : [];
  return keys.length === 1 && keys[0] === key;
};

export const listingsSellerRoutes = defineRoutes([
  // Photos may travel inside the form as data URLs (docs/product/data.md), hence the larger body limits.
  {
    method: 'POST',
    url: '/api/listings',
    procedure: 'listings.create',
    status: 201,
    bodyLimit: LISTING_BODY_LIMIT,
    doc: {
      tag: 'Listings',
      summary: 'Create a listing',
      description:
        'The new listing is pending review. `images` holds URLs of staged photos (POST /api/listing-images) or data URLs. ' +
        'At most 20 new listings an hour and 50 a day per account (429 with Retry-After).',
      auth: true,
      body: listingFormInput,
      responses: { 201: listingShape },
      errors: [401, 429],
    },
  },
  {
    method: 'PATCH',
    url: '/api/listings/:id',
    // docs/product/api.md: `{active}` alone toggles; anything else is the full form. Both answer the updated listing.
    procedure: 'listings.update',
    input: ({ params, body }) => ({ id: params.id, data: body ?? {} }),
    bodyAt: 'data',
    variants: [
      {
        when: ({ body }) => isOnly(body, 'active'),
        procedure: 'listings.setActive',
        input: ({ params, body }) => ({ id: params.id, active: (body as { active: unknown }).active }),
      },
      {
        // 'Marker som solgt' (docs/product/states.md#sold).
        when: ({ body }) => isOnly(body, 'sold'),
        procedure: 'listings.setSold',
        input: ({ params, body }) => ({ id: params.id, sold: (body as { sold: unknown }).sold }),
      },
    ],
    bodyLimit: LISTING_BODY_LIMIT,
    doc: {
      tag: 'Listings',
      summary: 'Edit a listing, switch it on or off, or mark it sold',
      description: "`{active}` alone toggles the active flag; `{sold: true}` alone marks an approved listing sold (out of search, its page shows 'Solgt'), `{sold: false}` puts it back on the market (active); any other body is the full form. An owner's edit of what moderation checks waits for review beside the public version of an approved listing (`revision` in the answer); price and contact changes apply at once.",
      auth: true,
      params: listingIdInput,
      body: z.union([listingSetActiveInput.pick({ active: true }), listingSetSoldInput.pick({ sold: true }), listingFormInput]),
      responses: { 200: listingShape },
      errors: [400, 401, 403, 404, 429],
    },
  },
  {
    method: 'DELETE',
    url: '/api/listings/:id',
    procedure: 'listings.delete',
    input: ({ params }) => ({ id: params.id }),
    doc: { tag: 'Listings', summary: 'Delete a listing and its photos', auth: true, params: listingIdInput, responses: { 204: null }, errors: [401, 403, 404] },
  },
  listRoute('/api/my-listings', 'listings.mine', listingShape, { tag: 'Listings', summary: "The caller's own listings, newest first", errors: [401] }),
  {
    method: 'POST',
    url: '/api/listing-images',
    procedure: 'listings.uploadImage',
    status: 201,
    bodyLimit: LISTING_BODY_LIMIT,
    doc: {
      tag: 'Listings',
      summary: 'Stage one photo before its listing exists',
      description:
        "Send the photo as a data URL; the answer's `url` goes into the listing's `images`. Unattached photos are deleted after 24 hours. 429 with `Retry-After` when the caller's staged photos (not yet saved with a listing) reach their bound, when all staged photos together take the server's disk bound, or after too many uploads in an hour (docs/product/limits.md#photos).",
      auth: true,
      body: uploadImageInput,
      responses: { 201: listingImageShape },
      errors: [401, 429],
    },
  },
]);
