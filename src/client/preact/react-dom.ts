// What the client build imports as 'react-dom' (vite.config.ts aliases React to Preact's compat layer in builds;
// docs/decisions/010-compression-and-bundle.md "Preact in the build"). Preact's compat layer, with one difference
// mended: React runs the effects of a flushSync render before flushSync returns, Preact after the next paint. Zag's
// machines (Chakra's menus, dialogs, toasts) rely on React's order: a menu opened a second time mounts its positioner
// in an effect of the flushSync render and positions it on the next animation frame, which under plain Preact came
// before the positioner existed (the menu opened unpositioned, under the page).
import { options } from 'preact';
import { flushSync as preactFlushSync } from 'preact/compat';

// @ts-expect-error -- preact/compat's type declarations use `export =`, but the module the bundler reads is ESM.
export * from 'preact/compat';
export { default } from 'preact/compat';

type Options = typeof options & { requestAnimationFrame?: (callback: () => void) => void };

export function flushSync<A, R>(callback: (arg: A) => R, arg?: A): R {
  const hooks = options as Options;
  const schedule = hooks.requestAnimationFrame;
  let runEffects: (() => void) | undefined;
  // Preact's hooks hand their "after paint" flush to options.requestAnimationFrame when it is set: keep it and run it
  // once the render is committed.
  hooks.requestAnimationFrame = (flush) => {
    runEffects = flush;
  };
  try {
    return preactFlushSync(callback, arg as A);
  } finally {
    hooks.requestAnimationFrame = schedule;
    runEffects?.();
  }
}
