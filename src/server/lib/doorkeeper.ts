/**
 * Whether a key was offered before: two bits of a 64 Kibit set per key, the set emptied after every 8 192 offers, so it
 * says "seen recently" (with a few per cent of false yeses) without keeping a single key. A cache asks it before
 * keeping an answer, so a stream of one-off requests is never promoted into the long-lived heap only to be evicted.
 */
export class Doorkeeper {
  private readonly bits = new Uint32Array(2048);
  private offers = 0;

  /** True when `key` was offered since the set was last emptied (or collides with keys that were); records it. */
  offer(key: string): boolean {
    // FNV-1a, 32 bits; its two halves pick the two bits.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    const a = h & 0xffff;
    const b = h >>> 16;
    const seen = (this.bits[a >>> 5] & (1 << (a & 31))) !== 0 && (this.bits[b >>> 5] & (1 << (b & 31))) !== 0;
    if (++this.offers > 8192) {
      this.bits.fill(0);
      this.offers = 1;
    }
    this.bits[a >>> 5] |= 1 << (a & 31);
    this.bits[b >>> 5] |= 1 << (b & 31);
    return seen;
  }
}
