import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzDocument, operationsOf } from '../../../scripts/lib/api-fuzz';
import { createTestApp, loggedInUser, type TestApp } from '../testing/harness';
import { insertListing } from '../testing/listing-factory';
import { openApiPath } from './openapi';
import { restRoutes } from './routes';
import { START_SCRIPT_CSP } from '../pages/start-scripts';

// The /api/* contract as OpenAPI 3.1 (docs/product/api.md#openapi): a valid document naming every REST row, the
// reference page served under the app's CSP, and a small property-based run of every operation through app.inject
// (the full run over real HTTP is `npm run test:fuzz`).

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is read as plain JSON, as a client would
let doc: any;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    // The rules `redocly lint` applies without a configuration file, from its library, on the document as served.
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location.map((l) => l.pointer).join(', ')})`);
    expect(lines, lines.join('\n')).toEqual([]);
    // What the rules ask for, said as this API means it: public calls need no session, and one server, this site.
    expect(doc.paths['/api/listings'].get.security).toEqual([{}, { session: [] }]);
    expect(doc.paths['/api/my-listings'].get.security).toEqual([{ session: [] }]);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('documents every REST row (method and path) and nothing else', () => {
    const documented = operationsOf(doc).map((o) => o.id).sort();
    const rows = restRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`).sort();
    expect(documented).toEqual(rows);
  });

  it('documents each error status as {message, details} and the listing search as full Listings', () => {
    for (const o of operationsOf(doc)) {
      expect(o.op.responses['500']).toEqual({ $ref: '#/components/responses/Error500' });
      if (o.op.requestBody || o.op.parameters) expect(o.op.responses['400']).toBeDefined();
    }
    expect(doc.components.schemas.Error.required).toEqual(['message']);
    const list = doc.paths['/api/listings'].get;
    const item = list.responses['200'].content['application/json'].schema.items;
    expect(item.required).toEqual(expect.arrayContaining(['bodyType', 'drivetrain', 'price', 'registrationFee', 'color', 'images', 'status', 'active', 'updatedAt']));
    expect(list.responses['200'].headers['X-Total-Count']).toBeDefined();
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['bodyType', 'limit', 'offset', 'sort']));
    expect(doc.paths['/api/listings'].post.requestBody.content['application/json'].schema.properties.equipment.type).toBe('array');
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page from our own origin, under script-src self', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script[^>]*>[^<\s]/); // no inline script
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/')).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    }
    // Our files, and no inline script but the server-rendered pages' starter, by its hash.
    expect(String(page.headers['content-security-policy'])).toContain(`script-src 'self' ${START_SCRIPT_CSP};`);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl');
    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.json()).toEqual(doc);
  });
});

describe('every operation against its documented answers (a small property-based run)', () => {
  it('answers no 5xx and nothing outside the document', async () => {
    const user = await loggedInUser(t.store);
    for (let i = 0; i < 3; i++) await insertListing(t.store, user.user.id, { make: 'Volvo' });
    let cookie = user.cookie;
    const report = await fuzzDocument(doc, {
      runs: 4,
      big: false,
      seed: 8,
      send: async (req) => {
        const res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.body });
        return { status: res.statusCode, body: res.body, contentType: res.headers['content-type'] as string | undefined };
      },
      cookie: async () => cookie,
      after: async (o, _req, a) => {
        // Logging out or changing the password ends this session: carry on with a fresh user.
        if ((o.id === 'POST /api/auth/logout' || o.id === 'PUT /api/auth/change-password') && a.status < 300) cookie = (await loggedInUser(t.store)).cookie;
      },
    });
    expect(report.failures).toEqual([]);
    expect(Object.keys(report.perOperation)).toHaveLength(restRoutes.length);
    expect(report.total).toBe(restRoutes.length * 3 * 4);
  }, 60_000);

  it('notices an answer outside the document (the check can fail)', async () => {
    const broken = structuredClone(doc);
    broken.paths['/api/listings'].get.responses['200'].content['application/json'].schema.items.properties.bodyType = { type: 'number' };
    delete broken.paths['/api/listings'].get.responses['400'];
    const report = await fuzzDocument(broken, {
      runs: 3,
      big: false,
      seed: 1,
      skip: (o) => o.id !== 'GET /api/listings',
      send: async (req) => {
        const res = await t.app.inject({ method: 'GET', url: req.url });
        return { status: res.statusCode, body: res.body, contentType: res.headers['content-type'] as string | undefined };
      },
      cookie: async () => undefined,
    });
    const problems = report.failures.map((f) => f.problem).join('\n');
    expect(problems).toMatch(/bodyType/);
    expect(problems).toMatch(/undocumented status 400/);
  });
});
