import { afterEach, beforeEach, expect, it } from 'vitest';
import { createPgStore, type Store } from '.';
import { openPgDatabase } from '../../../db/pg/client';
import { createTestStore, describeOnEachStore, pgUrlOf } from '../testing/stores';

// The mail queue on both stores (docs/decisions/024-mail-queue.md): a due mail is claimed by one worker, its claim
// runs out, a retry is fenced by the attempt count.
describeOnEachStore('mail queue repository', (dialect) => {
  let store: Store;
  beforeEach(async () => {
    store = await createTestStore(dialect);
  });
  afterEach(() => store.close());

  const mail = (n: number) => ({ recipient: `kari${n}@example.no`, subject: `Hei ${n}`, text: 'Hei', html: '<p>Hei</p>', unsubscribeUrl: null, messageId: `<${n}@bilpartner.no>` });
  const at = (ms: number) => new Date(Date.now() + ms);

  it('claims the oldest due mail once until its claim runs out, then again', async () => {
    expect(await store.mailQueue.nextDue()).toBeUndefined();
    await store.mailQueue.enqueue(mail(1));
    await store.mailQueue.enqueue(mail(2));
    const first = await store.mailQueue.claim(at(1_000), at(60_000));
    expect(first).toMatchObject({ ...mail(1), attempts: 1 });
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(await store.mailQueue.claim(at(1_000), at(60_000))).toMatchObject({ subject: 'Hei 2', attempts: 1 });
    // Both held: nothing to claim before the claims run out.
    expect(await store.mailQueue.claim(at(1_000), at(60_000))).toBeUndefined();
    expect((await store.mailQueue.nextDue())!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await store.mailQueue.claim(at(61_000), at(120_000))).toMatchObject({ id: first!.id, attempts: 2 });
  });

  it('schedules a retry only for the claim it belongs to, and removes a mail', async () => {
    await store.mailQueue.enqueue(mail(1));
    const a = (await store.mailQueue.claim(at(1_000), at(2_000)))!;
    // The claim ran out and another worker took the mail: the first worker's late retry changes nothing.
    const b = (await store.mailQueue.claim(at(3_000), at(60_000)))!;
    await store.mailQueue.retryAt(a.id, a.attempts, at(4_000));
    expect(await store.mailQueue.claim(at(5_000), at(60_000))).toBeUndefined();
    await store.mailQueue.retryAt(b.id, b.attempts, at(10_000));
    expect(await store.mailQueue.claim(at(9_000), at(60_000))).toBeUndefined();
    expect(await store.mailQueue.claim(at(11_000), at(60_000))).toMatchObject({ id: a.id, attempts: 3 });
    await store.mailQueue.remove(a.id);
    expect(await store.mailQueue.nextDue()).toBeUndefined();
  });

  it('gives each due mail to one of many workers claiming at once', async () => {
    // On PostgreSQL the workers are two instances' pools on the one database.
    const other = dialect === 'pg' ? createPgStore(await openPgDatabase(pgUrlOf(store), { max: 4 })) : store;
    try {
      for (let n = 0; n < 10; n++) await store.mailQueue.enqueue(mail(n));
      const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? other : store).mailQueue.claim(at(1_000), at(60_000))));
      const ids = claims.filter((c) => c !== undefined).map((c) => c.id);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
    } finally {
      if (other !== store) await other.close();
    }
  });
});
