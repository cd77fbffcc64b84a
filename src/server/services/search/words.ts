import { WORD_CHARS } from '../../../shared/search-words';

// The words a listing has and the words a buyer types, looked up in the word indexes (word-index.ts).

// A listing's words: letters, numbers and private-use characters make words, anything else separates; lower-cased,
// no diacritics removed (æ, ø, å and é are letters of their own: 'bla' does not find 'blå'), as FTS5's unicode61
// tokenizer made them when it held the text, so searches find what they found then.
const NOT_LISTING_WORD = /[^\p{L}\p{N}\p{Co}]+/u;
/** A buyer's words are only those of Latin scripts (docs/decisions/004-listing-search.md "Consequences"). */
const NOT_USER_WORD = new RegExp(`[^${WORD_CHARS}]+`, 'u');
const MAX_TERMS = 8;

/** A listing text's distinct words. */
export const listingWords = (text: string) => [...new Set(text.split(NOT_LISTING_WORD).filter(Boolean).map((t) => t.toLowerCase()))];

/** User text's words as typed. */
export const userWords = (text: string) => text.normalize('NFC').split(NOT_USER_WORD).filter(Boolean);

/** A word of user text as the search looks it up: a prefix from two letters, else the whole word. */
export type SearchWord = { word: string; prefix: boolean };

/** User text → its words, lower-cased, at most MAX_TERMS (docs/decisions/004-listing-search.md: words match from their start). */
export function searchWords(text: string): SearchWord[] {
  // One letter as a prefix would match most listings; it matches as a whole word instead (the "e" of "e-tron").
  return userWords(text.normalize('NFC').toLowerCase())
    .slice(0, MAX_TERMS)
    .map((word) => ({ word, prefix: word.length >= 2 }));
}
