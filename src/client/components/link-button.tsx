import { createRecipeContext, type HTMLChakraProps, type RecipeProps } from '@chakra-ui/react';

/**
 * A link that looks like a button (Chakra's own "LinkButton" recipe context): an `<a>` with the button recipe's styles.
 * `<Button asChild><a/></Button>` would put Chakra's `type="button"` on the anchor, which is invalid HTML for a link
 * (TanStack Router's Link drops it; a plain `<a>` to another site keeps it).
 * https://chakra-ui.com/docs/components/button#button-with-link
 */
export type LinkButtonProps = HTMLChakraProps<'a', RecipeProps<'button'>>;

const { withContext } = createRecipeContext({ key: 'button' });

export const LinkButton = withContext<HTMLAnchorElement, LinkButtonProps>('a');
