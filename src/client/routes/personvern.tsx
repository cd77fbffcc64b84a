import { Link as ChakraLink } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { BulletList, LegalPage, type LegalSectionContent, MailLink, Paragraph, TextLink } from '../components/static-page';
import { staticPageHead } from '../../shared/page-head';

export const Route = createFileRoute('/personvern')({ head: ({ match }) => staticPageHead('/personvern', match.context.origin), component: PrivacyPage });

// docs/product/screens.md#static-pages: collection, use, sharing, EU/EEA storage, GDPR rights, security.
const sections: LegalSectionContent[] = [
  {
    id: 'behandlingsansvarlig',
    label: 'Hvem er ansvarlig',
    body: (
      <>
        <Paragraph>
          Bilpartner.no er behandlingsansvarlig for personopplysningene som behandles når du bruker nettstedet og tjenestene våre.
          Erklæringen gjelder for alle besøkende, registrerte brukere, kjøpere og selgere. Behandlingen skjer i samsvar med
          personopplysningsloven og EUs personvernforordning (GDPR).
        </Paragraph>
        <Paragraph>
          Har du spørsmål om personvern, kan du skrive til oss på <MailLink />.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'innsamling',
    label: 'Hvilke opplysninger vi samler inn',
    body: (
      <>
        <Paragraph>Vi samler inn opplysninger som du selv gir oss, og noen opplysninger som oppstår når du bruker tjenesten:</Paragraph>
        <BulletList
          items={[
            {
              term: 'Kontoopplysninger',
              text: 'brukernavn, fullt navn, visningsnavn, e-postadresse, telefonnummer og adresse når du oppretter eller endrer en konto. Passordet lagres aldri i klartekst.',
            },
            {
              term: 'Annonseopplysninger',
              text: 'registreringsnummer, understellsnummer, tekniske data, kilometerstand, pris, beskrivelse, bilder, utstyr og adressen der bilen står.',
            },
            {
              term: 'Kommunikasjon',
              text: 'meldinger i chat mellom kjøper og selger, henvendelser om annonser, kontaktskjema og tilbakemeldinger du sender oss.',
            },
            {
              term: 'Bruk av tjenesten',
              text: 'lagrede annonser, varslinger og hvilke annonser du har opprettet eller kontaktet selgeren om.',
            },
            {
              term: 'Tekniske opplysninger',
              text: 'IP-adresse, nettlesertype, tidspunkt for forespørsler og informasjonskapsler som trengs for innlogging og sikker drift.',
            },
          ]}
        />
        <Paragraph>
          Når du slår opp et registreringsnummer, henter vi kjøretøydata fra Statens vegvesens åpne register. Opplysningene gjelder
          bilen, ikke eieren.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'bruk',
    label: 'Hvordan vi bruker opplysningene',
    body: (
      <>
        <Paragraph>Vi bruker opplysningene til å:</Paragraph>
        <BulletList
          items={[
            'levere tjenesten: opprette og vise annonser, formidle kontakt mellom kjøper og selger og sende varslinger,',
            'kontrollere annonser før de publiseres, og avdekke svindel, misbruk og brudd på vilkårene,',
            'svare på henvendelser, kontaktmeldinger og tilbakemeldinger,',
            'holde tjenesten sikker og stabil, blant annet ved å begrense antall forsøk på innlogging og innsending,',
            'forbedre tjenesten basert på samlet, ikke-identifiserende statistikk om bruk,',
            'oppfylle plikter vi har etter lov, for eksempel etter bokføringsloven.',
          ]}
        />
        <Paragraph>
          Det rettslige grunnlaget er avtalen med deg når du bruker tjenesten (GDPR art. 6 nr. 1 bokstav b), rettslige forpliktelser
          (bokstav c) og vår berettigede interesse i å drive en trygg markedsplass (bokstav f). Der vi ber om samtykke, kan du når som
          helst trekke det tilbake.
        </Paragraph>
        <Paragraph>
          Vi bruker ikke opplysningene dine til automatiserte avgjørelser eller profilering med rettslige virkninger for deg.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'deling',
    label: 'Deling av opplysninger',
    body: (
      <>
        <Paragraph>Vi selger aldri personopplysninger. Opplysninger deles bare i disse tilfellene:</Paragraph>
        <BulletList
          items={[
            {
              term: 'Med andre brukere',
              text: 'navn, telefonnummer og adresse vises på annonsene dine, med mindre du velger å skjule adresse eller kontaktinformasjon. Meldinger du sender i chat, ses av mottakeren.',
            },
            {
              term: 'Med databehandlere',
              text: 'leverandører av drift, lagring og e-post som behandler opplysninger på våre vegne. De er bundet av databehandleravtaler og kan ikke bruke opplysningene til egne formål.',
            },
            {
              term: 'Med offentlige registre',
              text: 'ved oppslag sender vi bare registreringsnummeret til Statens vegvesen og søketeksten for adresser til Kartverkets adressetjeneste.',
            },
            {
              term: 'Med myndigheter',
              text: 'når vi har plikt til det etter lov, for eksempel ved pålegg fra politiet i forbindelse med etterforskning av svindel.',
            },
          ]}
        />
      </>
    ),
  },
  {
    id: 'lagring',
    label: 'Lagring i EU/EØS og lagringstid',
    body: (
      <>
        <Paragraph>
          Alle personopplysninger lagres og behandles på servere innenfor EU/EØS. Vi overfører ikke opplysninger til land utenfor
          EU/EØS. Skulle det bli nødvendig, skjer det bare med et gyldig overføringsgrunnlag etter GDPR kapittel V, for eksempel
          EU-kommisjonens standard personvernbestemmelser, og vi oppdaterer denne erklæringen først.
        </Paragraph>
        <Paragraph>Vi lagrer opplysningene ikke lenger enn nødvendig:</Paragraph>
        <BulletList
          items={[
            'kontoopplysninger så lenge kontoen er aktiv; når du sletter kontoen, slettes de innen 30 dager,',
            'annonser til du sletter dem eller kontoen din,',
            'kontaktmeldinger og tilbakemeldinger inntil saken er avsluttet, og senest etter 12 måneder,',
            'tekniske logger i inntil 90 dager,',
            'regnskapsopplysninger så lenge bokføringsloven krever.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'rettigheter',
    label: 'Dine rettigheter etter GDPR',
    body: (
      <>
        <Paragraph>Etter personvernforordningen (GDPR) har du rett til å:</Paragraph>
        <BulletList
          items={[
            { term: 'Innsyn', text: 'få vite hvilke opplysninger vi har om deg, og få en kopi av dem.' },
            {
              term: 'Retting',
              text: 'få rettet opplysninger som er feil eller ufullstendige. Mye kan du endre selv under Min profil.',
            },
            { term: 'Sletting', text: 'få slettet opplysninger som ikke lenger er nødvendige, eller som behandles uten grunnlag.' },
            { term: 'Begrensning', text: 'be om at behandlingen begrenses mens en innsigelse vurderes.' },
            { term: 'Dataportabilitet', text: 'få utlevert opplysninger du har gitt oss, i et maskinlesbart format.' },
            { term: 'Protest', text: 'protestere mot behandling som bygger på vår berettigede interesse.' },
            {
              term: 'Trekke samtykke',
              text: 'trekke tilbake et samtykke når som helst, uten at det påvirker behandlingen før tilbaketrekningen.',
            },
          ]}
        />
        <Paragraph>
          Send forespørselen til kontakt@bilpartner.no. Vi svarer uten ugrunnet opphold og senest innen én måned. Mener du at vi
          behandler opplysningene dine i strid med regelverket, kan du klage til{' '}
          <ChakraLink
            href="https://www.datatilsynet.no"
            target="_blank"
            rel="noopener noreferrer"
            color="brand.600"
            fontWeight="medium"
          >
            Datatilsynet
          </ChakraLink>
          .
        </Paragraph>
      </>
    ),
  },
  {
    id: 'sikkerhet',
    label: 'Sikkerhet',
    body: (
      <>
        <Paragraph>
          Vi har tekniske og organisatoriske tiltak som beskytter opplysningene dine mot tap, misbruk og uautorisert tilgang:
        </Paragraph>
        <BulletList
          items={[
            'all trafikk mellom nettleseren og oss er kryptert med HTTPS,',
            'passord lagres bare som sterke, saltede hash-verdier (Argon2),',
            'innloggingen bruker informasjonskapsler som ikke kan leses av skript, og forespørsler fra andre nettsteder avvises,',
            'bare personer som trenger det i arbeidet, har tilgang til opplysningene, og tilgangen logges,',
            'vi begrenser antall forsøk på innlogging og innsending for å hindre misbruk.',
          ]}
        />
        <Paragraph>
          Skulle det skje et sikkerhetsbrudd som kan gå ut over personvernet ditt, varsler vi Datatilsynet innen 72 timer og deg direkte
          når risikoen er høy.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'informasjonskapsler',
    label: 'Informasjonskapsler',
    body: (
      <Paragraph>
        Vi bruker informasjonskapsler (cookies) for innlogging, innstillinger og statistikk. Vi bruker ingen informasjonskapsler til
        markedsføring. Les mer i <TextLink to="/cookies">erklæringen om informasjonskapsler</TextLink>.
      </Paragraph>
    ),
  },
  {
    id: 'endringer',
    label: 'Endringer i erklæringen',
    body: (
      <Paragraph>
        Vi kan oppdatere denne erklæringen når tjenesten eller regelverket endres. Datoen øverst viser når den sist ble endret. Ved
        vesentlige endringer varsler vi registrerte brukere på e-post eller i tjenesten før endringene trer i kraft.
      </Paragraph>
    ),
  },
];

function PrivacyPage() {
  return (
    <LegalPage
      title="Personvernerklæring"
      eyebrow="Personvern"
      lead="Her forklarer vi hvilke personopplysninger Bilpartner.no behandler, hvorfor vi gjør det, og hvilke rettigheter du har. Vi samler ikke inn mer enn vi trenger, og vi selger aldri opplysningene dine."
      sections={sections}
      question="Spørsmål om personvern?"
      replyTime
    />
  );
}
