import crypto from 'node:crypto';
import { escapeHtml } from '../../shared/html';

// A server-rendered page is readable before any script has run, so its scripts wait until the browser has painted it
// and, on a page whose largest paint is a photo, until that photo has loaded: on a slow connection the photo no longer
// shares the first bytes with dozens of script files (docs/decisions/010-compression-and-bundle.md "Photo first").
// Vite's index.html loads the entry with a module script and module preloads in <head>; for a server-rendered page
// they are taken out of the head and started by the small inline script below, at the end of the body. The plain page
// (one that needs a login, with nothing to show before its scripts run) keeps index.html's tags as they are.

/**
 * The starter: waits for the first paint (and, with `data-photo`, for the page's high-priority photo, up to a few
 * seconds), then adds the module preloads and the entry. It is one constant text, allowed by its hash in the CSP.
 */
export const START_SCRIPT = [
  '(()=>{const d=document.currentScript.dataset;let started=false;',
  'const start=()=>{if(started)return;started=true;',
  // Each preload costs the browser a request's set-up on the main thread: a few per task, so none blocks for long.
  "const hrefs=d.preload.split(' ').filter(Boolean);",
  "const batch=()=>{for(const href of hrefs.splice(0,6)){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}if(hrefs.length)setTimeout(batch)};",
  "batch();const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;document.head.append(s)};",
  'const afterPaint=()=>requestAnimationFrame(()=>setTimeout(start));',
  "const photo='photo' in d&&document.querySelector('img[fetchpriority=high]');",
  "if(photo&&!photo.complete){photo.addEventListener('load',afterPaint);photo.addEventListener('error',start)}else afterPaint();",
  // A page in a background tab gets no animation frames, and a photo may never finish: start anyway.
  'setTimeout(start,3000)})()',
].join('');

/** The CSP source that allows the starter (and no other inline script). */
export const START_SCRIPT_CSP = `'sha256-${crypto.createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

/** index.html split into its entry script, its module preloads, and the rest of the page. */
export interface TemplateScripts {
  entry: string | undefined;
  preloads: string[];
  /** index.html without the entry's script and module preload tags. */
  withoutScripts: string;
}

const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function templateScripts(template: string): TemplateScripts {
  const entry = ENTRY_TAG.exec(template)?.[1];
  if (!entry) return { entry: undefined, preloads: [], withoutScripts: template };
  const preloads = [...template.matchAll(PRELOAD_TAG)].map((m) => m[1]!);
  return { entry, preloads, withoutScripts: template.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, '') };
}

/** The starter's tag: the entry, every module to preload (index.html's and the route's), and whether to wait for a photo. */
export function startScriptTag(entry: string, preloads: string[], waitForPhoto: boolean): string {
  const data = `data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}"${waitForPhoto ? ' data-photo' : ''}`;
  return `<script ${data}>${START_SCRIPT}</script>`;
}
