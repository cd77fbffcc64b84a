import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Context } from '../trpc/context';
import type { RateLimitKind } from '../http/rate-limits';
import { z } from '../../shared/zod';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  raw: FastifyRequest;
}

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
 * One row of the REST adapter: an `/api/*` method+path of SPEC §7 served by a tRPC procedure.
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
  /** Per-route rate limit budget (login, register, contact, feedback), shared with the tRPC transport. */
  rateLimit?: RateLimitKind;
  /**
   * JSON schemas of success bodies by status, for Fastify's compiled serializer (fast-json-stringify): hot list routes
   * serialise several times faster. Properties not in the schema are dropped, so derive it from the zod shape the
   * procedure answers with (`jsonSchemaOf`), never write it by hand.
   */
  response?: Record<number, unknown>;
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

export const defineRoutes = (routes: RestRoute[]) => routes;
