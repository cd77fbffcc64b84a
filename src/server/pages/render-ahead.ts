import type { FastifyBaseLogger } from 'fastify';

/**
 * Listing pages rendered ahead, in the background, after a change to the listing has committed on this instance
 * (approved, edited, sold, shown or hidden), so its first visitor is served a kept page instead of waiting for a
 * render. One page at a time, each listing once however often it changed meanwhile; a failure is logged, never
 * thrown. Other instances render the page on its first request, as any page whose tag changed.
 */
export class RenderAhead {
  private readonly waiting = new Set<number>();
  private running: Promise<void> | undefined;
  private warm: ((url: string) => Promise<number>) | undefined;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Where pages are rendered: the page cache's `warm` once the server renders pages; until then nothing is done. */
  renderWith(warm: ((url: string) => Promise<number>) | undefined) {
    this.warm = warm;
    if (!warm) this.waiting.clear();
  }

  /** The listing's page is rendered ahead, after the ones already waiting. */
  listing(id: number): void {
    if (!this.warm) return;
    this.waiting.add(id);
    this.running ??= this.drain();
  }

  /** Resolves once no page waits (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    try {
      // A Set's iteration visits what is added meanwhile.
      for (const id of this.waiting) {
        this.waiting.delete(id);
        if (!this.warm) return;
        try {
          const status = await this.warm(`/listing/${id}`);
          this.log.debug({ listingId: id, status }, 'listing page rendered ahead');
        } catch (err) {
          this.log.warn({ err, listingId: id }, 'listing page not rendered ahead');
        }
      }
    } finally {
      // In the same turn as the last check of `waiting`: a listing added after it starts a new drain.
      this.running = undefined;
    }
  }
}
