// The /api/* contract as an OpenAPI 3.1 document (GET /api/openapi.json) and a reference page for integrators
// (GET /api/docs). The document is generated from the REST rows (rest/routes/*.ts): their zod input schemas (the
// ones the procedures validate with) and answer shapes, so it cannot drift from the code; the contract test and
// `npm run test:fuzz` send requests built from it and check every answer against it. Statuses and the error body:
// docs/product/api.md "Conventions".
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from '../../shared/zod';
import { errorShape } from './shapes';
import { API_TAGS, type ApiTag, type RestRoute } from './types';

type JsonSchema = Record<string, unknown>;

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The error statuses of docs/product/api.md "Conventions", with what each means. */
const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input; `details` names the fields (field → message).',
  401: 'Not logged in.',
  403: 'Logged in but not allowed, or a state-changing request from another site (Origin).',
  404: 'Not there, or not visible to the caller.',
  409: 'Conflict (e.g. a taken username).',
  413: 'Request body too large (docs/product/limits.md#request-bodies).',
  414: 'A path parameter is too long.',
  415: 'The body is not JSON.',
  431: 'The URL or the headers are too large.',
  429: "Too many requests (docs/product/limits.md#rate-limits); 'Retry-After' says when to try again.",
  500: 'An unexpected fault (logged). Never caused by input.',
  502: 'An outside service failed.',
  503: 'An outside service is not configured.',
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as they are sent, answers as they come. */
export function openApiSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A preprocess step or a transform has no JSON Schema of its own; its input side is what a client sends.
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      // z.number().int()'s ±2^53 bounds tell a client nothing (rest/types.ts jsonSchemaOf does the same).
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  return json;
}

/** One `in: path|query` parameter per property of an object schema. */
function parametersOf(schema: z.ZodType, where: 'path' | 'query') {
  const json = openApiSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/** Fastify's `/api/listings/:id` as OpenAPI's `/api/listings/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The error statuses a row may answer: its own, plus 400/413/415 for input, 414 for an oversized path parameter, 431
 * for an oversized URL or headers (any request), 403 for a foreign Origin, and 500.
 */
export function errorStatusesOf(route: RestRoute): number[] {
  const d = route.doc;
  const statuses = new Set(d.errors ?? []);
  if (d.auth) statuses.add(401);
  if (d.params || d.query || d.body) statuses.add(400);
  // Answered before any route: a path parameter over Fastify's maxParamLength, and a URL or headers over Node's
  // header limit (unknown query parameters are ignored, so a row without any can still be sent a long URL).
  if (d.params) statuses.add(414);
  statuses.add(431);
  if (d.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.method !== 'GET') statuses.add(403);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

export function buildOpenApiDocument(routes: RestRoute[], info: { version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<ApiTag>();
  for (const route of routes) {
    const d = route.doc;
    tags.add(d.tag);
    const responses: Record<string, unknown> = {};
    for (const [status, shape] of Object.entries(d.responses)) {
      const headers = d.headers
        ? Object.fromEntries(Object.entries(d.headers).map(([name, h]) => [name, { description: h.description, schema: openApiSchemaOf(h.schema, 'output') }]))
        : undefined;
      responses[status] = {
        description: Number(status) === 201 ? 'Created' : shape ? 'OK' : 'Done, no body',
        ...(headers ? { headers } : {}),
        ...(shape ? { content: { 'application/json': { schema: openApiSchemaOf(shape, 'output') } } } : {}),
      };
    }
    for (const status of errorStatusesOf(route)) responses[status] = { $ref: `#/components/responses/Error${status}` };
    const parameters = [...(d.params ? parametersOf(d.params, 'path') : []), ...(d.query ? parametersOf(d.query, 'query') : [])];
    const operation = {
      operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
      tags: [d.tag],
      summary: d.summary,
      ...(d.description ? { description: d.description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(d.body ? { requestBody: { required: true, content: { 'application/json': { schema: openApiSchemaOf(d.body, 'input') } } } } : {}),
      responses,
      // A public call says so too: it works without a session, and reads the session cookie when one is sent (a
      // seller sees their own listing waiting for review). The empty requirement is OpenAPI's "none needed".
      security: d.auth ? [{ session: [] }] : [{}, { session: [] }],
    };
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }
  const errorSchema = openApiSchemaOf(errorShape, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bilpartner.no API',
      version: info.version,
      description:
        'The HTTP API of Bilpartner.no, a Norwegian used-car marketplace. JSON in and out; messages are in Norwegian. ' +
        'Log in with POST /api/auth/login: the answer sets the session cookie `bp_session`, which every later call ' +
        'sends. A state-changing request whose `Origin` names another site is refused (403). Limits: ' +
        'docs/product/limits.md in the repository.',
      // Using the API is using the site: its terms of use apply (the page /vilkar).
      license: { name: 'Bilpartner.no terms of use (Brukervilkår)', url: '/vilkar' },
    },
    // The server that serves this document: the same document goes out from every instance, under any host name.
    servers: [{ url: '/', description: 'This site' }],
    tags: (Object.keys(API_TAGS) as ApiTag[]).filter((name) => tags.has(name)).map((name) => ({ name, description: API_TAGS[name] })),
    paths,
    components: {
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bp_session' } },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The site's car mark and name for the reference page's top bar (the same mark as public/favicon.svg). */
const BRAND_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="190" height="32" viewBox="0 0 190 32">' +
  '<rect width="32" height="32" rx="7" fill="#fff"/><path d="M7 19l2-6c.3-.9 1.1-1.5 2-1.5h10c.9 0 1.7.6 2 1.5l2 6v4a1 1 0 0 1-1 1h-1.5a1 1 0 0 1-1-1v-1h-11v1a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z" fill="#0b4f8a"/>' +
  '<text x="42" y="23" font-family="system-ui,sans-serif" font-size="19" font-weight="700" fill="#fff">Bilpartner<tspan fill="#f97316">.no</tspan></text></svg>';

/**
 * GET /api/openapi.json, and the reference page at GET /api/docs: Swagger UI served from node_modules (no CDN; its
 * scripts are files of our origin, so the app's CSP `script-src 'self'` holds), fed the same document.
 */
export async function registerApiDocs(app: FastifyInstance, routes: RestRoute[], info: { version: string }) {
  const document = buildOpenApiDocument(routes, info);
  const json = JSON.stringify(document);
  app.get(OPENAPI_PATH, (_req, reply) => reply.type('application/json; charset=utf-8').send(json));
  await app.register(async (scope) => {
    // Static mode: @fastify/swagger only hands our document to the UI; it does not describe routes itself.
    await scope.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
    await scope.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      logo: { type: 'image/svg+xml', content: Buffer.from(BRAND_LOGO), href: '/', target: '_self' },
      // No calls to the public validator service (offline, and the CSP would block its badge).
      uiConfig: { validatorUrl: null, deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    });
  });
}
