import { describe, expect, it } from 'vitest';
import { normalizeText } from './text';

describe('normalizeText (docs/product/validation.md#text)', () => {
  it('composes to NFC', () => {
    expect(normalizeText('a\u030A')).toBe('\u00E5');
    expect(normalizeText('Tromso\u0308')).toBe('Tromsö');
  });

  it('drops bidi overrides, embeddings, isolates and zero-width characters', () => {
    const invisible = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200B\u200C\u200D\u2060\uFEFF';
    expect(normalizeText(`Ola${invisible} Nordmann`)).toBe('Ola Nordmann');
  });

  it('drops C0, DEL and C1 controls; single-line text gets a space for tabs and line breaks', () => {
    expect(normalizeText('A\u0000B\u0007C\u001BD\u007FE\u0080F\u009FG')).toBe('ABCDEFG');
    expect(normalizeText('Ola\tNord\r\nmann\u2028x')).toBe('Ola Nord  mann x');
  });

  it('multi-line text keeps line breaks (as \\n) and tabs', () => {
    expect(normalizeText('Hei\r\n\tdu\rder\u0000\u2029slutt', { multiline: true })).toBe('Hei\n\tdu\nder\nslutt');
  });

  it('leaves ordinary Norwegian text as it is', () => {
    const s = 'Blåbærsyltetøy på Ærø – «sitat» 249 900 kr 😀';
    expect(normalizeText(s)).toBe(s);
    expect(normalizeText(s, { multiline: true })).toBe(s);
  });
});
