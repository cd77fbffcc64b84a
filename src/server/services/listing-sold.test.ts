import { expect, it } from 'vitest';
import { searchInput } from '../../shared/schemas/search';
import { SOLD_TEXTS } from '../../shared/texts/sold';
import { InProcessHub } from '../realtime/hub';
import type { Dialect } from '../store';
import { insertListing } from '../testing/listing-factory';
import { insertUser } from '../testing/photos-fixtures';
import { describeOnEachStore, storeForEachTest } from '../testing/stores';
import { chatMessages, startChat } from './chats';
import { ListingDetails } from './listing-detail';
import { setListingActive, setListingSold } from './listings';
import { listSavedListings, saveListing } from './saved-listings';
import { ListingSearch } from './search/listing-search';

// 'Marker som solgt' (docs/product/states.md#sold) on both stores: out of search, the page still opens with `sold`,
// saved copies say so, chats stay readable, a new chat is refused, and back on the market it is found again.

describeOnEachStore('a sold listing', (dialect: Dialect) => {
  const t = storeForEachTest(dialect, async (store) => ({
    search: new ListingSearch(store),
    seller: await insertUser(store, { name: 'Siri Selger' }),
    buyer: await insertUser(store, { name: 'Kari Kjøper' }),
  }));

  const found = async (query: string) => (await t.search.search(searchInput.parse({ query }))).items.map((c) => c.id);

  it('leaves search but opens with sold, stays saved as sold, keeps its chat and refuses a new one', async () => {
    const { id } = await insertListing(t.store, t.seller, { make: 'Skoda', model: 'Octavia' });
    const other = await insertListing(t.store, t.seller, { make: 'Skoda', model: 'Superb' });
    await saveListing(t.store, t.buyer, id);
    const hub = new InProcessHub();
    const chat = await startChat(t.store, hub, t.buyer, { listingId: id, sellerId: t.seller, message: 'Er den fortsatt til salgs?' });
    expect(await found('skoda')).toEqual(expect.arrayContaining([id, other.id]));

    const shape = await setListingSold(t.store, { id: t.seller, isAdmin: false }, id, true);
    expect(shape).toMatchObject({ sold: true, active: false, status: 'approved' });

    expect(await found('skoda')).toEqual([other.id]);
    expect(await new ListingDetails(t.store).forViewer(id, null)).toMatchObject({ id, sold: true });
    expect((await listSavedListings(t.store, t.buyer)).map((c) => [c.id, c.sold])).toEqual([[id, true]]);
    expect((await chatMessages(t.store, t.buyer, chat.chatId)).map((m) => m.content)).toEqual(['Er den fortsatt til salgs?']);
    const other2 = await insertUser(t.store);
    await expect(startChat(t.store, hub, other2, { listingId: id, sellerId: t.seller, message: 'Hei' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: SOLD_TEXTS.chatRefused,
    });

    // Back on the market: found again, no longer sold.
    expect(await setListingSold(t.store, { id: t.seller, isAdmin: false }, id, false)).toMatchObject({ sold: false, active: true });
    expect(await found('octavia')).toEqual([id]);
  });

  it("is the owner's or an admin's to mark, only when approved; 'Aktiver' also puts it back", async () => {
    const { id } = await insertListing(t.store, t.seller);
    const pending = await insertListing(t.store, t.seller, { status: 'pending' });
    const admin = await insertUser(t.store);
    await expect(setListingSold(t.store, { id: t.buyer, isAdmin: false }, id, true)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(setListingSold(t.store, { id: t.seller, isAdmin: false }, pending.id, true)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: SOLD_TEXTS.onlyApproved,
    });
    expect(await setListingSold(t.store, { id: admin, isAdmin: true }, id, true)).toMatchObject({ sold: true });
    // 'Deaktiver' leaves it sold; 'Aktiver' puts it on the market.
    expect(await setListingActive(t.store, { id: t.seller, isAdmin: false }, id, false)).toMatchObject({ sold: true });
    expect(await setListingActive(t.store, { id: t.seller, isAdmin: false }, id, true)).toMatchObject({ sold: false, active: true });
  });

  it('a pending or inactive listing stays hidden from buyers: only sold ones open', async () => {
    const { id } = await insertListing(t.store, t.seller, { active: false });
    await expect(new ListingDetails(t.store).forViewer(id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
