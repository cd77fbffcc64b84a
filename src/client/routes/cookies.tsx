import { Badge, Box, Code, HStack, SimpleGrid, Table, Text } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { BarChart3, Megaphone, ShieldCheck, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { BulletList, LegalPage, type LegalSectionContent, Paragraph, TextLink } from '../components/static-page';
import { staticPageHead } from '../../shared/page-head';
import type { Palette } from '../theme';

export const Route = createFileRoute('/cookies')({ head: ({ match }) => staticPageHead('/cookies', match.context.origin), component: CookiesPage });

interface Category {
  icon: LucideIcon;
  name: string;
  purpose: string;
  duration: string;
  status: { label: string; palette: Palette };
}

const categories: Category[] = [
  {
    icon: ShieldCheck,
    name: 'Nødvendige',
    purpose: 'Innlogging, sikkerhet og at siden fungerer',
    duration: 'Inntil 30 dager',
    status: { label: 'Alltid i bruk', palette: 'brand' },
  },
  {
    icon: SlidersHorizontal,
    name: 'Funksjonelle',
    purpose: 'Huske valg og laste sider raskere',
    duration: 'Fra økten til 30 dager',
    status: { label: 'I bruk', palette: 'teal' },
  },
  {
    icon: BarChart3,
    name: 'Analytiske',
    purpose: 'Anonym statistikk om bruk og ytelse',
    duration: 'Inntil 13 måneder',
    status: { label: 'I bruk', palette: 'teal' },
  },
  {
    icon: Megaphone,
    name: 'Markedsføring',
    purpose: 'Annonsesporing og målrettet reklame',
    duration: '–',
    status: { label: 'Ikke i bruk', palette: 'gray' },
  },
];

// docs/product/screens.md#static-pages: necessary, functional and analytic cookies; no marketing cookies currently.
const sections: LegalSectionContent[] = [
  {
    id: 'hva-er',
    label: 'Hva er informasjonskapsler',
    body: (
      <Paragraph>
        Informasjonskapsler (cookies) er små tekstfiler som lagres i nettleseren når du besøker et nettsted. Vi bruker også lokal
        lagring i nettleseren (local storage) til samme formål. Denne erklæringen gjelder for begge deler, og utfyller{' '}
        <TextLink to="/personvern">personvernerklæringen</TextLink>.
      </Paragraph>
    ),
  },
  {
    id: 'oversikt',
    label: 'Oversikt',
    body: (
      <>
        <Table.ScrollArea borderWidth="1px" rounded="xl" bg="bg" display={{ base: 'none', md: 'block' }}>
          <Table.Root size="md" variant="line">
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Kategori</Table.ColumnHeader>
                <Table.ColumnHeader>Formål</Table.ColumnHeader>
                <Table.ColumnHeader>Varighet</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {categories.map((c) => (
                <Table.Row key={c.name}>
                  <Table.Cell fontWeight="semibold">
                    <HStack gap="2">
                      <c.icon size={16} aria-hidden />
                      {c.name}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell color="fg.muted">{c.purpose}</Table.Cell>
                  <Table.Cell color="fg.muted" whiteSpace="nowrap">
                    {c.duration}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={c.status.palette} variant="subtle">
                      {c.status.label}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {/* On narrow screens a four-column table would scroll sideways; cards read better. */}
        <SimpleGrid columns={1} gap="3" display={{ base: 'grid', md: 'none' }}>
          {categories.map((c) => (
            <Box key={c.name} borderWidth="1px" rounded="xl" bg="bg" p="4">
              <HStack justify="space-between" mb="1">
                <HStack gap="2" fontWeight="semibold">
                  <c.icon size={16} aria-hidden />
                  <span>{c.name}</span>
                </HStack>
                <Badge colorPalette={c.status.palette} variant="subtle">
                  {c.status.label}
                </Badge>
              </HStack>
              <Text color="fg.muted" fontSize="sm">
                {c.purpose}. Varighet: {c.duration === '–' ? 'ikke aktuelt' : c.duration.toLowerCase()}.
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </>
    ),
  },
  {
    id: 'nodvendige',
    label: 'Nødvendige',
    body: (
      <>
        <Paragraph>
          Nødvendige informasjonskapsler trengs for at tjenesten skal virke, og kan ikke slås av. De settes først når du bruker en
          funksjon som krever dem, for eksempel når du logger inn.
        </Paragraph>
        <BulletList
          items={[
            {
              term: 'Innloggingsøkt',
              text: (
                <>
                  <Code size="sm">bp_session</Code> holder deg innlogget i inntil 30 dager. Den kan ikke leses av skript på siden og
                  sendes bare til Bilpartner.no.
                </>
              ),
            },
            {
              term: 'Sikkerhet',
              text: 'beskytter mot misbruk, for eksempel forfalskede forespørsler fra andre nettsteder og gjentatte innloggingsforsøk.',
            },
          ]}
        />
      </>
    ),
  },
  {
    id: 'funksjonelle',
    label: 'Funksjonelle',
    body: (
      <>
        <Paragraph>Funksjonelle informasjonskapsler og lokal lagring gjør tjenesten enklere å bruke:</Paragraph>
        <BulletList
          items={[
            'husker valg du har gjort, for eksempel søkefiltre og sortering,',
            'mellomlagrer annonsedata i nettleseren, slik at sider du nettopp har sett, laster raskere,',
            'gjør at appen kan brukes med svak eller ingen nettforbindelse.',
          ]}
        />
        <Paragraph>Slår du dem av, virker tjenesten fortsatt, men den husker ikke valgene dine og kan bli tregere.</Paragraph>
      </>
    ),
  },
  {
    id: 'analytiske',
    label: 'Analytiske',
    body: (
      <Paragraph>
        Analytiske informasjonskapsler gir oss samlet statistikk om hvordan tjenesten brukes, for eksempel hvilke sider som besøkes,
        hvor lang tid de tar å laste og hvor det oppstår feil. Statistikken brukes bare til å forbedre Bilpartner.no. Den er
        anonymisert, deles ikke med andre og brukes ikke til å følge deg på andre nettsteder.
      </Paragraph>
    ),
  },
  {
    id: 'markedsforing',
    label: 'Ingen markedsføring',
    body: (
      <Paragraph>
        Vi bruker for øyeblikket ingen informasjonskapsler til markedsføring, annonsesporing eller målrettet reklame, og vi deler
        ingen opplysninger med annonsenettverk. Dersom dette endres, oppdaterer vi denne siden og ber om samtykke før slike
        informasjonskapsler tas i bruk.
      </Paragraph>
    ),
  },
  {
    id: 'tredjeparter',
    label: 'Innhold fra tredjeparter',
    body: (
      <Paragraph>
        På annonsesidene kan det vises et innebygd kart over hvor bilen står. Kartleverandøren kan sette egne informasjonskapsler når
        kartet lastes, etter sine egne vilkår. Lenker til Statens vegvesen og andre eksterne nettsteder åpner deres sider, som har
        egne regler for informasjonskapsler.
      </Paragraph>
    ),
  },
  {
    id: 'administrere',
    label: 'Slik styrer du informasjonskapsler',
    body: (
      <>
        <Paragraph>
          Du kan når som helst slette informasjonskapsler og lokal lagring, eller blokkere dem, i innstillingene i nettleseren. Der kan
          du også velge at de slettes hver gang du lukker nettleseren. Blokkerer du nødvendige informasjonskapsler, kan du ikke logge
          inn.
        </Paragraph>
        <Paragraph>Veiledning for de vanligste nettleserne finner du på nettsidene til Chrome, Safari, Firefox og Edge.</Paragraph>
      </>
    ),
  },
];

function CookiesPage() {
  return (
    <LegalPage
      title="Informasjonskapsler"
      eyebrow="Cookies"
      lead="Bilpartner.no bruker informasjonskapsler for at du skal kunne logge inn, for at tjenesten skal huske valgene dine og for å forstå hvordan den brukes. Vi bruker ingen informasjonskapsler til markedsføring."
      sections={sections}
      question="Spørsmål om informasjonskapsler?"
    />
  );
}
