// The warning on a chat message that tries to move the conversation off Bilpartner (docs/decisions/025-buyer-trust.md):
// a web or e-mail address, a Norwegian phone number, or words of advance payment. Computed from the text whenever a
// message is read or pushed, never stored, so the list below can change without touching old messages.

export const CHAT_WARNING_TEXT = 'Hold samtalen på Bilpartner: vi kan ikke hjelpe deg hvis noe går galt utenfor.';

/**
 * Words of advance payment and of channels scammers move to, matched case-insensitively at the start of a word, so
 * 'forskuddsbetaling' and 'WhatsApp-nummer' count.
 */
export const OFF_SITE_WORDS = [
  'forskudd',
  'betalingsgaranti',
  'depositum',
  'western union',
  'moneygram',
  'gavekort',
  'whatsapp',
  'telegram',
  'bitcoin',
] as const;

const notAfterWordChar = '(?<![\\p{L}\\p{N}_])';
const notBeforeWordChar = '(?![\\p{L}\\p{N}_])';

const WORDS = new RegExp(`${notAfterWordChar}(?:${OFF_SITE_WORDS.map((w) => w.replace(/ /g, '\\s*')).join('|')})`, 'iu');

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

// A scheme or www., or a host name ending in a common top-level domain ('bilsalg.no', 'example.com/bil'). Only named
// domains count: 'f.eks.', 'ca.' and '2.0' are everyday text.
const TLDS = ['no', 'com', 'net', 'org', 'se', 'dk', 'de', 'uk', 'eu', 'io', 'info', 'biz', 'me', 'co', 'app', 'link', 'ly', 'xyz', 'shop', 'online', 'site'];
const WEB = new RegExp(`(?:https?://|${notAfterWordChar}www\\.)|${notAfterWordChar}[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${TLDS.join('|')})${notBeforeWordChar}`, 'iu');

// A Norwegian number: eight digits starting 2-9, with or without +47/0047, written together or in the usual groups
// (xxx xx xxx, xx xx xx xx). Prices are grouped by thousands ('12 500 000') and years or mileages are shorter, so
// neither reads as a number; nothing may touch it but a separator.
const PHONE = new RegExp(
  `(?<![\\p{L}\\p{N}+])(?<!\\p{N}[ .-])(?:(?:\\+|00)47[ .-]?)?(?:[2-9]\\d{7}|[2-9]\\d{2}([ .-])\\d{2}\\1\\d{3}|[2-9]\\d([ .-])\\d{2}\\2\\d{2}\\2\\d{2})(?![.,]?[\\p{L}\\p{N}])(?![ .-]\\d)`,
  'u',
);

/** Whether a chat message carries the off-site warning. */
export function chatMessageWarning(text: string): boolean {
  return WORDS.test(text) || EMAIL.test(text) || WEB.test(text) || PHONE.test(text);
}
