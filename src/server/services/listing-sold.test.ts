import { afterEach, beforeEach, expect, it } from 'vitest';
import { searchInput } from '../../shared/schemas/search';
import { SOLD_TEXTS } from '../../shared/texts/sold';
import { InProcessHub } from '../realtime/hub';
import type { Dialect, Store } from '../store';
import { insertListing } from '../testing/listing-factory';
import { insertUser } from '../testing/photos-fixtures';
import { createTestStore, describeOnEachStore } from '../testing/stores';
import { chatMessages, startChat } from './chats';
import { ListingDetails } from './listing-detail';
import { setListingActive, setListingSold } from './listings';
import { listSavedListings, saveListing } from './saved-listings';
import { ListingSearch } from './search/listing-search';

// 'Marker som solgt' (docs/product/states.md#sold) on both stores: out of search, the page still opens with `sold`,
// saved copies say so, chats stay readable, a new chat is refused, and back on the market it is found again.

describeOnEachStore('a sold listing', (dialect: Dialect) => {
  let store: Store;
  let search: ListingSearch;
  let seller: number;
  let buyer: number;
  beforeEach(async () => {
    store = await createTestStore(dialect);
    search = new ListingSearch(store);
    seller = await insertUser(store, { name: 'Siri Selger' });
    buyer = await insertUser(store, { name: 'Kari Kjøper' });
  });
  afterEach(() => store.close());

  const found = async (query: string) => (await search.search(searchInput.parse({ query }))).items.map((c) => c.id);

  it('leaves search but opens with sold, stays saved as sold, keeps its chat and refuses a new one', async () => {
    const { id } = await insertListing(store, seller, { make: 'Skoda', model: 'Octavia' });
    const other = await insertListing(store, seller, { make: 'Skoda', model: 'Superb' });
    await saveListing(store, buyer, id);
    const hub = new InProcessHub();
    const chat = await startChat(store, hub, buyer, { listingId: id, sellerId: seller, message: 'Er den fortsatt til salgs?' });
    expect(await found('skoda')).toEqual(expect.arrayContaining([id, other.id]));

    const shape = await setListingSold(store, { id: seller, isAdmin: false }, id, true);
    expect(shape).toMatchObject({ sold: true, active: false, status: 'approved' });

    expect(await found('skoda')).toEqual([other.id]);
    expect(await new ListingDetails(store).forViewer(id, null)).toMatchObject({ id, sold: true });
    expect((await listSavedListings(store, buyer)).map((c) => [c.id, c.sold])).toEqual([[id, true]]);
    expect((await chatMessages(store, buyer, chat.chatId)).map((m) => m.content)).toEqual(['Er den fortsatt til salgs?']);
    const other2 = await insertUser(store);
    await expect(startChat(store, hub, other2, { listingId: id, sellerId: seller, message: 'Hei' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: SOLD_TEXTS.chatRefused,
    });

    // Back on the market: found again, no longer sold.
    expect(await setListingSold(store, { id: seller, isAdmin: false }, id, false)).toMatchObject({ sold: false, active: true });
    expect(await found('octavia')).toEqual([id]);
  });

  it("is the owner's or an admin's to mark, only when approved; 'Aktiver' also puts it back", async () => {
    const { id } = await insertListing(store, seller);
    const pending = await insertListing(store, seller, { status: 'pending' });
    const admin = await insertUser(store);
    await expect(setListingSold(store, { id: buyer, isAdmin: false }, id, true)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(setListingSold(store, { id: seller, isAdmin: false }, pending.id, true)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: SOLD_TEXTS.onlyApproved,
    });
    expect(await setListingSold(store, { id: admin, isAdmin: true }, id, true)).toMatchObject({ sold: true });
    // 'Deaktiver' leaves it sold; 'Aktiver' puts it on the market.
    expect(await setListingActive(store, { id: seller, isAdmin: false }, id, false)).toMatchObject({ sold: true });
    expect(await setListingActive(store, { id: seller, isAdmin: false }, id, true)).toMatchObject({ sold: false, active: true });
  });

  it('a pending or inactive listing stays hidden from buyers: only sold ones open', async () => {
    const { id } = await insertListing(store, seller, { active: false });
    await expect(new ListingDetails(store).forViewer(id, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
