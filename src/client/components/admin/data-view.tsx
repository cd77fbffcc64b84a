import { Box, Card, Flex, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

// The two views of an admin list (docs/product/screens.md#admin): a table from md up, the same rows as cards below it.
// Each tab brings its columns and card bodies; the frame, the actions column and the cards' action row are these.

/** The table of a wide screen: `head` is the header cells between the first column and 'Handlinger'. */
export function DataTable({ testId, head, children }: { testId: string; head: ReactNode; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l3" bg="bg" shadow="xs" display={{ base: 'none', md: 'block' }}>
      <Table.Root size="sm" interactive data-testid={testId}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {head}
            <Table.ColumnHeader textAlign="end" pe="4">
              Handlinger
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A row's last cell: its action buttons. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return <Table.Cell pe="4">{children}</Table.Cell>;
}

/** Below md the table becomes a list of cards with the same facts and actions. */
export function DataCards({ children }: { children: ReactNode }) {
  return (
    <Stack as="ul" listStyleType="none" gap="3" display={{ base: 'flex', md: 'none' }}>
      {children}
    </Stack>
  );
}

/**
 * One row as a card: its name in bold with a muted line under it, `aside` at the right, then `children` and the
 * action buttons under a rule. `compact` for cards of few facts (users).
 */
export function DataCard(props: {
  testId: string;
  title: ReactNode;
  subtitle: ReactNode;
  mono?: boolean;
  aside?: ReactNode;
  compact?: boolean;
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card.Root as="li" size="sm" data-testid={props.testId}>
      <Card.Body gap={props.compact ? '1.5' : '2'}>
        <Flex justify="space-between" align="start" gap={props.compact ? '2' : '3'}>
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {props.title}
            </Text>
            <Text textStyle="xs" color="fg.muted" fontFamily={props.mono ? 'mono' : undefined}>
              {props.subtitle}
            </Text>
          </Box>
          {props.aside}
        </Flex>
        {props.children}
        <CardActions>{props.actions}</CardActions>
      </Card.Body>
    </Card.Root>
  );
}

/** A listing as admins find it: its code, and its registration number when it has one. */
export const listingCode = (l: { uniqueCode: string; registrationNumber: string }) =>
  l.registrationNumber ? `${l.uniqueCode} · ${l.registrationNumber}` : l.uniqueCode;

/** A card's action buttons, under a rule. */
export function CardActions({ children }: { children: ReactNode }) {
  return (
    <Box borderTopWidth="1px" pt="2" mt="1">
      {children}
    </Box>
  );
}

/** An icon-only button (or link, as its child) named for screen readers and the mouse alike. */
export function ActionIcon({
  label,
  onClick,
  danger,
  disabled,
  title,
  children,
}: {
  label: string;
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
  title?: string;
  children: ReactNode;
}) {
  return (
    <IconButton
      aria-label={label}
      title={title ?? label}
      size="sm"
      variant="ghost"
      colorPalette={danger ? 'red' : 'gray'}
      onClick={onClick}
      disabled={disabled}
      asChild={!onClick && !disabled}
    >
      {children}
    </IconButton>
  );
}
