import { Box, Button, Flex, Grid, Heading, HStack, Icon, Link as ChakraLink, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import {
  BadgeCheck,
  Camera,
  ClipboardCheck,
  FileSearch,
  Handshake,
  Lock,
  MessageCircle,
  ReceiptText,
  Search,
  ShieldCheck,
  Tag,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { FeatureCard, type Feature } from '../components/feature-card';
import { StaticPage } from '../components/static-page';
import { staticPageHead } from '../../shared/page-head';

export const Route = createFileRoute('/about')({ head: ({ match }) => staticPageHead('/about', match.context.origin), component: AboutPage });

type Step = Feature;

const buyerSteps: Step[] = [
  {
    icon: Search,
    title: 'Søk og filtrer',
    text: 'Finn biler etter merke, modell, årsmodell, pris, kilometerstand, drivstoff, girkasse og sted.',
  },
  {
    icon: FileSearch,
    title: 'Se hele bildet',
    text: 'Tekniske data, utstyr, EU-kontroll og totalpris med omregistreringsavgift står i hver annonse.',
  },
  {
    icon: MessageCircle,
    title: 'Ta kontakt',
    text: 'Still spørsmål til selgeren i chat eller send en henvendelse, uten å dele telefonnummeret ditt.',
  },
  { icon: Handshake, title: 'Avtal visning og kjøp', text: 'Prøvekjør, sjekk bilen og skriv kontrakt direkte med selgeren.' },
];

const sellerSteps: Step[] = [
  {
    icon: ClipboardCheck,
    title: 'Slå opp registreringsnummeret',
    text: 'Vi henter tekniske data fra Statens vegvesen, så slipper du å skrive dem inn selv.',
  },
  {
    icon: Camera,
    title: 'Legg til bilder og pris',
    text: 'Beskriv bilen, velg utstyr og last opp bilder. Totalprisen regnes ut automatisk.',
  },
  {
    icon: BadgeCheck,
    title: 'Annonsen kontrolleres',
    text: 'Vi går gjennom annonsen før den publiseres, slik at kjøperne kan stole på den.',
  },
  { icon: Tag, title: 'Selg direkte', text: 'Svar på meldinger, og deaktiver annonsen med ett klikk når bilen er solgt.' },
];

const trustPoints: Step[] = [
  {
    icon: ShieldCheck,
    title: 'Kontrollerte annonser',
    text: 'Hver annonse blir gjennomgått før den vises. Annonser som ikke holder mål, blir avvist.',
  },
  {
    icon: ClipboardCheck,
    title: 'Offisielle bildata',
    text: 'Tekniske data og kontrollfrister hentes fra Statens vegvesens register, ikke fra fritekst.',
  },
  {
    icon: ReceiptText,
    title: 'Ingen skjulte kostnader',
    text: 'Vi viser alltid totalprisen, det vil si pris pluss omregistreringsavgift.',
  },
  {
    icon: Lock,
    title: 'Personvern først',
    text: 'Dataene dine lagres i EU/EØS, og du bestemmer selv om adresse og telefonnummer skal vises.',
  },
  {
    icon: MessageCircle,
    title: 'Trygg kontakt',
    text: 'Innebygd chat gjør at du kan snakke med den andre parten før du deler kontaktinformasjon.',
  },
  { icon: Handshake, title: 'Norsk kundeservice', text: 'Spørsmål besvares av mennesker, på norsk. Vi svarer vanligvis innen 24 timer.' },
];

const safetyTips = [
  'Se bilen og prøvekjør den før du betaler.',
  'Sjekk at selgeren er registrert eier, og at bilen er fri for heftelser.',
  'Bruk en skriftlig kjøpekontrakt og ta vare på den.',
  'Betal aldri forskudd til noen du ikke har møtt.',
  'Be om servicehefte og dokumentasjon på reparasjoner.',
];

function AboutPage() {
  return (
    <StaticPage
      title="Om Bilpartner.no"
      eyebrow="Om oss"
      lead="Vi gjør det tryggere, enklere og mer oversiktlig å kjøpe og selge bruktbil i Norge, uten mellommenn som tar en bit av prisen."
      width="wide"
    >
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={{ base: 8, lg: 16 }} alignItems="center">
        <Stack gap="4">
          <Heading as="h2" size="2xl" color="brand.900" letterSpacing="-0.01em">
            Vårt oppdrag
          </Heading>
          <Text lineHeight="tall" fontSize={{ md: 'lg' }}>
            Å kjøpe bruktbil er for mange en av de største handlene de gjør. Likevel er det ofte vanskelig å vite om annonsen stemmer, hva
            bilen egentlig koster, og hvem man handler med.
          </Text>
          <Text lineHeight="tall" fontSize={{ md: 'lg' }} color="fg.muted">
            Bilpartner.no er laget for å endre på det. Vi samler annonser med riktige bildata, viser hele prisen fra start og kontrollerer
            hver annonse før den publiseres. Slik kan kjøpere og selgere møtes direkte, med tillit på begge sider.
          </Text>
        </Stack>
        <Box bg="brand.800" color="white" rounded="2xl" p={{ base: 6, md: 10 }} position="relative" overflow="hidden">
          <Box position="absolute" insetEnd="-12" top="-12" w="48" h="48" rounded="full" bg="brand.600" opacity="0.5" aria-hidden />
          <Stack gap="5" position="relative">
            <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" lineHeight="short">
              «En bilhandel skal kjennes trygg, enten du kjøper din første bil eller selger familiebilen.»
            </Text>
            <Stack gap="2" fontSize="sm" color="whiteAlpha.800">
              <Fact>Annonser kontrolleres før publisering</Fact>
              <Fact>Bildata fra Statens vegvesen</Fact>
              <Fact>Data lagret i EU/EØS</Fact>
            </Stack>
          </Stack>
        </Box>
      </Grid>

      <Box as="section" mt={{ base: 14, md: 20 }} aria-labelledby="slik-fungerer-det">
        <Stack gap="2" mb="8" textAlign={{ md: 'center' }} maxW="2xl" mx={{ md: 'auto' }}>
          <Heading as="h2" id="slik-fungerer-det" size="2xl" color="brand.900" letterSpacing="-0.01em">
            Slik fungerer det
          </Heading>
          <Text color="fg.muted">Fra første søk til nøklene skifter hender.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <StepsCard heading="For kjøpere" steps={buyerSteps} palette="brand" />
          <StepsCard heading="For selgere" steps={sellerSteps} palette="accent" />
        </SimpleGrid>
      </Box>

      <Box as="section" mt={{ base: 14, md: 20 }} aria-labelledby="hvorfor-oss">
        <Stack gap="2" mb="8" textAlign={{ md: 'center' }} maxW="2xl" mx={{ md: 'auto' }}>
          <Heading as="h2" id="hvorfor-oss" size="2xl" color="brand.900" letterSpacing="-0.01em">
            Hvorfor du kan stole på oss
          </Heading>
          <Text color="fg.muted">Trygghet er ikke en funksjon vi har lagt til, men utgangspunktet for alt vi lager.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {trustPoints.map((p) => (
            <FeatureCard key={p.title} {...p} />
          ))}
        </SimpleGrid>
      </Box>

      <Grid
        as="section"
        mt={{ base: 14, md: 20 }}
        templateColumns={{ base: '1fr', md: '2fr 3fr' }}
        gap={{ base: 4, md: 10 }}
        bg="accent.50"
        borderWidth="1px"
        borderColor="accent.100"
        rounded="2xl"
        p={{ base: 6, md: 10 }}
        aria-labelledby="trygg-bilhandel"
      >
        <Stack gap="2">
          <Heading as="h2" id="trygg-bilhandel" size="xl" color="accent.900">
            Fem råd for en trygg bilhandel
          </Heading>
          <Text color="fg.muted">
            Vi kontrollerer annonsene, men selve handelen skjer mellom kjøper og selger. Disse rådene gir deg et godt utgangspunkt.
          </Text>
        </Stack>
        <List.Root as="ol" gap="3" listStyle="none">
          {safetyTips.map((tip, i) => (
            <List.Item key={tip} display="flex" gap="3" alignItems="flex-start">
              <Flex
                flexShrink={0}
                w="7"
                h="7"
                rounded="full"
                bg="accent.solid"
                color="accent.contrast"
                fontSize="sm"
                fontWeight="bold"
                align="center"
                justify="center"
              >
                {i + 1}
              </Flex>
              <Text pt="0.5">{tip}</Text>
            </List.Item>
          ))}
        </List.Root>
      </Grid>

      <Stack
        as="section"
        mt={{ base: 14, md: 20 }}
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        gap="6"
        bg="brand.900"
        color="white"
        rounded="2xl"
        p={{ base: 6, md: 10 }}
      >
        <Stack gap="1">
          <Heading as="h2" size="xl">
            Klar for å finne din neste bil?
          </Heading>
          <Text color="whiteAlpha.800">Se annonsene, eller legg ut bilen din på få minutter.</Text>
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild colorPalette="accent" size="lg">
            <Link to="/annonser">Se biler til salgs</Link>
          </Button>
          <Button asChild variant="outline" size="lg" color="white" borderColor="whiteAlpha.500" _hover={{ bg: 'whiteAlpha.200' }}>
            <Link to="/ny-annonse">Selg bilen din</Link>
          </Button>
        </Stack>
      </Stack>

      <Text mt="8" textAlign="center" color="fg.muted">
        Har du spørsmål?{' '}
        <ChakraLink asChild color="brand.600" fontWeight="medium" textDecoration="underline" textUnderlineOffset="0.15em">
          <Link to="/kontakt">Kontakt oss</Link>
        </ChakraLink>{' '}
        – vi svarer vanligvis innen 24 timer.
      </Text>
    </StaticPage>
  );
}

function Fact({ children }: { children: ReactNode }) {
  return (
    <HStack gap="2">
      <Icon as={BadgeCheck} boxSize="4" color="accent.300" aria-hidden />
      <Text>{children}</Text>
    </HStack>
  );
}

function StepsCard({ heading, steps, palette }: { heading: string; steps: Step[]; palette: 'brand' | 'accent' }) {
  return (
    <Box bg="bg" borderWidth="1px" rounded="2xl" p={{ base: 6, md: 8 }} shadow="xs" borderTopWidth="4px" borderTopColor={`${palette}.500`}>
      <Heading as="h3" size="lg" mb="6">
        {heading}
      </Heading>
      <List.Root as="ol" gap="5" listStyle="none">
        {steps.map((s, i) => (
          <List.Item key={s.title} display="flex" gap="4" alignItems="flex-start">
            <Flex
              flexShrink={0}
              w="10"
              h="10"
              rounded="full"
              bg={`${palette}.50`}
              color={`${palette}.600`}
              align="center"
              justify="center"
              position="relative"
            >
              <Icon as={s.icon} boxSize="5" aria-hidden />
              <Flex
                position="absolute"
                top="-1"
                insetEnd="-1"
                w="4.5"
                h="4.5"
                rounded="full"
                bg={`${palette}.500`}
                color="white"
                fontSize="2xs"
                fontWeight="bold"
                align="center"
                justify="center"
              >
                {i + 1}
              </Flex>
            </Flex>
            <Stack gap="0.5">
              <Text fontWeight="semibold">{s.title}</Text>
              <Text color="fg.muted" fontSize="sm" lineHeight="tall">
                {s.text}
              </Text>
            </Stack>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
