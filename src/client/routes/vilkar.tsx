import { createFileRoute } from '@tanstack/react-router';
import { BulletList, LegalPage, type LegalSectionContent, Paragraph, TextLink } from '../components/static-page';
import { staticPageHead } from '../../shared/page-head';

export const Route = createFileRoute('/vilkar')({ head: ({ match }) => staticPageHead('/vilkar', match.context.origin), component: TermsPage });

// docs/product/screens.md#static-pages: age 18+, truthful ads, intermediary only, prohibited use, fees and term changes
// with 30 days notice (docs/product/limits.md), Norwegian law and Oslo district court venue.
const sections: LegalSectionContent[] = [
  {
    id: 'om-tjenesten',
    label: 'Om tjenesten og vilkårene',
    body: (
      <Paragraph>
        Bilpartner.no er en digital markedsplass der privatpersoner og forhandlere kan annonsere brukte biler for salg, og der kjøpere
        kan søke etter biler og ta kontakt med selgere. Ved å opprette en konto eller bruke tjenesten godtar du disse vilkårene og vår{' '}
        <TextLink to="/personvern">personvernerklæring</TextLink>.
      </Paragraph>
    ),
  },
  {
    id: 'brukerkonto',
    label: 'Krav til brukere',
    body: (
      <BulletList
        items={[
          'Du må være minst 18 år for å opprette en konto, publisere annonser eller kontakte selgere.',
          'Opplysningene du registrerer, skal være korrekte og gjelde deg selv. Du holder dem oppdatert under Min profil.',
          'Kontoen er personlig. Du skal holde passordet hemmelig og er ansvarlig for all bruk av kontoen din.',
          'Mistenker du at andre har fått tilgang til kontoen, skal du straks endre passord og gi oss beskjed.',
        ]}
      />
    ),
  },
  {
    id: 'annonser',
    label: 'Annonser og ditt ansvar',
    body: (
      <>
        <Paragraph>Som annonsør er du selv ansvarlig for innholdet i annonsen. Det betyr at:</Paragraph>
        <BulletList
          items={[
            'alle opplysninger skal være sanne, fullstendige og ikke villedende, blant annet kilometerstand, antall eiere, servicehistorikk, skader og kjente feil,',
            'du må eie bilen eller ha fullmakt til å selge den, og opplyse om heftelser eller andre forhold som kan hindre salget,',
            'bildene skal vise den aktuelle bilen, og du må ha rett til å bruke dem,',
            'prisen skal være den reelle prisen. Totalprisen som vises, er pris pluss omregistreringsavgift,',
            'annonsen skal oppdateres eller deaktiveres så snart bilen er solgt.',
          ]}
        />
        <Paragraph>
          Alle annonser kontrolleres før de publiseres. Vi kan avvise, endre status på eller fjerne annonser som bryter med vilkårene,
          norsk lov eller god skikk. Kontrollen er ingen garanti for at opplysningene i annonsen er riktige.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'formidler',
    label: 'Bilpartner.no er kun formidler',
    body: (
      <>
        <Paragraph>
          Bilpartner.no er kun en plattform som formidler kontakt mellom kjøper og selger. Vi er ikke part i avtalen om kjøp og salg, vi
          eier ikke bilene som annonseres, og vi håndterer ikke betaling, levering eller overføring av eierskap.
        </Paragraph>
        <Paragraph>
          Avtalen inngås direkte mellom kjøper og selger, og eventuelle krav om mangler, reklamasjon eller heving rettes mot den andre
          parten. Vi anbefaler at kjøper prøvekjører bilen, sjekker EU-kontroll og heftelser, og at partene bruker en skriftlig
          kjøpekontrakt.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'forbudt-bruk',
    label: 'Forbudt bruk',
    body: (
      <>
        <Paragraph>Det er ikke tillatt å bruke Bilpartner.no til å:</Paragraph>
        <BulletList
          items={[
            'publisere falske, villedende eller dupliserte annonser, eller annonsere noe annet enn biler til salgs,',
            'selge stjålne kjøretøy eller biler du ikke har rett til å selge,',
            'forsøke svindel, for eksempel ved å be om forskuddsbetaling for en bil du ikke kan levere,',
            'sende spam, reklame eller trakasserende meldinger til andre brukere,',
            'samle inn annonser eller personopplysninger automatisk (skraping) uten skriftlig tillatelse,',
            'omgå sikkerhetstiltak, overbelaste tjenesten eller få tilgang til andres kontoer,',
            'publisere innhold som er ulovlig, krenkende eller bryter andres rettigheter.',
          ]}
        />
        <Paragraph>
          Brudd kan føre til at innhold fjernes, at kontoen sperres, og i alvorlige tilfeller at forholdet anmeldes.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'gebyrer',
    label: 'Priser og gebyrer',
    body: (
      <Paragraph>
        Det er i dag gratis å opprette konto, søke etter biler og publisere annonser på Bilpartner.no. Vi kan innføre eller endre
        gebyrer for hele eller deler av tjenesten. Slike endringer varsles minst 30 dager før de trer i kraft, på e-post til
        registrerte brukere og på nettstedet. Gebyrer gjelder aldri med tilbakevirkende kraft for annonser som allerede er publisert.
      </Paragraph>
    ),
  },
  {
    id: 'ansvar',
    label: 'Ansvarsbegrensning',
    body: (
      <Paragraph>
        Vi arbeider for at tjenesten skal være tilgjengelig og fungere feilfritt, men kan ikke garantere det. Bilpartner.no er ikke
        ansvarlig for innholdet i annonser eller meldinger fra brukere, for handler mellom brukere, eller for indirekte tap som følge
        av bruk av tjenesten. Kjøretøydata fra offentlige registre vises slik vi mottar dem. Ansvarsbegrensningen gjelder ikke ved
        grov uaktsomhet eller forsett, og begrenser ikke rettigheter du har etter ufravikelig lov.
      </Paragraph>
    ),
  },
  {
    id: 'opphor',
    label: 'Sperring og avslutning av konto',
    body: (
      <Paragraph>
        Du kan når som helst slutte å bruke tjenesten og be om at kontoen din slettes. Vi kan sperre eller avslutte kontoer som bryter
        vilkårene. Når det er mulig, får du beskjed om hvorfor.
      </Paragraph>
    ),
  },
  {
    id: 'endringer',
    label: 'Endringer i vilkårene',
    body: (
      <Paragraph>
        Vi kan endre disse vilkårene, for eksempel når tjenesten utvikles eller regelverket endres. Endringer varsles minst 30 dager
        før de trer i kraft, på e-post til registrerte brukere og på denne siden. Fortsetter du å bruke tjenesten etter at endringene
        har trådt i kraft, regnes det som at du godtar dem. Godtar du dem ikke, kan du avslutte kontoen før de trer i kraft.
      </Paragraph>
    ),
  },
  {
    id: 'lovvalg',
    label: 'Lovvalg og verneting',
    body: (
      <>
        <Paragraph>
          Vilkårene og bruken av Bilpartner.no reguleres av norsk lov. Tvister skal først søkes løst i minnelighet. Lykkes ikke det, er
          Oslo tingrett avtalt verneting.
        </Paragraph>
        <Paragraph>
          Er du forbruker, beholder du retten til å bringe saken inn for Forbrukerrådet og til å reise sak ved ditt eget verneting etter
          tvisteloven.
        </Paragraph>
      </>
    ),
  },
];

function TermsPage() {
  return (
    <LegalPage
      title="Brukervilkår"
      eyebrow="Vilkår"
      lead="Disse vilkårene gjelder for alle som bruker Bilpartner.no, enten du ser etter bil, selger bilen din eller bare tar en titt. Les dem gjerne før du oppretter en konto eller en annonse."
      sections={sections}
      question="Spørsmål om vilkårene?"
      replyTime
    />
  );
}
