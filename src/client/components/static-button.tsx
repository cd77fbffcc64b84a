import type { RecipeProps, SystemStyleObject } from '@chakra-ui/react';
import { jsx } from '@emotion/react';
import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { recipeLook, usePlainElement, useRecipeLook, type RecipeLook } from '../lib/static-styles';

// Chakra's Button resolves its recipe and style props on every render, the server's included, and a page shows a
// dozen of them (the header's alone are five). A button whose look never changes declares it once at module level
// (`buttonLook`) and renders as a plain element with Chakra's class and the same CSS, resolved once
// (docs/decisions/019-server-rendering.md "Cheaper renders"). Buttons with a spinner (`loading`) stay Chakra's.

export type ButtonVariants = RecipeProps<'button'>;
export type ButtonLook = RecipeLook<ButtonVariants>;

/** Chakra's button recipe at `variants`, then `styles` (what would be the Button's style props: `colorPalette`, `w`). */
export function buttonLook(variants: ButtonVariants, styles?: SystemStyleObject): ButtonLook {
  return recipeLook('button', variants, styles);
}

/** Chakra's IconButton: the button recipe without padding, its icon a little larger than the text. */
export function iconButtonLook(variants: ButtonVariants, styles?: SystemStyleObject): ButtonLook {
  return buttonLook(variants, { px: '0', py: '0', _icon: { fontSize: '1.2em' }, ...styles });
}

/** The plain looks several screens share: a brand button, and outlined ones at the default and the small size. */
export const sharedLooks = {
  brand: buttonLook({}, { colorPalette: 'brand' }),
  outline: buttonLook({ variant: 'outline' }),
  smallOutline: buttonLook({ variant: 'outline', size: 'sm' }),
};

type StaticButtonProps<E extends ElementType> = {
  /** The element or component (a router Link) that is the button; a `<button type="button">` by default. */
  as?: E;
  look: ButtonLook;
} & Omit<ComponentPropsWithoutRef<E>, 'css' | 'as'>;

/** A button (or a link that looks like one) with a constant look: Chakra's Button's class and CSS, resolved once. */
export function StaticButton<E extends ElementType = 'button'>({ as, look, className, ...props }: StaticButtonProps<E>) {
  const tag: ElementType = as ?? 'button';
  const classes = className ? `chakra-button ${className}` : 'chakra-button';
  const css = useRecipeLook(look, usePlainElement(tag, classes));
  return jsx(tag, {
    ...(tag === 'button' && { type: 'button' }),
    ...props,
    className: classes,
    css,
  });
}
