import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { listings, users, type NewListing } from '../../../db/schema';
import { adminListingsInput, ADMIN_LISTING_SORTS, type AdminListingsInput } from '../../shared/schemas/admin';
import { createSqliteStore } from '../store';
import { createTestDb, createUser } from '../testing/harness';
import { generateListing, rng } from '../testing/listing-factory';
import { adminListings, normaliseSearch } from './admin-listings';

// The all-listings table of the admin (docs/product/admin.md#listings) over ten thousand listings in every status:
// each sort and direction pages exactly like sorting everything would, filters and searches count right, and the
// code search uses the unique index.

const N = 10_000;
let db: Db;
let all: (NewListing & { id: number; ownerUsername: string })[];

beforeAll(async () => {
  db = createTestDb();
  const owners: { id: number; username: string }[] = [];
  for (let i = 0; i < 5; i++) owners.push((await createUser(db, { username: `selger${i}`, name: `Selger ${i}` })).user);
  const r = rng(7);
  const statuses = ['approved', 'approved', 'approved', 'pending', 'rejected'] as const;
  db.transaction((tx) => {
    for (let i = 0; i < N; i++) {
      const owner = owners[i % owners.length];
      const status = statuses[r.int(0, statuses.length - 1)];
      const values = { ...generateListing(r, owner.id, i + 1), status, rejectionReason: status === 'rejected' ? 'Mangler bilder.' : null };
      tx.insert(listings).values(values).run();
    }
  });
  const byId = new Map(owners.map((o) => [o.id, o.username]));
  all = db
    .select()
    .from(listings)
    .all()
    .map((l) => ({ ...l, ownerUsername: byId.get(l.userId)! }));
  expect(db.select().from(users).all()).toHaveLength(5);
}, 60_000);

const page = (input: AdminListingsInput) => adminListings(createSqliteStore(db, false), adminListingsInput.parse(input));

type Row = (typeof all)[number];
const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
const time = (r: Row) => (r.createdAt as Date).getTime();
const nocase = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The order the table promises, written out in plain JavaScript. */
function reference(sort: (typeof ADMIN_LISTING_SORTS)[number], direction: 'asc' | 'desc'): Row[] {
  const d = direction === 'asc' ? 1 : -1;
  const byCreatedDesc = (a: Row, b: Row) => -cmp(time(a), time(b)) || -cmp(a.id, b.id);
  const order: Record<typeof sort, (a: Row, b: Row) => number> = {
    createdAt: (a, b) => d * (cmp(time(a), time(b)) || cmp(a.id, b.id)),
    price: (a, b) => d * (cmp(a.totalPrice!, b.totalPrice!) || cmp(a.id, b.id)),
    status: (a, b) => d * cmp(a.status!, b.status!) || byCreatedDesc(a, b),
    make: (a, b) => d * (cmp(nocase(a.make), nocase(b.make)) || cmp(nocase(a.model), nocase(b.model))) || byCreatedDesc(a, b),
  };
  return [...all].sort(order[sort]);
}

describe('adminListings over ten thousand listings', () => {
  it.each(ADMIN_LISTING_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((direction) => ({ sort, direction }))))(
    'sorts by $sort $direction and pages like the full order',
    async ({ sort, direction }) => {
      const expected = reference(sort, direction).map((r) => r.id);
      for (const p of [1, 2, 57, 400]) {
        const res = (await page({ sort, direction, page: p, limit: 25 }));
        expect(res.total).toBe(N);
        expect(res.offset).toBe((p - 1) * 25);
        expect(res.items.map((i) => i.id)).toEqual(expected.slice((p - 1) * 25, p * 25));
      }
    },
  );

  it('walks every page once: no listing repeated or skipped', async () => {
    const seen = new Set<number>();
    for (let offset = 0; offset < N; offset += 100) {
      const res = (await page({ sort: 'price', direction: 'desc', offset, limit: 100 }));
      for (const item of res.items) seen.add(item.id);
    }
    expect(seen.size).toBe(N);
    expect((await page({ offset: N, limit: 100 })).items).toEqual([]);
    expect((await page({ offset: N, limit: 100 })).total).toBe(N);
  });

  it('answers the row of the table: code, car, prices, status, owner, created', async () => {
    const [item] = (await page({ sort: 'createdAt', direction: 'desc', limit: 1 })).items;
    const src = reference('createdAt', 'desc')[0];
    expect(item).toEqual({
      id: src.id,
      uniqueCode: src.uniqueCode,
      make: src.make,
      model: src.model,
      year: src.year,
      registrationNumber: src.registrationNumber,
      price: src.price,
      totalPrice: src.totalPrice,
      status: src.status,
      rejectionReason: src.status === 'rejected' ? 'Mangler bilder.' : null,
      active: true,
      createdAt: (src.createdAt as Date).toISOString(),
      userId: src.userId,
      ownerUsername: src.ownerUsername,
      ownerName: expect.stringMatching(/^Selger \d$/),
    });
  });

  it.each(['pending', 'approved', 'rejected'] as const)('filters by status %s', async (status) => {
    const expected = all.filter((l) => l.status === status);
    const res = (await page({ status, sort: 'createdAt', direction: 'asc', limit: 100 }));
    expect(res.total).toBe(expected.length);
    expect(res.items.every((i) => i.status === status)).toBe(true);
    expect((await page({ status: 'all' })).total).toBe(N);
  });

  it('finds a listing by its unique code, with or without the prefix, in any case', async () => {
    const target = all[1234];
    for (const q of [target.uniqueCode, target.uniqueCode.toLowerCase(), target.uniqueCode.slice(3), ` ${target.uniqueCode} `]) {
      const res = (await page({ search: q }));
      expect(res.items.map((i) => i.id), q).toContain(target.id);
      expect(res.total, q).toBe(all.filter((l) => l.uniqueCode.startsWith(normaliseSearch(target.uniqueCode))).length);
    }
  });

  it('finds listings by registration number or its start, spaces and case ignored', async () => {
    const target = all[4321];
    const plate = target.registrationNumber!;
    const spaced = `${plate.slice(0, 2).toLowerCase()} ${plate.slice(2)}`;
    const exact = all.filter((l) => l.registrationNumber === plate);
    const res = (await page({ search: spaced, limit: 100 }));
    expect(res.items.map((i) => i.id)).toEqual(expect.arrayContaining(exact.map((l) => l.id)));
    const prefix = plate.slice(0, 4);
    expect((await page({ search: prefix })).total).toBe(all.filter((l) => l.registrationNumber!.startsWith(prefix) || l.uniqueCode.startsWith(prefix)).length);
    expect((await page({ search: 'ZZ99999' })).total).toBe(0);
  });

  it('combines a status filter with a search', async () => {
    const target = all.find((l) => l.status === 'rejected')!;
    expect((await page({ search: target.uniqueCode, status: 'rejected' })).items.map((i) => i.id)).toEqual([target.id]);
    expect((await page({ search: target.uniqueCode, status: 'approved' })).total).toBe(0);
  });

  it('searches codes through the unique index', () => {
    const plan = db.$client
      .prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM listings WHERE unique_code >= ? AND unique_code < ?")
      .all('BP-0001', 'BP-0001\uffff') as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/listings_unique_code_uq/);
  });

  it('refuses bad paging and sorting with Norwegian messages', () => {
    for (const [input, message] of [
      [{ limit: 0 }, 'Antall per side (limit) må være et heltall fra 1 til 100.'],
      [{ limit: 101 }, 'Antall per side (limit) må være et heltall fra 1 til 100.'],
      [{ page: 0 }, 'Side (page) må være et heltall fra 1.'],
      [{ offset: -1 }, 'Startposisjon (offset) må være et heltall fra 0.'],
      [{ sort: 'mileage' }, 'Ukjent sortering.'],
      [{ direction: 'up' }, 'Retning må være asc eller desc.'],
      [{ status: 'deleted' }, 'Ukjent status. Bruk pending, approved, rejected eller all.'],
    ] as const) {
      const parsed = adminListingsInput.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0].message).toBe(message);
    }
  });
});
