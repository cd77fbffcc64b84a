import {
  Badge,
  Box,
  Container,
  EmptyState,
  Flex,
  Grid,
  Heading,
  HStack,
  LinkBox,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  type SystemStyleObject,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BadgeCheck,
  Bookmark,
  CarFront,
  CircleCheck,
  ClipboardCheck,
  FileSearch,
  Headset,
  MessageCircle,
  Plus,
  ShieldCheck,
  Tag,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { AfterFirstPaint } from '../components/layout/after-first-paint';
import { ListingCard, ListingGrid, ListingGridSkeleton } from '../components/buying/listing-card';
import { FeatureCard, type Feature } from '../components/feature-card';
import { linkCardStyle } from '../components/link-card-style';
import { plainIconStyle, plainLinkOverlayStyle } from '../components/plain-styles';
import { buttonLook, StaticButton } from '../components/static-button';
import { QuickSearch } from '../components/search/quick-search';
import { useTRPC, type TRPCOptions } from '../trpc';
import { staticPageHead } from '../../shared/page-head';

// The loader starts the latest-listings fetch without waiting for it: the hero and search paint at once and the
// section shows its skeleton until the cards arrive (also warmed on hover over a link home).
export const Route = createFileRoute('/')({
  head: ({ match }) => staticPageHead('/', match.context.origin),
  loader: ({ context: { queryClient, trpc } }) => void queryClient.prefetchQuery(latestQuery(trpc)),
  component: HomePage,
});

// docs/product/limits.md: home listings stale after 30 s, refreshed every 60 s.
const latestQuery = (trpc: TRPCOptions) =>
  trpc.listings.list.queryOptions({ limit: 3 }, { staleTime: 30_000, refetchInterval: 60_000, placeholderData: keepPreviousData });

// The registry lookup (its plate rules and the registry mapping) loads when its band comes near the screen (it sits
// below the fold on a phone and on a laptop): the first load stays small (docs/decisions/010-compression-and-bundle.md).
const VehicleLookup = lazy(() => import('../components/selling/vehicle-lookup').then((m) => ({ default: m.VehicleLookup })));

const buyLook = buttonLook({ size: 'xl' }, { colorPalette: 'accent', fontWeight: 'bold', letterSpacing: '0.04em' });
const sellLook = buttonLook(
  { size: 'xl', variant: 'outline' },
  { color: 'white', borderColor: 'whiteAlpha.600', _hover: { bg: 'whiteAlpha.200' }, fontWeight: 'bold', letterSpacing: '0.04em' },
);
const allCarsLook = buttonLook(
  { variant: 'ghost' },
  { colorPalette: 'brand', fontWeight: 'semibold', px: '0', _hover: { bg: 'transparent', textDecoration: 'underline' } },
);
const firstListingLook = buttonLook({}, { colorPalette: 'accent' });

function HomePage() {
  return (
    <>
      <Hero />
      {/* Below the hero on a phone: on a first visit, rendered just after the hero's first paint (the loader has
          started the latest listings' fetch all the same). */}
      <AfterFirstPaint>
        <LatestListings />
        <VehicleDataBand />
        <WhyChoose />
        <Services />
      </AfterFirstPaint>
    </>
  );
}

function Hero() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      color="white"
      bg="brand.800"
      // Two soft light pools over the brand blue: depth without a photo to download.
      backgroundImage="radial-gradient(ellipse 80% 60% at 85% 10%, rgba(63,132,201,0.55), transparent 60%), radial-gradient(ellipse 60% 50% at 0% 100%, rgba(234,99,22,0.18), transparent 60%)"
    >
      <Container maxW="7xl" py={{ base: 10, md: 16, lg: 20 }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.15fr 1fr' }} gap={{ base: 8, lg: 14 }} alignItems="center">
          <Stack gap={{ base: 5, md: 6 }}>
            <Badge alignSelf="flex-start" bg="whiteAlpha.200" color="white" px="3" py="1" rounded="full" fontWeight="medium">
              <BadgeCheck size={14} aria-hidden /> Alle annonser kontrolleres før publisering
            </Badge>
            <Heading
              id="hero-title"
              as="h1"
              fontSize={{ base: '3xl', sm: '4xl', md: '5xl' }}
              lineHeight="1.1"
              letterSpacing="-0.03em"
              fontWeight="800"
            >
              Kjøp og selg bruktbil – trygt og enkelt
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900" maxW="xl">
              Finn bilen som passer deg, snakk direkte med selger og sjekk bilens historikk hos Statens vegvesen før du bestemmer deg.
            </Text>
            <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
              <StaticButton as={Link} look={buyLook} to="/annonser">
                KJØP BIL <ArrowRight aria-hidden />
              </StaticButton>
              <StaticButton as={Link} look={sellLook} to="/ny-annonse">
                SELG BIL
              </StaticButton>
            </Flex>
            <Flex gap={{ base: 2, md: 5 }} direction={{ base: 'column', md: 'row' }} color="whiteAlpha.900" fontSize="sm">
              {['Kontrollerte annonser', 'Direkte kontakt med selger', 'Bildata fra Statens vegvesen'].map((t) => (
                <HStack key={t} gap="1.5">
                  <CircleCheck size={16} aria-hidden color="var(--chakra-colors-accent-300)" />
                  <Text>{t}</Text>
                </HStack>
              ))}
            </Flex>
          </Stack>
          <Box bg="bg" color="fg" rounded="2xl" shadow="2xl" p={{ base: 5, md: 7 }}>
            <Heading as="h2" size="lg" mb="1">
              Finn din neste bil
            </Heading>
            <Text color="fg.muted" fontSize="sm" mb="5">
              Velg merke, prisklasse og årsmodell.
            </Text>
            <QuickSearch />
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}

/** A section of the home page: its heading (the section's accessible name), an optional line and action, then the rest. */
function HomeSection({ id, title, text, action, children }: { id: string; title: string; text?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Container as="section" aria-labelledby={id} maxW="7xl" py={{ base: 10, md: 16 }}>
      <SectionHeader id={id} title={title} text={text} action={action} />
      {children}
    </Container>
  );
}

function SectionHeader({ title, text, action, id }: { title: string; text?: string; action?: ReactNode; id: string }) {
  return (
    <Flex
      justify="space-between"
      align={{ base: 'flex-start', sm: 'flex-end' }}
      gap="3"
      mb={{ base: 5, md: 8 }}
      direction={{ base: 'column', sm: 'row' }}
    >
      <Box>
        <Heading id={id} as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {title}
        </Heading>
        {text && (
          <Text color="fg.muted" mt="1">
            {text}
          </Text>
        )}
      </Box>
      {action}
    </Flex>
  );
}

function LatestListings() {
  const trpc = useTRPC();
  const latest = useQuery(latestQuery(trpc));
  const items = latest.data?.items ?? [];

  return (
    <HomeSection
      id="latest-title"
      title="Nylig publiserte biler"
      text="Nye biler vises her så snart annonsen er godkjent."
      action={
        <StaticButton as={Link} look={allCarsLook} to="/annonser">
          Se alle biler <ArrowRight size={16} aria-hidden />
        </StaticButton>
      }
    >
      {latest.isPending ? (
        <ListingGridSkeleton count={3} />
      ) : latest.isError ? (
        <Text color="fg.error">Feil ved lasting av annonser</Text>
      ) : items.length === 0 ? (
        <EmptyState.Root bg="bg" rounded="xl" borderWidth="1px" borderStyle="dashed">
          <EmptyState.Content>
            <EmptyState.Indicator color="brand.400">
              <CarFront />
            </EmptyState.Indicator>
            <EmptyState.Description fontSize="md" color="fg">
              Ingen annonser tilgjengelig for øyeblikket.
            </EmptyState.Description>
            <StaticButton as={Link} look={firstListingLook} to="/ny-annonse">
              <Plus size={16} aria-hidden /> Opprett den første annonsen
            </StaticButton>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <ListingGrid>
          {items.map((l) => (
            <ListingCard key={l.id} listing={l} />
          ))}
        </ListingGrid>
      )}
    </HomeSection>
  );
}

function VehicleDataBand() {
  return (
    <Box as="section" aria-labelledby="vehicle-data-title" bg="bg" borderYWidth="1px" borderColor="border.muted">
      <Container maxW="7xl" py={{ base: 10, md: 14 }}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: 6, md: 12 }} alignItems="center">
          <Stack gap="3">
            <Text color="accent.600" fontWeight="semibold" fontSize="sm" textTransform="uppercase" letterSpacing="0.08em">
              Skal du selge bil?
            </Text>
            <Heading id="vehicle-data-title" as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
              Hent bildata automatisk
            </Heading>
            <Text color="fg.muted">
              Skriv inn registreringsnummeret, så henter vi merke, modell, årsmodell og tekniske data fra Statens vegvesen og fyller ut annonsen for
              deg.
            </Text>
          </Stack>
          <Box bg="bg.subtle" rounded="xl" p={{ base: 4, md: 6 }} borderWidth="1px" borderColor="border.muted">
            <WhenNear fallback={<Skeleton h="20" rounded="md" />}>
              <VehicleLookup mode="navigate" size="lg" helperText="Format: to bokstaver og fem tall, f.eks. AB12345." />
            </WhenNear>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}

/** Renders `children` (and so loads their lazy code) once the spot is within 600 px of the screen; `fallback` until then. */
function WhenNear({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = spot.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <Suspense fallback={fallback}>{children}</Suspense>;
  return <div ref={spot}>{fallback}</div>;
}

const REASONS: Feature[] = [
  { icon: ShieldCheck, title: 'Kontrollerte annonser', text: 'Hver annonse gjennomgås før den publiseres, så du slipper useriøse tilbud.' },
  { icon: MessageCircle, title: 'Direkte kontakt', text: 'Send melding eller henvendelse rett til selger – uten mellomledd.' },
  { icon: FileSearch, title: 'Offisielle bildata', text: 'Tekniske data hentes fra Statens vegvesen på registreringsnummeret.' },
  { icon: ClipboardCheck, title: 'Sjekk før du kjøper', text: 'Se EU-kontroll og kjøretøyopplysninger med ett klikk fra annonsen.' },
];

function WhyChoose() {
  return (
    <HomeSection id="why-title" title="Hvorfor velge Bilpartner.no?" text="En markedsplass laget for trygge bilhandler mellom privatpersoner.">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: 4, md: 6 }}>
        {REASONS.map((r) => (
          <FeatureCard key={r.title} {...r} />
        ))}
      </SimpleGrid>
    </HomeSection>
  );
}

const SERVICES: { icon: LucideIcon; title: string; text: string; to: string; cta: string }[] = [
  {
    icon: CarFront,
    title: 'Kjøp bil',
    text: 'Søk blant kontrollerte bruktbiler med filtre for merke, pris, drivstoff og mer.',
    to: '/annonser',
    cta: 'Søk biler',
  },
  {
    icon: Tag,
    title: 'Selg bil',
    text: 'Lag annonse på få minutter. Bildata fylles ut automatisk fra registreringsnummeret.',
    to: '/ny-annonse',
    cta: 'Opprett annonse',
  },
  {
    icon: Bookmark,
    title: 'Lagrede annonser',
    text: 'Lagre bilene du liker og sammenlign dem når det passer deg.',
    to: '/lagrede-annonser',
    cta: 'Se lagrede',
  },
  {
    icon: Headset,
    title: 'Kundeservice',
    text: 'Spørsmål om kjøp, salg eller kontoen din? Vi svarer vanligvis innen 24 timer.',
    to: '/kontakt',
    cta: 'Kontakt oss',
  },
];

// A service's card: the LinkBox with a column (Chakra's Stack, gap 3, full height) of plain elements, styled by its
// `css` (docs/decisions/019-server-rendering.md). The link is the card's overlay; its text and arrow a row.
const serviceCss: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  '& > svg': { ...plainIconStyle, boxSize: '7', color: 'accent.500' },
  '& h3': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'md' },
  '& p': { color: 'fg.muted', fontSize: 'sm', flex: '1' },
  '& > a': { ...plainLinkOverlayStyle, color: 'brand.600', fontWeight: 'semibold', fontSize: 'sm' },
  '& > a > span': { display: 'flex', alignItems: 'center', gap: '1' },
};

function Services() {
  return (
    <Box bg="brand.50">
      <HomeSection id="services-title" title="Våre tjenester">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: 4, md: 6 }}>
          {SERVICES.map((s) => (
            <LinkBox key={s.title} as="article" {...linkCardStyle} p="6" css={serviceCss}>
              <s.icon aria-hidden focusable="false" />
              <h3>{s.title}</h3>
              <p>{s.text}</p>
              <Link to={s.to} className="chakra-linkbox__overlay">
                <span>
                  {s.cta} <ArrowRight size={14} aria-hidden />
                </span>
              </Link>
            </LinkBox>
          ))}
        </SimpleGrid>
      </HomeSection>
    </Box>
  );
}
