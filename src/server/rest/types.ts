import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Context } from '../trpc/context';
import { z } from '../../shared/zod';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  raw: FastifyRequest;
}

/**
 * The groups of the API reference (the OpenAPI document's tags), in its order, each with what it holds: a row's `tag`
 * is one of these, so no group goes out without its description.
 */
export const API_TAGS = {
  Auth: 'Log in and out, register, and the caller\'s own account: profile, password and its reset, data export, deletion.',
  'Contact and feedback': 'Messages to the site from anyone, logged in or not: the contact form and feedback.',
  Lookups: 'Helpers for the listing form: the address search and the vehicle registry look-up by registration number.',
  Listings:
    'The search and one listing (public; a seller also sees their own listings waiting for review), the search filter ' +
    'choices, and a seller\'s own listings: create, edit, mark sold, deactivate, delete, photos. Inquiries to a seller.',
  'Saved listings': 'The listings the caller has saved.',
  'Saved searches': 'The caller\'s saved searches and their alerts; unsubscribing from an alert e-mail needs no login.',
  Users: 'A seller\'s public profile.',
  Chats: 'Conversations between a buyer and a seller about a listing, and their messages.',
  Notifications: 'The caller\'s notifications: inquiries and new chats, review results, saved-search hits, price drops.',
  Admin: 'Moderation and users (administrators only): listings to review, every listing and user, the audit log.',
  'Admin: feedback and contact messages': 'The messages sent to the site through the contact form and feedback (administrators only).',
} as const;

export type ApiTag = keyof typeof API_TAGS;

/** Which procedure serves a request, and how its input is built from the request. */
export interface RestTarget {
  /** Dot path of the procedure, e.g. 'auth.login'. */
  procedure: string;
  /** Builds the procedure input. Default: GET/DELETE → query+params, others → body+params. */
  input?: (req: RestRequest) => unknown;
  /**
   * Where `input` puts the request body inside the procedure's input (e.g. 'data' for `{id, data: body}`), so that
   * validation details name the fields as the REST client sent them ('price', not 'data.price').
   */
  bodyAt?: string;
}

/**
 * One row of the REST adapter: an `/api/*` method+path of docs/product/api.md served by a tRPC procedure.
 * Rows hold no logic beyond picking the input and shaping the answer; the procedure does the work.
 */
export interface RestRoute extends RestTarget {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  /**
   * Other typed procedures that serve this path for some requests: the first whose `when` holds serves instead of the
   * row's own (PATCH /api/listings/:id: a body of `{active}` alone is the toggle).
   */
  variants?: (RestTarget & { when: (req: RestRequest) => boolean })[];
  /** Success status. Default 200, DELETE 204 (no body). */
  status?: number;
  /** Shapes the answer and may set headers (e.g. X-Total-Count). Default: the procedure's result. */
  // The table does not carry each procedure's output type; a row's `send` knows what its procedure returns.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  send?: (result: any, reply: FastifyReply, ctx: Context) => unknown;
  /** Per-route body limit in bytes (photos as data URLs need more than the 1 MiB default). */
  bodyLimit?: number;
  /**
   * JSON schemas of success bodies by status, for Fastify's compiled serializer (fast-json-stringify), where it is
   * faster than JSON.stringify (the detail and the facets; a page of full listings is not). Properties not in the schema are dropped, so it is derived from the zod shapes of
   * `doc.responses` (rows that set `serialize`), never written by hand.
   */
  response?: Record<number, unknown>;
  /** Serialise the success bodies with `doc.responses` (see `response`). */
  serialize?: boolean;
  /** The row's contract as the OpenAPI document (GET /api/openapi.json, rest/openapi.ts) tells integrators. */
  doc: RouteDoc;
}

/**
 * What a row takes and answers, as zod schemas: the ones its procedure validates with (or the part of them the row
 * fills from the path), and the shapes the procedure answers. The OpenAPI document is generated from these, and
 * the contract test and `npm run test:fuzz` check real answers against it, so it cannot drift from the code.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** The group in the reference (Auth, Listings, ...). */
  tag: ApiTag;
  /** Path parameters, named as in `url`. */
  params?: z.ZodObject;
  /** The query string (GET). */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** Success answers by status: the body's shape, or null for none (204). */
  responses: Record<number, z.ZodType | null>;
  /** Response headers of a success answer, e.g. X-Total-Count. */
  headers?: Record<string, { description: string; schema: z.ZodType }>;
  /**
   * Error statuses of this call (docs/product/api.md "Conventions"), each answered as `{message, details}`. 400 and
   * 413 (any call with input) and 500 are added by the document itself; 429 where the procedure is rate-limited
   * (docs/product/limits.md#rate-limits).
   */
  errors?: number[];
  /** Needs the session cookie. */
  auth?: boolean;
}

/** A shared zod schema as the JSON Schema Fastify compiles (draft-07, what its validator and serializer speak). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io, override: dropSafeIntegerBounds });
  return json;
}

/**
 * `z.number().int()` says "a safe integer" as minimum/maximum ±2^53−1: no information for a client, and checking them
 * costs the compiled serializer a quarter of its time on the detail route. Real bounds stay.
 */
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/**
 * A row's `send` for a public answer that must not be kept (a registry look-up). Private answers need no row of their
 * own: every answer of a procedure that needs a login says `private, no-store` (src/server/http/private-answers.ts).
 */
export function noStore<T>(result: T, reply: Pick<FastifyReply, 'header'>): T {
  reply.header('Cache-Control', 'no-store');
  return result;
}

/** A file's rows; rows that `serialize` get their Fastify response schemas from `doc.responses`. */
export const defineRoutes = (routes: RestRoute[]): RestRoute[] =>
  routes.map((r) => {
    if (!r.serialize) return r;
    const response: Record<number, unknown> = {};
    for (const [status, shape] of Object.entries(r.doc.responses)) if (shape) response[Number(status)] = jsonSchemaOf(shape);
    return { ...r, response };
  });
