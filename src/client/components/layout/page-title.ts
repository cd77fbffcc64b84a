import { pageTitle } from '../../../shared/page-head';

/**
 * Document titles (docs/decisions/011-accessibility.md): every route names itself in the tab, most specific part
 * first, 'Bilpartner.no' last, e.g. 'Tesla Model Y 2022 – 391 600 kr – Bilpartner.no'. A route sets it with its
 * `head` option, `head: () => pageHead('Kontakt oss')`; the root route applies the deepest match's title. The titles
 * live in src/shared/page-head.ts with the rest of a public page's head.
 */
export { HOME_TITLE, pageTitle, SITE_TITLE } from '../../../shared/page-head';

/** A route's `head` value with this title. */
export const pageHead = (...parts: string[]) => ({ meta: [{ title: pageTitle(...parts) }] });
