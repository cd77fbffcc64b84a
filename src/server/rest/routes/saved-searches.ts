import {
  savedSearchCreateInput,
  savedSearchIdInput,
  savedSearchPatchBody,
  savedSearchShape,
  savedSearchUnsubscribeInput,
} from '../../../shared/schemas/saved-search';
import { z } from '../../../shared/zod';
import { defineRoutes } from '../types';
import { deleteById, listRoute } from './rows';

const tag = 'Saved searches';

// docs/product/api.md "Saved searches"; all need a login (401 otherwise, from protectedProcedure). Someone else's
// saved search answers 404 like a missing one.
export const savedSearchesRoutes = defineRoutes([
  listRoute('/api/saved-searches', 'savedSearches.list', savedSearchShape, {
    tag,
    summary: "The caller's saved searches, newest first",
    description: '`newHits`: listings alerted since the caller last opened the search (POST …/seen) that buyers can still see.',
    errors: [401],
  }),
  {
    method: 'POST',
    url: '/api/saved-searches',
    procedure: 'savedSearches.create',
    status: 201,
    doc: {
      tag,
      summary: 'Save a search',
      description:
        '`params` are the parameters of GET /api/listings (read by the same schema; `limit` and `offset` are dropped). `email`: alerts also by e-mail. ' +
        'At most 50 per account (400 past that); 30 writes a minute per account (429 with Retry-After).',
      auth: true,
      body: savedSearchCreateInput,
      responses: { 201: savedSearchShape },
      errors: [400, 401, 429],
    },
  },
  {
    method: 'PATCH',
    url: '/api/saved-searches/:id',
    procedure: 'savedSearches.update',
    input: ({ params, body }) => ({ ...(body && typeof body === 'object' ? body : {}), id: params.id }),
    doc: {
      tag,
      summary: 'Rename a saved search or switch its e-mail alerts',
      auth: true,
      params: savedSearchIdInput,
      body: savedSearchPatchBody,
      responses: { 200: savedSearchShape },
      errors: [400, 401, 404, 429],
    },
  },
  deleteById('/api/saved-searches/:id', 'savedSearches.delete', { tag, summary: 'Delete a saved search', params: savedSearchIdInput, errors: [401, 404, 429] }),
  {
    method: 'POST',
    url: '/api/saved-searches/unsubscribe',
    procedure: 'savedSearches.unsubscribe',
    doc: {
      tag,
      summary: "'Meld av' from an alert e-mail",
      description:
        "No login: `token` is the one in the alert e-mail's link (`/meld-av-sok?token=…`). That saved search's alerts stop going by e-mail " +
        '(they still reach the notification list); answers its name. An unknown token answers 404. 20 a minute per client address.',
      auth: false,
      body: savedSearchUnsubscribeInput,
      responses: { 200: z.object({ name: z.string() }) },
      errors: [400, 404, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/saved-searches/:id/seen',
    procedure: 'savedSearches.seen',
    input: ({ params }) => ({ id: params.id }),
    send: (_result, reply) => reply.code(204).send(),
    doc: {
      tag,
      summary: 'Mark a saved search opened',
      description: 'Its hits so far stop counting as new (`newHits` 0).',
      auth: true,
      params: savedSearchIdInput,
      responses: { 204: null },
      errors: [401, 404],
    },
  },
]);
