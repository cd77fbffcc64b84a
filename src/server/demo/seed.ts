import { count } from 'drizzle-orm';
import { users as pgUsers } from '../../../db/pg/schema';
import { users } from '../../../db/schema';
import type { AppDeps } from '../deps';
import { registerUser } from '../services/auth';
import type { Store } from '../store';
import { seedDemoListings } from './listings';

// Realistic Norwegian demo users. Their password is shown in the README so a newcomer can log in.
export const DEMO_PASSWORD = 'bilpartner123';
export const DEMO_USERS = [
  { username: 'kari.nordmann', name: 'Kari Nordmann', email: 'kari.nordmann@example.no', phone: '+4791234567', address: 'Storgata 12, 0155 OSLO' },
  { username: 'ola.hansen', name: 'Ola Hansen', email: 'ola.hansen@example.no', phone: '41234567', address: 'Kongens gate 5, 7011 TRONDHEIM' },
  { username: 'ingrid.berg', name: 'Ingrid Berg', email: 'ingrid.berg@example.no', phone: '92345678', address: 'Strandkaien 18, 5013 BERGEN' },
  { username: 'lars.johansen', name: 'Lars Johansen', email: 'lars.johansen@example.no', phone: '48765432', address: 'Kirkegata 3, 4006 STAVANGER' },
];

// Demo data lives on the server side and goes in through the services like any other caller; db/ holds only the
// schema, migrations and the client.

/**
 * Seeds demo data into an empty database (no users besides the env admin): the demo users, then their listings.
 * Returns what it created, or null when the database already had data.
 */
export async function seedDemo(deps: AppDeps): Promise<Record<string, number> | null> {
  const existing = await userCount(deps.store);
  // The env admin may already exist; only a database with no other users counts as empty.
  const adminOnly = deps.config.admin ? 1 : 0;
  if (existing > adminOnly) return null;
  const created: { id: number }[] = [];
  for (const u of DEMO_USERS) created.push(await registerUser(deps.store, { ...u, password: DEMO_PASSWORD }));
  return { users: created.length, ...(await seedDemoListings(deps, created)) };
}

/** How many users the database has, on either store: the demo goes only into an empty one. */
async function userCount(store: Store): Promise<number> {
  if (store.dialect === 'sqlite') return store.db.select({ n: count() }).from(users).get()?.n ?? 0;
  return (await store.db.select({ n: count() }).from(pgUsers))[0]?.n ?? 0;
}
