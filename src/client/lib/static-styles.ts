import { useChakraContext, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import hashString from '@emotion/hash';
import { __unsafe_useEmotionCache as useEmotionCache, css as serialize, jsx, type SerializedStyles } from '@emotion/react';
import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';

// A Chakra element resolves and serialises its styles on every render: its props and `css` go through the system's
// style pipeline (tokens, conditions, breakpoints), then Emotion walks the result into CSS text and hashes it, on the
// server for every page and in the browser's hydration. For a part of the page whose styles never change (the header,
// the footer, a card's frame) that is the same work every time: here a module-level style object is resolved with
// the theme and serialised once per system, and the element takes the serialised style as it is (Emotion returns a
// serialised style unchanged). The CSS is the one the same object would give as a Chakra element's `css`
// (docs/decisions/019-server-rendering.md).

const resolved = new WeakMap<object, WeakMap<object, SerializedStyles>>();

// A page the server rendered names the static styles it used (fingerprint → Emotion's name) in its state, so the
// browser's hydration need not resolve them again: a plain element whose style the server's tags already hold gets
// the name alone, and Emotion gives it the class the server gave (docs/decisions/019-server-rendering.md "Cheaper
// renders"). Collected per render on the server; read once in the browser before hydration.
let collecting: Record<string, string> | null = null;
let serverNames: Readonly<Record<string, string>> = {};
const nameOnly = new Map<string, SerializedStyles>();

const fingerprints = new WeakMap<object, string>();
/** A module-level constant's fingerprint: a hash of its JSON, the same on the server and in the browser. */
function fingerprint(key: object): string {
  let f = fingerprints.get(key);
  if (f === undefined) fingerprints.set(key, (f = hashString(JSON.stringify(key))));
  return f;
}

/** On the server: runs a page's render and gives the static styles it used, for the browser (`takeServerStyleNames`). */
export function collectStaticStyleNames<T>(render: () => T): [T, Record<string, string>] {
  const names: Record<string, string> = {};
  collecting = names;
  try {
    return [render(), names];
  } finally {
    collecting = null;
  }
}

/** In the browser, before hydrating a server's page: the static styles that page named. */
export function takeServerStyleNames(names: Readonly<Record<string, string>> | undefined) {
  serverNames = names ?? {};
}

/**
 * Whether Emotion would pass `className` on as it is: none of its classes is a registered Emotion style (those merge
 * into the element's own style, which then needs the whole CSS text).
 */
function plainClasses(cache: EmotionCache, className: string | undefined): boolean {
  return !className || className.split(' ').every((c) => cache.registered[c] === undefined);
}

/**
 * What `make` gives for `key` (a module-level constant) with the app's Chakra system, made once per system. For a plain
 * element (`plain`: a string tag whose classes do not merge) whose style a server's page named and holds, only the
 * name: Emotion then inserts nothing and reads no CSS text (a string tag's style is not registered in the browser).
 */
function useOncePerSystem<K extends object>(
  key: K,
  make: (system: SystemContext, key: K) => SerializedStyles,
  plain = false,
): SerializedStyles {
  const system = useChakraContext();
  const cache = useEmotionCache();
  let bySystem = resolved.get(system);
  if (!bySystem) resolved.set(system, (bySystem = new WeakMap()));
  let serialized = bySystem.get(key);
  if (!serialized && plain && cache) {
    const name = serverNames[fingerprint(key)];
    if (name !== undefined && cache.inserted[name] !== undefined) {
      let named = nameOnly.get(name);
      if (!named) nameOnly.set(name, (named = { name, styles: '', next: undefined } as SerializedStyles));
      return named;
    }
  }
  if (!serialized) bySystem.set(key, (serialized = make(system, key)));
  noteName(key, serialized.name);
  return serialized;
}

function noteName(key: object, name: string) {
  if (collecting) collecting[fingerprint(key)] = name;
}

/** `styles` (a module-level constant: it is the cache key) resolved with the app's Chakra system and serialised. */
const resolveStyles = (system: SystemContext, styles: SystemStyleObject) => serialize(system.css(styles));

/** A constant look of a theme recipe (`recipeLook`): the recipe's variants, then style props, as on a Chakra element. */
export interface RecipeLook<V> {
  recipe: string;
  variants: V;
  styles: SystemStyleObject;
}

/**
 * A recipe's look at fixed variants, with the style props the Chakra component would be given (`colorPalette`, `w`)
 * as `styles`, declared once at module level: its CSS is the one the recipe's Chakra component gives for the same
 * props, resolved and serialised once (useRecipeLook).
 */
export function recipeLook<V extends object>(recipe: string, variants: V, styles: SystemStyleObject = {}): RecipeLook<V> {
  return { recipe, variants, styles };
}

/** `look` (a module-level constant from recipeLook) resolved with the app's Chakra system and serialised once. */
export function useRecipeLook(look: RecipeLook<object>, plain = false): SerializedStyles {
  return useOncePerSystem(look, resolveLook, plain);
}

const resolveLook = (system: SystemContext, look: RecipeLook<object>) =>
  serialize(system.css(system.getRecipeFn(look.recipe)(look.variants), look.styles));

/** Whether an element of tag `as` with `className` may take a style by its name alone (useOncePerSystem). */
export function usePlainElement(as: ElementType, className: string | undefined): boolean {
  const cache = useEmotionCache();
  return typeof as === 'string' && cache !== null && plainClasses(cache, className);
}

type StaticBoxProps<E extends ElementType> = {
  as: E;
  styles: SystemStyleObject;
  /** A second constant style object, after `styles` (a variant of a shared frame). */
  more?: SystemStyleObject;
  children?: ReactNode;
} & Omit<ComponentPropsWithoutRef<E>, 'css'>;

/** A plain element (`as`) styled by constant style objects, resolved and serialised once (useOncePerSystem). */
export function StaticBox<E extends ElementType>({ as, styles, more, ...props }: StaticBoxProps<E>) {
  const plain = usePlainElement(as, (props as { className?: string }).className);
  const css = useOncePerSystem(more ? pairOf(styles, more) : styles, resolveBox, plain);
  return jsx(as, { ...props, css });
}

// A frame and its variant as one key, so the pair has one name: Emotion's, for the two styles in that order.
class Pair {
  constructor(
    readonly styles: SystemStyleObject,
    readonly more: SystemStyleObject,
  ) {}
}
const pairs = new WeakMap<SystemStyleObject, WeakMap<SystemStyleObject, Pair>>();
function pairOf(styles: SystemStyleObject, more: SystemStyleObject): Pair {
  let byMore = pairs.get(styles);
  if (!byMore) pairs.set(styles, (byMore = new WeakMap()));
  let pair = byMore.get(more);
  if (!pair) byMore.set(more, (pair = new Pair(styles, more)));
  return pair;
}
const resolveBox = (system: SystemContext, key: SystemStyleObject | Pair) =>
  key instanceof Pair ? serialize([resolveStyles(system, key.styles), resolveStyles(system, key.more)]) : resolveStyles(system, key);
