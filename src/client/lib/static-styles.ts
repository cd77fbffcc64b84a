import { useChakraContext, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import { css as serialize, jsx, type SerializedStyles } from '@emotion/react';
import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';

// A Chakra element resolves and serialises its styles on every render: its props and `css` go through the system's
// style pipeline (tokens, conditions, breakpoints), then Emotion walks the result into CSS text and hashes it, on the
// server for every page and in the browser's hydration. For a part of the page whose styles never change (the header,
// the footer, a card's frame) that is the same work every time: here a module-level style object is resolved with
// the theme and serialised once per system, and the element takes the serialised style as it is (Emotion returns a
// serialised style unchanged). The CSS is the one the same object would give as a Chakra element's `css`
// (docs/decisions/019-server-rendering.md).

const resolved = new WeakMap<object, WeakMap<object, SerializedStyles>>();

/** What `make` gives for `key` (a module-level constant) with the app's Chakra system, made once per system. */
function useOncePerSystem<K extends object>(key: K, make: (system: SystemContext, key: K) => SerializedStyles): SerializedStyles {
  const system = useChakraContext();
  let bySystem = resolved.get(system);
  if (!bySystem) resolved.set(system, (bySystem = new WeakMap()));
  let serialized = bySystem.get(key);
  if (!serialized) bySystem.set(key, (serialized = make(system, key)));
  return serialized;
}

/** `styles` (a module-level constant: it is the cache key) resolved with the app's Chakra system and serialised once. */
export function useStaticStyles(styles: SystemStyleObject): SerializedStyles {
  return useOncePerSystem(styles, (system) => serialize(system.css(styles)));
}

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
export function useRecipeLook(look: RecipeLook<object>): SerializedStyles {
  return useOncePerSystem(look, (system) => serialize(system.css(system.getRecipeFn(look.recipe)(look.variants), look.styles)));
}

type StaticBoxProps<E extends ElementType> = {
  as: E;
  styles: SystemStyleObject;
  /** A second constant style object, after `styles` (a variant of a shared frame). */
  more?: SystemStyleObject;
  children?: ReactNode;
} & Omit<ComponentPropsWithoutRef<E>, 'css'>;

const none: SystemStyleObject = {};

/** A plain element (`as`) styled by constant style objects, each resolved and serialised once (useStaticStyles). */
export function StaticBox<E extends ElementType>({ as, styles, more, ...props }: StaticBoxProps<E>) {
  const first = useStaticStyles(styles);
  const second = useStaticStyles(more ?? none);
  return jsx(as, { ...props, css: more ? [first, second] : first });
}
