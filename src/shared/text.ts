// The one normaliser of user text (docs/product/validation.md#text). Every text field of every input schema passes
// through it (src/shared/schemas/fields.ts builds the text rules on it), so what is stored and shown is clean:
// - Unicode NFC, so 'å' typed as 'a' + U+030A is stored as the one character U+00E5 and compares equal to it;
// - no control characters (C0, DEL, C1): a NUL or an escape sequence never reaches the database or a log line;
//   multi-line fields keep line breaks (as '\n') and tabs, single-line fields get a space for either;
// - no bidi overrides/embeddings/isolates (U+202A–U+202E, U+2066–U+2069) that make a name or plate read
//   differently from what it is ("Trojan Source" spoofing);
// - no zero-width characters (U+200B–U+200D, U+2060, U+FEFF) that make two equal-looking texts differ.

export interface TextOptions {
  /** Keep line breaks and tabs (descriptions, messages). */
  multiline?: boolean;
}

// Invisible formatting characters, removed everywhere.
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/g;
// Control characters (\p{Cc}: C0, DEL and C1), in multi-line text except tab and line feed (CR has been turned into
// LF before this runs).
const CONTROL = /\p{Cc}/gu;
const CONTROL_MULTILINE = /(?![\t\n])\p{Cc}/gu;
// Single-line: tab and line breaks become a space.
const LINE_BREAK_OR_TAB = /[\t\n\r\u0085\u2028\u2029]/g;

/** Cleans one user text as described above. Trimming and length rules are the schema's (fields.ts). */
export function normalizeText(value: string, { multiline = false }: TextOptions = {}): string {
  let s = value.normalize('NFC').replace(INVISIBLE, '');
  if (multiline) {
    s = s.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(CONTROL_MULTILINE, '');
  } else {
    s = s.replace(LINE_BREAK_OR_TAB, ' ').replace(CONTROL, '');
  }
  return s;
}
