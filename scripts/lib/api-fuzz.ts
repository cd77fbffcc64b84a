// Property-based requests from an OpenAPI 3.1 document, and a check of every answer against it. Used by
// `npm run test:fuzz` (scripts/fuzz-api.ts, the built server over real HTTP) and by the contract test in `npm test`
// (src/server/rest/openapi.http.test.ts, app.inject). Imports nothing of the server: it knows the API only through
// the document, as an integrator would.
//
// Inputs come from fast-check arbitraries derived from each operation's JSON Schemas: valid values, boundary values
// (minimum/maximum lengths and numbers, empty strings, unicode, NUL, bidi overrides, zero-width characters) and hostile
// values (wrong types, 100 000-item arrays, deeply nested objects, 5 MB strings). Answers are checked with Ajv (JSON
// Schema 2020-12, OpenAPI 3.1's dialect): no 5xx, no status the operation does not document, no body outside the
// schema documented for its status.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema / OpenAPI objects are read ad hoc
type Json = any;

export interface Operation {
  method: string;
  path: string;
  id: string;
  op: Json;
}

export interface FuzzRequest {
  method: string;
  url: string;
  body?: string;
  headers: Record<string, string>;
}

export interface FuzzAnswer {
  status: number;
  body: string;
  contentType?: string;
}

export type Kind = 'valid' | 'boundary' | 'hostile';

export interface Failure {
  operation: string;
  kind: Kind;
  request: string;
  status: number;
  problem: string;
}

export function operationsOf(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) ops.push({ method: method.toUpperCase(), path, id: `${method.toUpperCase()} ${path}`, op });
  }
  return ops;
}

// --- values -----------------------------------------------------------------------------------------------------

const NASTY_TEXT = ['', ' ', '\u0000', 'a\u0000b', '\u202Eevil\u202C', 'zero\u200Bwidth\uFEFF', '🚗🚙', 'Æøå ÆØÅ é', 'e\u0301', '\uD800', '%00', '../../etc/passwd', "'; DROP TABLE listings;--", '<script>alert(1)</script>', '${7*7}'];
const SAFE_ALPHABET = 'abcdefghijklmnopqrstuvwxyzæøå0123456789';

const ajvForPatterns = (pattern: string) => new RegExp(pattern, 'u');

function stringOf(s: Json): fc.Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  if (s.const !== undefined) return fc.constant(s.const as string);
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
  if (s.format === 'email') return fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.constantFrom('example.no', 'test.com')).map(([u, d]) => `${u}@${d}`);
  if (s.pattern) {
    const re = ajvForPatterns(s.pattern);
    // Strings made from the pattern itself where fast-check can: a filter over random strings never meets a pattern
    // as narrow as a 32-character token's. Patterns it cannot read (lookarounds) keep the filter.
    try {
      return fc.stringMatching(re).filter((v) => v.length >= min && v.length <= Math.max(max, min, 1));
    } catch {
      return fc.string({ unit: fc.constantFrom(...SAFE_ALPHABET), minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }).filter((v) => re.test(v));
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberOf(s: Json): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  if (s.type === 'integer') return fc.integer({ min: Math.ceil(lo), max: Math.floor(Math.max(lo, hi)) });
  return fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (as far as types, bounds, enums and patterns go). */
export function validOf(s: Json, depth = 0): fc.Arbitrary<unknown> {
  if (!s || typeof s !== 'object' || Object.keys(s).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf).map((x: Json) => validOf(x, depth)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
    case 'number':
      return numberOf(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validOf(s.items ?? {}, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      const required = new Set<string>(s.required ?? []);
      const entries = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validOf(v, depth + 1)]));
      return fc.record(entries, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values on the edges of the schema: exact bounds, empty and odd text. */
export function boundaryOf(s: Json): fc.Arbitrary<unknown> {
  if (!s || typeof s !== 'object') return fc.constantFrom(...NASTY_TEXT);
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf).map((x: Json) => boundaryOf(x)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const lengths = [s.minLength ?? 0, s.maxLength, s.maxLength !== undefined ? s.maxLength + 1 : undefined, s.minLength ? s.minLength - 1 : undefined].filter(
        (n): n is number => n !== undefined && n >= 0 && n <= 200_000,
      );
      return fc.oneof(
        fc.constantFrom(...NASTY_TEXT),
        fc.tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'Ø', '🚗', '\u0000', '\u202E', ' ')).map(([n, c]) => c.repeat(Math.ceil(n / c.length)).slice(0, n)),
      );
    }
    case 'integer':
    case 'number': {
      const edges = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum, 0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1.5].filter((n) => n !== undefined);
      return fc.oneof(fc.constantFrom(...edges), fc.constantFrom(...edges).map((n: number) => n + 1), fc.constantFrom(...edges).map((n: number) => n - 1));
    }
    case 'boolean':
      return fc.constantFrom(true, false, 'true', 0, 1);
    case 'array': {
      const n = [0, s.minItems ?? 0, s.maxItems, s.maxItems !== undefined ? s.maxItems + 1 : undefined].filter((x): x is number => x !== undefined && x <= 100_000);
      return fc.tuple(fc.constantFrom(...n), validOf(s.items ?? {})).map(([len, item]) => Array.from({ length: len }, () => item));
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      if (Object.keys(props).length === 0) return fc.constant({});
      const entries = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fc.oneof(validOf(v), boundaryOf(v))]));
      return fc.record(entries, { requiredKeys: [] });
    }
    default:
      return fc.constantFrom(...NASTY_TEXT);
  }
}

/**
 * JSON text nested `depth` levels deep. Kept as text (JSON.stringify itself overflows the stack on a few thousand
 * levels); `requestOf` splices it into the body.
 */
class RawJson {
  constructor(readonly text: string) {}
}
const RAW_TOKEN = '\u0000raw-json\u0000';
const deepNest = (depth: number) => new RawJson(`${'{"a":['.repeat(depth / 2)}"bunn"${']}'.repeat(depth / 2)}`);

const HUGE_ARRAY = () => Array.from({ length: 100_000 }, (_, i) => `x${i % 10}`);
const FIVE_MB = () => 'A'.repeat(5 * 1024 * 1024);

/** Values of the wrong type or absurd size, in place of the whole input or of one of its fields. */
export function hostileOf(s: Json, opts: { big: boolean }): fc.Arbitrary<unknown> {
  const wrong: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>(null, true, 0, -1, 1e308, '', 'null', [], {}, [null], { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
    fc.jsonValue({ maxDepth: 3 }),
    fc.constant(deepNest(opts.big ? 5_000 : 200)),
  ];
  if (opts.big) wrong.push(fc.constant(null).map(HUGE_ARRAY), fc.constant(null).map(FIVE_MB));
  const props = (s?.properties ?? {}) as Record<string, Json>;
  const keys = Object.keys(props);
  if (keys.length === 0) return fc.oneof(...wrong);
  // One field hostile, the others valid: reaches the checks behind the first field's.
  const oneField = fc.tuple(validOf(s), fc.constantFrom(...keys), fc.oneof(...wrong)).map(([base, k, bad]) => ({ ...(base as object), [k]: bad }));
  return fc.oneof(oneField, oneField, fc.oneof(...wrong));
}

// --- requests ---------------------------------------------------------------------------------------------------

function paramSchema(op: Json, where: 'path' | 'query') {
  const params = ((op.parameters ?? []) as Json[]).filter((p) => p.in === where);
  if (params.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema])), required: params.filter((p) => p.required).map((p) => p.name) };
}

/** A value as query/path text, at most 8 KB (several of them still make a URL over Node's 16 KB limit: 431). */
const asParam = (v: unknown): string =>
  (typeof v === 'string' ? v : v === undefined ? '' : v instanceof RawJson ? v.text : typeof v === 'object' ? JSON.stringify(v) : String(v)).slice(0, 8192);

export interface Inputs {
  path?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Arbitrary inputs of one kind for an operation: path parameters, query, body. */
export function inputsOf(o: Operation, kind: Kind, opts: { big: boolean }): fc.Arbitrary<Inputs> {
  const path = paramSchema(o.op, 'path');
  const query = paramSchema(o.op, 'query');
  const body = o.op.requestBody?.content?.['application/json']?.schema;
  const gen = kind === 'valid' ? validOf : kind === 'boundary' ? boundaryOf : (s: Json) => hostileOf(s, opts);
  return fc.record({
    path: path ? (kind === 'hostile' ? fc.oneof(validOf(path), hostileOf(path, { big: false })) : gen(path)) : fc.constant(undefined),
    query: query ? gen(query) : fc.constant(undefined),
    body: body ? gen(body) : fc.constant(undefined),
  });
}

/** A lone surrogate cannot be put in a URL (encodeURIComponent throws); a browser would send U+FFFD instead. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

export function requestOf(o: Operation, inputs: Inputs, cookie?: string): FuzzRequest {
  let url = o.path;
  const p = (inputs.path && typeof inputs.path === 'object' ? inputs.path : {}) as Record<string, unknown>;
  url = url.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(wellFormed(asParam(p[name])) || '1'));
  if (inputs.query !== undefined) {
    const qs = new URLSearchParams();
    if (inputs.query && typeof inputs.query === 'object' && !Array.isArray(inputs.query)) {
      for (const [k, v] of Object.entries(inputs.query)) {
        if (Array.isArray(v)) for (const item of v.slice(0, 50)) qs.append(k, asParam(item));
        else if (v !== undefined) qs.append(k, asParam(v));
      }
    } else qs.append('q', asParam(inputs.query));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (inputs.body !== undefined) {
    headers['content-type'] = 'application/json';
    let raw: string | undefined;
    body = JSON.stringify(inputs.body, (_k, v: unknown) => (v instanceof RawJson ? ((raw = v.text), RAW_TOKEN) : v));
    if (raw !== undefined) body = body.replace(JSON.stringify(RAW_TOKEN), raw);
  }
  return { method: o.method, url, body, headers };
}

// --- answers ----------------------------------------------------------------------------------------------------

export class AnswerChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi.json', components: doc.components }, 'openapi.json');
  }

  private responseOf(o: Operation, status: number): Json | undefined {
    let r = o.op.responses?.[String(status)];
    if (r?.$ref) r = this.doc.components.responses[String(r.$ref).split('/').pop()!];
    return r;
  }

  private validator(o: Operation, status: number, schema: Json) {
    const key = `${o.id} ${status}`;
    let v = this.validators.get(key);
    if (!v) {
      // Refs point into the document's components.
      const rewritten = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/'));
      v = this.ajv.compile(rewritten);
      this.validators.set(key, v);
    }
    return v;
  }

  /** Why an answer breaks the contract, or undefined when it keeps it. */
  problem(o: Operation, a: FuzzAnswer): string | undefined {
    if (a.status >= 500) return `server error ${a.status}: ${a.body.slice(0, 200)}`;
    const r = this.responseOf(o, a.status);
    if (!r) return `undocumented status ${a.status}: ${a.body.slice(0, 200)}`;
    const schema = r.content?.['application/json']?.schema;
    if (!schema) return a.body.length > 0 && o.method !== 'HEAD' ? `a body where none is documented: ${a.body.slice(0, 100)}` : undefined;
    if (!/application\/json/.test(a.contentType ?? '')) return `content-type ${a.contentType} is not JSON`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(a.body);
    } catch {
      return `body is not JSON: ${a.body.slice(0, 100)}`;
    }
    const v = this.validator(o, a.status, schema);
    if (!v(parsed)) return `body outside the schema of ${a.status}: ${this.ajv.errorsText(v.errors)}; body ${a.body.slice(0, 200)}`;
    return undefined;
  }
}

/** A short description of a request for a failure report (bodies cut). */
export function describe(req: FuzzRequest): string {
  const body = req.body === undefined ? '' : ` ${req.body.length > 160 ? `${req.body.slice(0, 160)}… (${req.body.length} bytes)` : req.body}`;
  return `${req.method} ${req.url.length > 200 ? `${req.url.slice(0, 200)}…` : req.url}${body}`;
}

export interface FuzzOptions {
  /** Cases per kind and operation. */
  runs: number;
  /** Include 100k-item arrays, 5 MB strings and 5 000-deep nesting. */
  big: boolean;
  seed?: number;
  send: (req: FuzzRequest) => Promise<FuzzAnswer>;
  /** The session cookie to send (may change: a case can end the session). */
  cookie: () => Promise<string | undefined>;
  /** Called after each case, e.g. to renew a session the case ended. */
  after?: (o: Operation, req: FuzzRequest, a: FuzzAnswer) => Promise<void>;
  /** Operations to leave out (by id). */
  skip?: (o: Operation) => boolean;
}

export interface FuzzReport {
  perOperation: Record<string, number>;
  total: number;
  failures: Failure[];
}

export async function fuzzDocument(doc: Json, opts: FuzzOptions): Promise<FuzzReport> {
  const checker = new AnswerChecker(doc);
  const perOperation: Record<string, number> = {};
  const failures: Failure[] = [];
  let total = 0;
  for (const o of operationsOf(doc)) {
    if (opts.skip?.(o)) continue;
    for (const kind of ['valid', 'boundary', 'hostile'] as Kind[]) {
      const samples = fc.sample(inputsOf(o, kind, { big: opts.big }), { numRuns: opts.runs, seed: opts.seed });
      for (const inputs of samples) {
        const req = requestOf(o, inputs, await opts.cookie());
        let a: FuzzAnswer;
        try {
          a = await opts.send(req);
        } catch (err) {
          failures.push({ operation: o.id, kind, request: describe(req), status: 0, problem: `no answer: ${String(err)}` });
          continue;
        } finally {
          total++;
          perOperation[o.id] = (perOperation[o.id] ?? 0) + 1;
        }
        const problem = checker.problem(o, a);
        if (problem) failures.push({ operation: o.id, kind, request: describe(req), status: a.status, problem });
        await opts.after?.(o, req, a);
      }
    }
  }
  return { perOperation, total, failures };
}
