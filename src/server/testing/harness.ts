import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openDatabase, type Db } from '../../../db/client';
import { buildApp, type BuildOptions } from '../app';
import { testConfig, type AppConfig } from '../config';
import { registerUser } from '../services/auth';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../auth/session';
import { InProcessHub } from '../realtime/hub';
import { appRouter } from '../trpc/root';
import { createCallerFactory } from '../trpc/init';
import type { Context } from '../trpc/context';
import { noCookieJar } from '../auth/cookies';
import type { Integrations } from '../deps';
import { AppError } from '../errors';
import { VEHICLE_LOOKUP_NOT_CONFIGURED_MESSAGE } from '../../shared/vehicle-data';
import { createStores } from '../services/stores';
import { createRateLimits } from '../limits/rate-limiter';
import { createSqliteStore, type Store } from '../store';
import { createTestStore } from './stores';
import { insertListing } from './listing-factory';
import type { NewListing } from '../../../db/schema';
import { storeOf, type StoreOrDb } from './store-or-db';
import { createTestMailer } from './mail';
import type { Mailer } from '../mail/mailer';
import { RenderAhead } from '../pages/render-ahead';
import { RegistryChecks } from '../services/registry-facts';

export { storeOf, type StoreOrDb };

/** A fresh migrated in-memory database. */
export function createTestDb(): Db {
  return openDatabase(':memory:');
}

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  db: Db;
  config: AppConfig;
  uploadDir: string;
  /** The app's mailer: `await mailer.idle()`, then read `outboxDir` (testing/mail.ts readOutbox). */
  mailer: Mailer;
  outboxDir: string;
  close(): Promise<void>;
}

/** buildApp on a fresh in-memory database and a temp upload dir; use with app.inject. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-uploads-'));
  const config = testConfig({ uploadDir, ...overrides });
  const store = options.store ?? (options.db ? createSqliteStore(options.db, false) : await createTestStore());
  const db = (store.dialect === 'sqlite' ? store.db : undefined) as Db;
  const own = options.mailer ? undefined : createTestMailer(store);
  const mailer = options.mailer ?? own!.mailer;
  // Listings' plates are not looked up unless a test brings its registry look-ups: no background call reaches a
  // registry the test did not set up (listing-registry.http.test.ts brings its own).
  const registryChecks = options.registryChecks ?? new RegistryChecks({ store, registry: noRegistry, log: silentLog });
  const app = await buildApp(config, { ...options, store, mailer, registryChecks });
  await app.ready();
  return {
    app,
    store,
    db,
    config,
    uploadDir,
    mailer,
    outboxDir: own?.outboxDir ?? config.mailOutboxDir,
    async close() {
      await app.close();
      await own?.mailer.close();
      if (!options.store) await store.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
      if (own) fs.rmSync(own.outboxDir, { recursive: true, force: true });
    },
  };
}

/** Listens on a free loopback port, for tests that need real sockets (raw HTTP, websockets); answers the port. */
export async function listenOnLoopback(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as { port: number }).port;
}

let counter = 0;
/** A realistic Norwegian user; returns the row and its plain password. */
export async function createUser(
  x: StoreOrDb,
  overrides: Partial<{ username: string; password: string; name: string; email: string; phone: string; address: string; isAdmin: boolean }> = {},
) {
  counter += 1;
  const password = overrides.password ?? 'hemmelig123';
  const user = await registerUser(
    storeOf(x),
    {
      username: overrides.username ?? `bruker${counter}_${Date.now() % 100000}`,
      password,
      name: overrides.name ?? 'Kari Nordmann',
      email: overrides.email ?? `kari${counter}@example.no`,
      phone: overrides.phone ?? '91234567',
      address: overrides.address ?? 'Storgata 1, 0155 OSLO',
    },
    { isAdmin: overrides.isAdmin ?? false },
  );
  return { user, password };
}

/** Creates a session directly (no login round trip) and returns the Cookie header value. */
export async function sessionCookie(x: StoreOrDb, userId: number): Promise<string> {
  const token = generateSessionToken();
  await createSession(storeOf(x), token, userId);
  return `${SESSION_COOKIE}=${token}`;
}

/** A user plus a cookie for app.inject. */
export async function loggedInUser(x: StoreOrDb, overrides: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(x, overrides);
  return { user, password, cookie: await sessionCookie(x, user.id) };
}

export type TestUser = Awaited<ReturnType<typeof loggedInUser>>;

/** `n` ordinary users with their cookies, created one after another (ids in order). */
export async function loggedInUsers(x: StoreOrDb, n: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i++) users.push(await loggedInUser(x));
  return users;
}

/** An app where a seller owns one listing (of `listing`'s fields) and a buyer may ask about it, both logged in. */
export async function appWithListing(listing: Partial<NewListing> = {}) {
  const t = await createTestApp();
  const [seller, buyer] = await loggedInUsers(t.store, 2);
  const { id: listingId } = await insertListing(t.store, seller.user.id, listing);
  return { t, seller, buyer, listingId };
}

/**
 * A tRPC caller as a given user (or a visitor) for router tests, without HTTP. The user is read through the store
 * when the first call is made (tRPC takes the context as a function), so the caller itself is made synchronously.
 */
export function callerFor(x: StoreOrDb, user: { id: number } | null, opts: { config?: AppConfig; integrations?: Partial<Integrations> } = {}) {
  const store = storeOf(x);
  let ctx: Promise<Context> | undefined;
  return createCallerFactory(appRouter)(() => (ctx ??= callerContext(store, user, opts)));
}

/** A registry no caller configured: every look-up answers "not configured", as without an API key. */
const noRegistry = { lookup: () => Promise.reject(new AppError('SERVICE_UNAVAILABLE', VEHICLE_LOOKUP_NOT_CONFIGURED_MESSAGE)) };

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return this; }, level: 'silent', silent() {} } as never;

async function callerContext(store: Store, user: { id: number } | null, opts: { config?: AppConfig; integrations?: Partial<Integrations> }): Promise<Context> {
  const config = opts.config ?? testConfig();
  const full = user ? await store.users.findById(user.id) : undefined;
  const { passwordHash: _p, ...safe } = full ?? ({} as Record<string, unknown>);
  return {
    store,
    config,
    hub: new InProcessHub(),
    log: silentLog,
    integrations: (opts.integrations ?? {}) as Integrations,
    stores: createStores(store),
    rateLimits: createRateLimits(),
    // Created only when a mail is written: router tests that send none leave no folder behind.
    mailer: createTestMailer(store, path.join(os.tmpdir(), `bp-outbox-callers-${process.pid}`)).mailer,
    // Without an app no page is rendered: nothing to render ahead.
    renderAhead: new RenderAhead(silentLog),
    registryChecks: new RegistryChecks({ store, registry: (opts.integrations ?? {}).vehicleRegistry ?? noRegistry, log: silentLog }),
    user: full ? (safe as Context['user']) : null,
    session: full ? { id: 'test', userId: full.id, expiresAt: new Date(Date.now() + 1e9) } : null,
    cookies: noCookieJar,
    ip: '127.0.0.1',
    userAgent: 'vitest',
    setHeader: () => {},
    origin: () => 'http://localhost',
    socketCaller: undefined,
  };
}

/** Parses a JSON inject response, failing loudly on a non-JSON body. */
// Tests read ad-hoc JSON bodies and assert on them directly; a test that wants a checked shape passes T.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function json<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}
