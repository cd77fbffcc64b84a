/**
 * Document titles (docs/decisions/011-accessibility.md): every route names itself in the tab, most specific part
 * first, 'Bilpartner.no' last, e.g. 'Tesla Model Y 2022 – 391 600 kr – Bilpartner.no'. A route sets it with its
 * `head` option, `head: () => pageHead('Kontakt oss')`; the root route applies the deepest match's title.
 */
export const SITE_TITLE = 'Bilpartner.no';
export const HOME_TITLE = 'Bilpartner.no – Din bilpartner';

export const pageTitle = (...parts: string[]) => [...parts.filter(Boolean), SITE_TITLE].join(' – ');

/** A route's `head` value with this title. */
export const pageHead = (...parts: string[]) => ({ meta: [{ title: pageTitle(...parts) }] });
