import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../db/client';
import { InboxRepo } from '../inbox';
import { Repository } from '../repository';
import { createSqliteStore, storeParts } from '..';
import { Gate, gateRepositories } from './gate';

describe('the SQLite gate', () => {
  it('runs a call that finds it free at once, a synchronous answer included', () => {
    const gate = new Gate();
    expect(gate.run(() => 42)).toBe(42);
  });

  it('holds later calls until an asynchronous one settles, in the order they came', async () => {
    const gate = new Gate();
    const seen: string[] = [];
    let finish!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (finish = resolve)).then(() => seen.push('first')));
    const second = gate.run(() => seen.push('second'));
    const third = gate.run(async () => seen.push('third'));
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([]);
    finish();
    await Promise.all([first, second, third]);
    expect(seen).toEqual(['first', 'second', 'third']);
  });

  it('passes the gate on after a call that throws', async () => {
    const gate = new Gate();
    expect(() => gate.run(() => { throw new Error('nei'); })).toThrow('nei');
    await expect(gate.run(async () => { throw new Error('nei'); })).rejects.toThrow('nei');
    expect(gate.run(() => 'videre')).toBe('videre');
  });

  it('keeps every repository call out of a transaction that awaits between its statements', async () => {
    const db = openDatabase(':memory:');
    const parts = storeParts(createSqliteStore(db, false));
    // A repository whose transaction awaits between its statements and finally rolls back, and one that reads.
    class Writer extends Repository {
      write() {
        return this.d.transaction(this.db, async (tx) => {
          await tx.insert(this.t.inboxMessages).values(message('Rulles tilbake'));
          await new Promise((r) => setTimeout(r, 10));
          throw new Error('rolled back');
        });
      }
    }
    const store = gateRepositories({ writer: new Writer(parts), inbox: new InboxRepo(parts) });
    const rolledBack = store.writer.write();
    await new Promise((r) => setTimeout(r, 2));
    const seen = await store.inbox.list('contact');
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
    // Without the gate the read runs inside the open transaction and sees its row.
    const ungated = { writer: new Writer(parts), inbox: new InboxRepo(parts) };
    const open = ungated.writer.write();
    await new Promise((r) => setTimeout(r, 2));
    expect((await ungated.inbox.list('contact')).map((m) => m.subject)).toEqual(['Rulles tilbake']);
    await expect(open).rejects.toThrow('rolled back');
    db.$client.close();
  });
});

const message = (subject: string) => ({ kind: 'contact' as const, name: 'Kari', email: 'kari@example.no', phone: '', subject, message: 'Hei' });
