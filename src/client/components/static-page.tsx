import { Badge, Box, Container, Grid, Heading, HStack, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { Link, type LinkOptions } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';

/** docs/product/screens.md#static-pages: the privacy, terms and cookie texts were last updated 19 July 2025. */
export const LEGAL_LAST_UPDATED = 'Sist oppdatert: 19. juli 2025';

export interface TocEntry {
  id: string;
  label: string;
}

interface StaticPageProps {
  title: string;
  /** Small label above the heading. */
  eyebrow?: string;
  lead?: ReactNode;
  /** Shows 'Sist oppdatert: …' under the heading (the legal pages). */
  lastUpdated?: string;
  /** A table of contents beside the text on wide screens, above it on narrow ones. */
  toc?: TocEntry[];
  /** 'prose' keeps lines readable for long text; 'wide' gives forms and cards room. */
  width?: 'prose' | 'wide';
  children: ReactNode;
}

/** The tab title is each route's `head` (components/layout/page-title.ts). */
/** The shared frame of /about, /kontakt, /personvern, /vilkar and /cookies: a calm header band, then the content. */
export function StaticPage({ title, eyebrow, lead, lastUpdated, toc, width = 'prose', children }: StaticPageProps) {
  const maxW = width === 'wide' ? '6xl' : toc ? '6xl' : '3xl';

  return (
    <>
      <Box as="section" bgGradient="to-b" gradientFrom="brand.50" gradientTo="bg.subtle" borderBottomWidth="1px" borderColor="brand.100">
        <Container maxW={maxW} pt={{ base: 10, md: 16 }} pb={{ base: 8, md: 12 }}>
          <Stack gap="3" maxW="3xl">
            {eyebrow && (
              <Text fontSize="sm" fontWeight="semibold" color="brand.600" textTransform="uppercase" letterSpacing="0.08em">
                {eyebrow}
              </Text>
            )}
            <Heading as="h1" size={{ base: '2xl', sm: '3xl', md: '4xl' }} hyphens="auto" letterSpacing="-0.02em" color="brand.900">
              {title}
            </Heading>
            {lead && (
              <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" lineHeight="tall">
                {lead}
              </Text>
            )}
            {lastUpdated && (
              <Badge alignSelf="flex-start" colorPalette="brand" variant="subtle" size="md" px="2.5" py="1" rounded="full" mt="1">
                <CalendarDays size={14} aria-hidden />
                {lastUpdated}
              </Badge>
            )}
          </Stack>
        </Container>
      </Box>

      <Container maxW={maxW} py={{ base: 8, md: 12 }}>
        {toc ? (
          <Grid templateColumns={{ base: '1fr', lg: '15rem 1fr' }} gap={{ base: 6, lg: 12 }} alignItems="start">
            <TableOfContents entries={toc} />
            <Box minW="0" maxW="3xl">
              {children}
            </Box>
          </Grid>
        ) : (
          children
        )}
      </Container>
    </>
  );
}

function TableOfContents({ entries }: { entries: TocEntry[] }) {
  return (
    <Box as="nav" aria-label="Innhold på siden" position={{ lg: 'sticky' }} top={{ lg: '24' }} bg="bg" borderWidth="1px" rounded="xl" p="5">
      <Text fontWeight="semibold" fontSize="sm" mb="3">
        Innhold
      </Text>
      <List.Root as="ol" gap="1.5" listStyle="none" fontSize="sm">
        {entries.map((e, i) => (
          <List.Item key={e.id}>
            <ChakraLink href={`#${e.id}`} color="fg.muted" _hover={{ color: 'brand.600' }} display="flex" gap="2">
              <Text as="span" color="brand.600" fontWeight="medium" minW="6" flexShrink={0}>
                {i + 1}.
              </Text>
              {e.label}
            </ChakraLink>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** A numbered section of a legal text; its id is the table-of-contents anchor. */
export function LegalSection({ id, number, title, children }: { id: string; number?: number; title: string; children: ReactNode }) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-heading`} scrollMarginTop="24" _notFirst={{ mt: '10' }}>
      <HStack
        as="h2"
        id={`${id}-heading`}
        gap="3"
        alignItems="baseline"
        mb="3"
        fontSize={{ base: 'xl', md: '2xl' }}
        fontWeight="bold"
        color="brand.900"
        letterSpacing="-0.01em"
      >
        {number !== undefined && (
          <Text as="span" color="brand.500" fontSize="lg">
            {number}.
          </Text>
        )}
        <span>{title}</span>
      </HStack>
      <Stack gap="3" color="fg" lineHeight="tall">
        {children}
      </Stack>
    </Box>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text lineHeight="tall">{children}</Text>;
}

/** A bulleted list; items may start with a bold term. */
export function BulletList({ items }: { items: Array<ReactNode | { term: string; text: ReactNode }> }) {
  return (
    <List.Root gap="2" ps="5" lineHeight="tall" _marker={{ color: 'brand.500' }}>
      {items.map((item, i) => (
        <List.Item key={i}>
          {isTerm(item) ? (
            <>
              <Text as="strong" fontWeight="semibold">
                {item.term}:
              </Text>{' '}
              {item.text}
            </>
          ) : (
            item
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}

function isTerm(item: unknown): item is { term: string; text: ReactNode } {
  return typeof item === 'object' && item !== null && 'term' in item && 'text' in item;
}

/** A quiet box for the "questions? write to us" line at the end of the legal pages. */
export function ContactNote({ children }: { children: ReactNode }) {
  return (
    <Box mt="12" p={{ base: 5, md: 6 }} bg="brand.50" borderWidth="1px" borderColor="brand.100" rounded="xl">
      {children}
    </Box>
  );
}

// Links inside running text are underlined: colour alone does not tell them apart (WCAG 1.4.1, axe link-in-text-block).

/** A link inside running text to another page of the app. */
export function TextLink({ to, children }: { to: LinkOptions['to']; children: ReactNode }) {
  return (
    <ChakraLink asChild color="brand.600" fontWeight="medium" textDecoration="underline" textUnderlineOffset="0.15em">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/** The contact address as a mail link inside running text. */
export function MailLink() {
  return (
    <ChakraLink href="mailto:kontakt@bilpartner.no" color="brand.600" fontWeight="medium" textDecoration="underline" textUnderlineOffset="0.15em">
      kontakt@bilpartner.no
    </ChakraLink>
  );
}

/** One numbered section of a legal page: its anchor, its heading (also its table-of-contents entry) and its text. */
export interface LegalSectionContent extends TocEntry {
  body: ReactNode;
}

interface LegalPageProps extends Pick<StaticPageProps, 'title' | 'eyebrow' | 'lead'> {
  /** The numbered sections in order; their labels are the headings and the table of contents. */
  sections: LegalSectionContent[];
  /** The closing 'Spørsmål om …?' box. */
  question: string;
  /** Ends the closing box with 'Vi svarer vanligvis innen 24 timer.' */
  replyTime?: boolean;
}

/**
 * The structure the three legal pages (/personvern, /vilkar, /cookies) share (docs/product/screens.md "Static pages"):
 * header with the last-updated date, table of contents, numbered sections, and the closing contact box.
 */
export function LegalPage({ sections, question, replyTime = false, ...page }: LegalPageProps) {
  return (
    <StaticPage {...page} lastUpdated={LEGAL_LAST_UPDATED} toc={sections}>
      {sections.map((s, i) => (
        <LegalSection key={s.id} id={s.id} number={i + 1} title={s.label}>
          {s.body}
        </LegalSection>
      ))}
      <ContactNote>
        <Text fontWeight="semibold" mb="1">
          {question}
        </Text>
        <Text color="fg.muted">
          Skriv til <MailLink /> eller bruk <TextLink to="/kontakt">kontaktskjemaet</TextLink>
          {/* One text node, as the pages had it, so the line wraps and renders the same. */}
          {replyTime ? '. Vi svarer vanligvis innen 24 timer.' : '.'}
        </Text>
      </ContactNote>
    </StaticPage>
  );
}
