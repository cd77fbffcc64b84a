/**
 * The three pages most visits start on, and the route file whose split chunk each renders. The server hints their
 * chunks and photos and warms them before it says ready (src/server/pages/html-shell.ts); the build puts what they load
 * first in a few chunks (scripts/lib/first-load-chunks.ts).
 */
export const ENTRY_PAGES = {
  home: { url: '/', routeFile: 'src/client/routes/index.tsx' },
  search: { url: '/annonser', routeFile: 'src/client/routes/annonser.tsx' },
  listing: { url: '/listing/:id', routeFile: 'src/client/routes/listing.$id.tsx' },
} as const;
