// The mail queue (docs/decisions/024-mail-queue.md), one implementation for both stores: mails wait in the database
// from Mailer.send until sent or given up, and each instance's worker claims due rows one at a time.
import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { QueuedMail } from '../../../db/schema';
import { Repository } from './repository';

export type { QueuedMail };
export type NewQueuedMail = Pick<QueuedMail, 'recipient' | 'subject' | 'text' | 'html' | 'unsubscribeUrl' | 'messageId'>;

export class MailQueueRepo extends Repository {
  async enqueue(mail: NewQueuedMail): Promise<void> {
    await this.db.insert(this.t.mailQueue).values(mail);
  }

  /**
   * Claims the oldest mail due at `now` until `until`, counting the attempt, or answers undefined. One conditional UPDATE, so of two
   * workers choosing one row only one claims it (docs/store.md#writes-that-happen-once).
   */
  async claim(now: Date, until: Date): Promise<QueuedMail | undefined> {
    const q = this.t.mailQueue;
    const due = this.db.select({ id: q.id }).from(q).where(lte(q.nextAttemptAt, now)).orderBy(asc(q.nextAttemptAt), asc(q.id)).limit(1);
    const claimed = and(inArray(q.id, due), lte(q.nextAttemptAt, now));
    const [row] = await this.db.update(q).set({ attempts: sql`${q.attempts} + 1`, nextAttemptAt: until }).where(claimed).returning();
    return row;
  }

  /** Sent or given up: the row goes. */
  async remove(id: number): Promise<void> {
    await this.db.delete(this.t.mailQueue).where(eq(this.t.mailQueue.id, id));
  }

  /** A failed attempt is tried again at `at`, unless another worker has claimed the row since (its `attempts` moved on). */
  async retryAt(id: number, attempts: number, at: Date): Promise<void> {
    const q = this.t.mailQueue;
    await this.db.update(q).set({ nextAttemptAt: at }).where(and(eq(q.id, id), eq(q.attempts, attempts)));
  }

  /** When the next queued mail falls due (a claimed one's when its claim runs out); undefined when the queue is empty. */
  async nextDue(): Promise<Date | undefined> {
    const q = this.t.mailQueue;
    const [row] = await this.db.select({ at: min(q.nextAttemptAt) }).from(q);
    return row?.at ?? undefined;
  }
}
