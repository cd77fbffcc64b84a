import {
  Badge,
  Box,
  Container,
  Grid,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
  type SystemStyleObject,
} from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useCanGoBack, useRouter } from '@tanstack/react-router';
import { isTRPCClientError } from '@trpc/client';
import { ArrowLeft, BadgeCheck, CarFront } from 'lucide-react';
import { Gallery } from '../components/gallery/gallery';
import { InquiryForm } from '../components/buying/inquiry-form';
import { EquipmentList, KeyFacts, MoreDetails, Section, ServiceBookNote, SpecGrid } from '../components/buying/listing-specs';
import { LocationMap } from '../components/buying/location-map';
import { RegistryPanel } from '../components/buying/registry-panel';
import { ReportListing } from '../components/buying/report-listing';
import { PriceBox, type ListingDetail } from '../components/buying/price-box';
import { PriceHistory } from '../components/buying/price-history';
import { PriceRatingPanel } from '../components/buying/price-rating';
import { AfterFirstPaint } from '../components/layout/after-first-paint';
import { listingPageHead } from '../../shared/page-head';
import { SOLD_TEXTS } from '../../shared/texts/sold';
import { reviewNotices, ReviewNotices } from '../components/buying/review-status';
import { SellerCard, VegvesenCheck } from '../components/buying/seller-card';
import { buttonLook, sharedLooks, StaticButton } from '../components/static-button';
import { useCurrentUser } from '../hooks/use-current-user';
import { useRouteRetry } from '../lib/route-retry';
import { useTRPC, type TRPCOptions } from '../trpc';
import { EmptyCard } from '../components/empty-card';

// docs/product/screens.md /listing/{id}. The loader fetches the listing (also on hover over a link to it, after the
// router's 100 ms intent delay); a missing one is the page's own not-found state.
export const Route = createFileRoute('/listing/$id')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const id = listingId(params.id);
    if (!id) throw notFound();
    try {
      return await queryClient.ensureQueryData(listingQuery(trpc, id));
    } catch (err) {
      if (isNotFound(err)) throw notFound();
      throw err;
    }
  },
  // 'Tesla Model Y 2022 – 391 600 kr – Bilpartner.no': make, model, year and the shown price.
  head: ({ loaderData, match }) => (loaderData ? listingPageHead(loaderData, match.context.origin) : {}),
  pendingComponent: ListingSkeleton,
  errorComponent: ListingError,
  notFoundComponent: ListingNotFound,
  component: ListingPage,
});

const isNotFound = (err: unknown) => isTRPCClientError(err) && err.data?.code === 'NOT_FOUND';
const listingId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);
// A 404 is an answer, not a hiccup: do not ask again.
const listingQuery = (trpc: TRPCOptions, id: number) =>
  trpc.listings.byId.queryOptions({ id }, { retry: (count, err) => !isNotFound(err) && count < 1 });

function ListingPage() {
  const { id } = Route.useParams();
  const { data: listing } = useSuspenseQuery(listingQuery(useTRPC(), listingId(id)));
  return <ListingView listing={listing} />;
}

const backLook = buttonLook({ variant: 'ghost', size: 'sm' }, { px: '2', ms: '-2', color: 'fg.muted' });

function BackLink() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  // Back to the search the buyer came from (filters and page intact), else to a fresh search.
  return (
    <StaticButton
      as={Link}
      look={backLook}
      to="/annonser"
      onClick={(e) => {
        if (canGoBack && !e.metaKey && !e.ctrlKey) {
          e.preventDefault();
          router.history.back();
        }
      }}
    >
      <ArrowLeft size={16} aria-hidden /> Tilbake til søk
    </StaticButton>
  );
}

/** What the owner or an admin is told about a listing buyers do not see as shown (or at all). */
function StatusBanner({ listing: l }: { listing: ListingDetail }) {
  const { user } = useCurrentUser();
  const viewer = l.isOwner ? 'owner' : user?.isAdmin ? 'admin' : null;
  if (!viewer) return null;
  return <ReviewNotices notices={reviewNotices(l, viewer)} mt="3" />;
}

// The title block (a Stack: the heading row, the plate, the key facts) is plain elements styled by the page's `css`,
// as the page's sections are (components/buying/listing-specs.tsx), its rules for the block's own children only: the
// sections below have parts of the same names. The heading is Chakra's Heading.
const listingCss: SystemStyleObject = {
  '& > [data-part=title]': { display: 'flex', flexDirection: 'column', gap: '1.5', mt: '2', mb: { base: '4', md: '6' } },
  '& > [data-part=title] > [data-part=heading]': { display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' },
  '& h1': {
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: { base: '2xl', md: '4xl' },
    letterSpacing: '-0.02em',
    lineHeight: '1.15',
  },
  '& > [data-part=title] > [data-part=plate]': {
    fontFamily: 'mono',
    letterSpacing: 'wider',
    bg: 'bg',
    borderWidth: '1px',
    rounded: 'sm',
    px: '1.5',
    fontSize: 'sm',
    alignSelf: 'start',
  },
};

function ListingView({ listing: l }: { listing: ListingDetail }) {
  const title = `${l.make} ${l.model}`.trim();
  const serviceBook = l.serviceHistory;
  return (
    <Container maxW="7xl" py={{ base: 4, md: 8 }} css={listingCss}>
      <BackLink />
      <StatusBanner listing={l} />
      <div data-part="title">
        <div data-part="heading">
          <h1>{title}</h1>
          {/* Only a listing an admin approved and its owner keeps active (docs/decisions/007-pending-revisions.md). */}
          {l.status === 'approved' && l.active && (
            <Badge colorPalette="green" variant="subtle" size="lg" rounded="full" px="2.5">
              <BadgeCheck size={14} aria-hidden /> Verifisert
            </Badge>
          )}
          {/* Sold: the page stays, with the badge and no 'Start chat' (docs/product/states.md#sold). */}
          {l.sold && (
            <Badge colorPalette="purple" variant="solid" size="lg" rounded="full" px="2.5" data-testid="sold-badge">
              {SOLD_TEXTS.badge}
            </Badge>
          )}
        </div>
        {l.registrationNumber && <p data-part="plate">{l.registrationNumber}</p>}
        <KeyFacts listing={l} />
      </div>

      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' }}
        templateAreas={{ base: '"gallery" "aside" "main"', lg: '"gallery aside" "main aside"' }}
        templateRows={{ lg: 'auto 1fr' }}
        columnGap={{ lg: 8 }}
        rowGap={{ base: 4, md: 6 }}
      >
        <Box gridArea="gallery">
          <Gallery images={l.imageDetails ?? []} title={title} />
        </Box>

        <Stack gridArea="aside" gap={{ base: 4, md: 6 }} alignSelf="start" position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <PriceBox listing={l} />
          <PriceRatingPanel rating={l.priceRating} totalPrice={l.totalPrice} />
          <AfterFirstPaint>
            <SellerCard listing={l} />
            <VegvesenCheck registrationNumber={l.registrationNumber} />
          </AfterFirstPaint>
        </Stack>

        <Stack gridArea="main" gap={{ base: 4, md: 6 }} minW="0">
          {/* Below the photos and the price: on a first visit, rendered just after their first paint. */}
          <AfterFirstPaint>
            <Section title="Detaljer">
              <SpecGrid listing={l} />
              <MoreDetails listing={l} />
            </Section>
            <RegistryPanel listing={l} />
            {(l.equipment.length > 0 || serviceBook) && (
              <Section title="Utstyr">
                <Stack gap="4">
                  {serviceBook && <ServiceBookNote />}
                  {l.equipment.length > 0 && <EquipmentList items={l.equipment} />}
                </Stack>
              </Section>
            )}
            {l.description.trim() && (
              <Section title="Beskrivelse">
                {/* Plain text: React escapes it; pre-line keeps the seller's line breaks. */}
                <Text whiteSpace="pre-line" lineHeight="1.7" wordBreak="break-word" data-testid="description">
                  {l.description}
                </Text>
              </Section>
            )}
            <PriceHistory history={l.priceHistory} />
            <LocationMap address={l.address} place={l.place} hidden={l.hideAddress} />
            {/* The server refuses an inquiry about one's own listing; the owner gets no form. */}
            {!l.isOwner && <InquiryForm listingId={l.id} carName={`${title} (${l.year})`} />}
            {!l.isOwner && <ReportListing listingId={l.id} />}
          </AfterFirstPaint>
        </Stack>
      </Grid>
    </Container>
  );
}

function ListingNotFound() {
  return (
    <Container maxW="2xl" py={{ base: 12, md: 20 }}>
      <EmptyCard
        icon={<CarFront />}
        color="brand.400"
        titleAs="h1"
        title="Annonse ikke funnet"
        description="Annonsen du leter etter eksisterer ikke eller er blitt fjernet."
      >
        <StaticButton as={Link} look={sharedLooks.brand} to="/annonser">
          Se alle biler
        </StaticButton>
      </EmptyCard>
    </Container>
  );
}

function ListingError() {
  const retry = useRouteRetry();
  return (
    <Container maxW="2xl" py={{ base: 12, md: 20 }}>
      <EmptyCard titleAs="h1" title="Kunne ikke laste annonsen" description="Sjekk nettforbindelsen og prøv igjen.">
        <StaticButton look={sharedLooks.outline} onClick={retry}>
          Prøv igjen
        </StaticButton>
      </EmptyCard>
    </Container>
  );
}

function ListingSkeleton() {
  return (
    <Container maxW="7xl" py={{ base: 4, md: 8 }} aria-busy="true" aria-label="Laster annonse">
      <Skeleton h="8" w="36" mb="3" />
      <Skeleton h={{ base: '8', md: '10' }} w={{ base: '70%', md: '40%' }} mb="2" />
      <Skeleton h="5" w="48" mb={{ base: 4, md: 6 }} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' }} gap={{ base: 4, lg: 8 }}>
        <Stack gap="4">
          <Skeleton rounded="xl" aspectRatio={{ base: 4 / 3, md: 16 / 10 }} />
          <Box bg="bg" rounded="xl" borderWidth="1px" p="6">
            <SkeletonText noOfLines={6} gap="3" />
          </Box>
        </Stack>
        <Stack gap="4">
          <Box bg="bg" rounded="xl" borderWidth="1px" p="6">
            <Skeleton h="4" w="20" mb="2" />
            <Skeleton h="10" w="60%" mb="5" />
            <SkeletonText noOfLines={3} gap="2" />
            <Skeleton h="12" mt="5" />
            <Skeleton h="12" mt="2.5" />
          </Box>
        </Stack>
      </Grid>
    </Container>
  );
}
