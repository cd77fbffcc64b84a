import { expect, it } from 'vitest';
import type { Dialect } from '.';
import { insertListing } from '../testing/listing-factory';
import { insertUser } from '../testing/photos-fixtures';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';

// The reports repository's contract on both stores: what `decide` is shown, what it writes, and the reads.

describeOnEachStore('ReportsRepo', (dialect: Dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({
    seller: await insertUser(store, { name: 'Siri Selger' }),
    a: await insertUser(store, { name: 'Anna' }),
    b: await insertUser(store, { name: 'Bjørn' }),
    admin: await insertUser(store, { name: 'Ada', isAdmin: true }),
  }));
  const since = () => new Date(Date.now() - 60_000);

  it('shows decide the listing, an earlier report and the recent others; hides when told; a throw writes nothing', async () => {
    const { id } = await insertListing(t.store, t.seller);
    const seen: unknown[] = [];
    const first = await t.store.reports.create(id, t.a, { reason: 'svindel', comment: 'Falsk' }, since(), (s) => {
      seen.push([s.listing?.id, s.alreadyReported, s.recentOthers]);
      return { hide: false };
    });
    expect(first).toMatchObject({ listingId: id, reporterId: t.a, reason: 'svindel', comment: 'Falsk', resolvedAt: null, resolution: null });
    await expect(
      t.store.reports.create(id, t.a, { reason: 'annet', comment: '' }, since(), (s) => {
        seen.push([s.listing?.id, s.alreadyReported, s.recentOthers]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await t.store.reports.create(id, t.b, { reason: 'upassende', comment: '' }, since(), (s) => {
      seen.push([s.listing?.id, s.alreadyReported, s.recentOthers]);
      return { hide: true };
    });
    // Reports before `since` do not count.
    await t.store.reports.create(id, t.admin, { reason: 'annet', comment: '' }, new Date(Date.now() + 60_000), (s) => {
      seen.push([s.listing?.id, s.alreadyReported, s.recentOthers]);
      return { hide: false };
    });
    expect(seen).toEqual([
      [id, false, 0],
      [id, true, 0],
      [id, false, 1],
      [id, false, 0],
    ]);
    expect(await t.store.listings.find(id)).toMatchObject({ active: false, reportHiddenAt: expect.any(Date) });
    await t.store.reports.create(999_999, t.a, { reason: 'annet', comment: '' }, since(), (s) => {
      expect(s.listing).toBeUndefined();
      throw new Error('no listing');
    }).catch(() => undefined);
    expect((await t.store.reports.byReporter(t.a)).map((r) => r.reason)).toEqual(['svindel']);
  });

  it('lists open reports with listing, owner and reporter; resolve closes them with audit and notifications', async () => {
    const { id, uniqueCode } = await insertListing(t.store, t.seller);
    await t.store.reports.create(id, t.a, { reason: 'svindel', comment: '' }, since(), () => ({ hide: false }));
    await t.store.reports.create(id, t.b, { reason: 'annet', comment: 'Rart' }, since(), () => ({ hide: true }));
    const open = await t.store.reports.open();
    expect(open.map((o) => [o.listing.id, o.listing.uniqueCode, o.owner.name, o.reporter.name, o.report.reason])).toEqual([
      [id, uniqueCode, 'Siri Selger', 'Anna', 'svindel'],
      [id, uniqueCode, 'Siri Selger', 'Bjørn', 'annet'],
    ]);
    expect(open[0].listing.reportHiddenAt).toBeInstanceOf(Date);

    const notes = await t.store.reports.resolve(id, ({ listing, open: reports }) => {
      expect([listing?.id, reports.length]).toEqual([id, 2]);
      return {
        listing: { active: true, reportHiddenAt: null },
        resolution: 'avvis',
        audit: { actor: { id: t.admin, name: 'Ada' }, action: 'listing.reports_dismiss', target: { type: 'listing', id, label: uniqueCode } },
        notifications: reports.map((r) => ({ userId: r.reporterId, type: 'info' as const, title: 'Vurdert', message: 'Ok' })),
      };
    });
    expect(notes.map((n) => n.userId).sort()).toEqual([t.a, t.b].sort());
    expect(await t.store.reports.open()).toEqual([]);
    expect(await t.store.listings.find(id)).toMatchObject({ active: true, reportHiddenAt: null });
    expect((await t.store.reports.byReporter(t.b))[0]).toMatchObject({ resolution: 'avvis', resolvedAt: expect.any(Date) });
    expect((await t.store.inbox.auditFor('listing', id, 10))[0]).toMatchObject({ action: 'listing.reports_dismiss', actorName: 'Ada' });
  });
});
