import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { insertListingRow, insertPhotoRow, insertUserRow } from '../testing/store-rows';
import { storeParts, type Store } from '.';
import { cardColumns, isSold, isVisible, openable, openableWhere, visible, visibleWhere, type CardRow } from './rules';

// store/rules.ts is the one definition of 'visible to buyers', 'openable', 'sold' and the card's columns: no other file
// of the store spells them out, and what they say in SQL is what they say of a loaded row, on both stores.

const STORE_DIR = fileURLToPath(new URL('.', import.meta.url));

/** How a rule looks when it is written out by hand, in SQL or in Drizzle. */
const SPELLINGS: [rule: string, pattern: RegExp][] = [
  ["the status 'approved'", /'approved'/],
  ['active = (visible)', /\bactive\s*=\s/],
  ['eq(….active, true) (visible)', /eq\([\w.]+\.active,\s*true\)/],
  ['sold_at IS NOT NULL (sold)', /sold_at\s+IS\s+NOT\s+NULL/i],
  ['isNotNull(….soldAt) (sold)', /isNotNull\([\w.]+\.soldAt\)/],
  ['the card column list', /fuel_type\W+(?:\w+\.)?transmission\W+(?:\w+\.)?total_price/],
];


/** The rules a source spells out, comments left aside. */
function spelledRules(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return SPELLINGS.filter(([, pattern]) => pattern.test(code)).map(([rule]) => rule);
}

function storeSources(dir = STORE_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return storeSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(STORE_DIR, path)] : [];
  });
}

describe('the rules have one home', () => {
  it('recognises a rule written out by hand', () => {
    expect(spelledRules("WHERE l.status = 'approved' AND l.active")).toContain("the status 'approved'");
    expect(spelledRules('(l.active = true OR l.sold_at IS NOT NULL)')).toEqual(['active = (visible)', 'sold_at IS NOT NULL (sold)']);
    expect(spelledRules('.where(and(eq(listings.active, true), isNotNull(listings.soldAt)))')).toEqual([
      'eq(….active, true) (visible)',
      'isNotNull(….soldAt) (sold)',
    ]);
    expect(spelledRules("'SELECT l.id, l.make, l.model, l.year, l.mileage, l.fuel_type, l.transmission, l.total_price, ' +")).toEqual(['the card column list']);
    expect(spelledRules("// listings that are 'approved' and active = shown\nconst x = 1;")).toEqual([]);
  });

  it('spells them out only in store/rules.ts', () => {
    const sources = storeSources();
    expect(sources).toContain('rules.ts');
    // The scan reads what the rules are written as (in SQL, which the Drizzle forms are built from).
    expect(spelledRules(readFileSync(join(STORE_DIR, 'rules.ts'), 'utf8'))).toEqual([
      "the status 'approved'",
      'active = (visible)',
      'sold_at IS NOT NULL (sold)',
      'the card column list',
    ]);
    const elsewhere = sources
      .filter((file) => file !== 'rules.ts')
      .flatMap((file) => spelledRules(readFileSync(join(STORE_DIR, file), 'utf8')).map((rule) => `${file}: ${rule}`));
    expect(elsewhere).toEqual([]);
  });
});

describeOnEachStore('the rules on a real store', (dialect) => {
  let store: Store;
  afterEach(() => store.close());

  it('select exactly the listings isVisible, isSold and openable say, in Drizzle and in hand-written SQL', async () => {
    store = await createTestStore(dialect);
    const { db, t, d } = storeParts(store);
    const owner = await insertUserRow(store);
    const soldAt = new Date(Date.UTC(2025, 4, 6, 7, 8, 9));
    const states = [
      {},
      { active: false },
      { active: false, soldAt },
      { soldAt },
      { status: 'pending' as const },
      { status: 'pending' as const, active: false, soldAt },
      { status: 'rejected' as const, rejectionReason: 'Nei' },
      { status: 'rejected' as const, active: false, soldAt, rejectionReason: 'Nei' },
    ];
    for (const state of states) await insertListingRow(store, owner, state);
    const rows = await db.select({ id: t.listings.id, status: t.listings.status, active: t.listings.active, soldAt: t.listings.soldAt }).from(t.listings);
    expect(rows).toHaveLength(states.length);
    const ids = (of: { id: number }[]) => of.map((r) => Number(r.id)).sort((a, b) => a - b);
    const visibleIds = ids(rows.filter(isVisible));
    const openableIds = ids(rows.filter((r) => isVisible(r) || isSold(r)));
    expect(visibleIds).toHaveLength(2);
    expect(openableIds).toHaveLength(3);

    const drizzle = (where: ReturnType<typeof visible>) => db.select({ id: t.listings.id }).from(t.listings).where(where).orderBy(asc(t.listings.id));
    const handWritten = (where: string) => d.rows<{ id: number }>(db, sql.raw(`SELECT l.id FROM listings l WHERE ${where} ORDER BY l.id`));
    expect(ids(await drizzle(visible(t.listings)))).toEqual(visibleIds);
    expect(ids(await handWritten(visibleWhere('l')))).toEqual(visibleIds);
    expect(ids(await drizzle(openable(t.listings)))).toEqual(openableIds);
    expect(ids(await handWritten(openableWhere('l')))).toEqual(openableIds);
  });

  it("read a card's columns, its creation time in ms and its first photo the same way", async () => {
    store = await createTestStore(dialect);
    const { db, d } = storeParts(store);
    const created = new Date(Date.UTC(2024, 1, 29, 12, 30, 15, 123));
    const id = await insertListingRow(store, await insertUserRow(store), { make: 'Kia', model: 'Niro', createdAt: created });
    const second = await insertPhotoRow(store, id, 1);
    const first = await insertPhotoRow(store, id, 0);
    const [card] = await d.rows<CardRow & Record<string, unknown>>(db, sql.raw(`SELECT ${cardColumns(dialect, 'l')} FROM listings l WHERE l.id = ${id}`));
    expect(Object.keys(card).sort()).toEqual(
      ['id', 'make', 'model', 'year', 'mileage', 'fuel_type', 'transmission', 'total_price', 'place', 'cover_image', 'first_total_price', 'price_rating', 'created_at', 'cover_photo'].sort(),
    );
    expect(card).toMatchObject({ id, make: 'Kia', model: 'Niro', created_at: created.getTime() });
    // The photo at position 0, though added after the one at 1: [id, url, thumb_url, medium_url, width, height].
    const photo = JSON.parse(card.cover_photo!) as unknown[];
    expect(photo).toHaveLength(6);
    expect(photo.slice(1, 3)).toEqual([first.url, first.thumbUrl]);
    expect(photo[1]).not.toBe(second.url);
  });
});
