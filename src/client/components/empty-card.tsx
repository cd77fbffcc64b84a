import { Container, EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type RootProps = Omit<EmptyState.RootProps, 'title'> & { 'data-testid'?: string };

/**
 * The card a page shows where a list is empty (or where the page has nothing for this visitor): an icon, a title, an
 * optional line and optional actions, on the page's background with a rounded border.
 */
export function EmptyCard({
  icon,
  color = 'brand.solid',
  title,
  titleAs,
  description,
  descriptionMaxW,
  children,
  ...root
}: {
  icon?: ReactNode;
  /** The icon's colour. */
  color?: EmptyState.IndicatorProps['color'];
  title: ReactNode;
  /** A heading level where the card is a heading of the page (h1 when it is all the page shows). */
  titleAs?: 'h1' | 'h2';
  description?: ReactNode;
  descriptionMaxW?: EmptyState.DescriptionProps['maxW'];
  /** The actions under the text. */
  children?: ReactNode;
} & RootProps) {
  return (
    <EmptyState.Root bg="bg" rounded="l3" borderWidth="1px" {...root}>
      <EmptyState.Content>
        {icon && <EmptyState.Indicator color={color}>{icon}</EmptyState.Indicator>}
        <VStack textAlign="center">
          <EmptyState.Title as={titleAs} textStyle={titleAs === 'h1' ? 'xl' : undefined}>
            {title}
          </EmptyState.Title>
          {description && <EmptyState.Description maxW={descriptionMaxW}>{description}</EmptyState.Description>}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A whole page that is only this card (logged out, no access): narrow, centred, its title the page's h1. */
export function PageNotice(props: Omit<Parameters<typeof EmptyCard>[0], 'titleAs'>) {
  return (
    <Container maxW="2xl" py={{ base: 12, md: 20 }}>
      <EmptyCard shadow="xs" titleAs="h1" {...props} />
    </Container>
  );
}
