// Free text → an FTS5 MATCH expression (docs/decisions/004-listing-search.md "Text index").

// Characters that are certainly token characters for FTS5's unicode61 tokenizer: ASCII letters and digits and the
// Latin-1/Latin Extended letters (æ ø å é ü ...). Everything else separates words. Being stricter than the tokenizer
// only ever splits a word the index kept whole (more, shorter prefix terms), never the reverse, so each quoted term
// below is a single token and no input can produce an FTS5 syntax error.
const NON_TOKEN = /[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]+/u;
const MAX_TERMS = 8;

/** A word of user text as the search looks it up: a prefix from two letters, else the whole word. */
export interface SearchWord {
  word: string;
  prefix: boolean;
}

/** User text → its words, lower-cased, at most MAX_TERMS. */
export function searchWords(text: string): SearchWord[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .split(NON_TOKEN)
      .filter(Boolean)
      .slice(0, MAX_TERMS)
      // One letter as a prefix would expand to most of the vocabulary; it matches as a whole word instead (the "e" of "e-tron").
      .map((word) => ({ word, prefix: word.length >= 2 }))
  );
}

/** User text → FTS5 terms: each word quoted (so no operator survives), a prefix query ("tesl"*) from two letters. */
export function ftsTerms(text: string): string[] {
  return searchWords(text).map((w) => (w.prefix ? `"${w.word}"*` : `"${w.word}"`));
}

/** The MATCH expression for the free-text query and the location filter together, or undefined when neither has a word. */
export function ftsMatch(query?: string, location?: string): string | undefined {
  const parts: string[] = [];
  const q = query ? ftsTerms(query) : [];
  const loc = location ? ftsTerms(location) : [];
  // Free text looks at what a buyer reads on the listing; location at the place (with its county) and the shown address.
  if (q.length) parts.push(`{make model color description equipment place} : (${q.join(' AND ')})`);
  if (loc.length) parts.push(`{place address} : (${loc.join(' AND ')})`);
  return parts.length ? parts.join(' AND ') : undefined;
}
