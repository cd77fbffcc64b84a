// The one place the server reaches into src/client: the client's own render of a page (src/client/entry-server.tsx),
// which must be the very code the browser hydrates (docs/decisions/019-server-rendering.md). Loaded at the first
// page, so a process that serves no pages (most tests) never loads React, Chakra and the routes.
// eslint-disable-next-line no-restricted-imports -- the server render's entry, by design
export type { RenderedPage, HeadEntries } from '../../client/entry-server';

export const loadClientRender = () => import('../../client/entry-server');
