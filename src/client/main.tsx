import { formatNumber } from '../shared/format';
import { warmLocaleData } from './lib/locale-warm-up';

// The browser's entry. The app's start-up work runs in a few tasks instead of one: evaluating all of its code at once
// (React, the router and Emotion; Chakra's modules and the theme; Chakra's system made from the theme, in parts; the
// app's routes and shell) was the longest task of a page's start-up, and the browser can paint and answer input
// between tasks (docs/decisions/010-compression-and-bundle.md "Staged start"). The number formatter every page's prices
// use is made in a task of its own too, after a worker has loaded the locale's data (lib/locale-warm-up.ts): the first
// one costs the browser a locale lookup, which would otherwise lengthen the hydration's first slice. start.tsx, a task
// after its code, hydrates the server's page or renders the plain page.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
const localeReady = warmLocaleData();

void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./theme'))
  .then(nextTask)
  .then(() => import('./system-ahead'))
  .then(({ createSystemAhead }) => createSystemAhead(nextTask))
  .then(() => localeReady)
  .then(nextTask)
  .then(() => formatNumber(0))
  .then(nextTask)
  .then(() => import('./start'))
  .then(async ({ start }) => {
    await nextTask();
    await start(nextTask);
  });
