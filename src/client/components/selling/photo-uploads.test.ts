import { describe, expect, it } from 'vitest';
import { uploadErrorOf } from './photo-uploads';

// A refused photo's tile shows the server's Norwegian text (docs/product/limits.md#photos): the bounds on staged
// photos answer 429 with {message, details: {title}}, as POST /api/listing-images answers them.

describe('uploadErrorOf', () => {
  it("shows a 429's own title and text: too many staged photos, no room on the server, too many uploads", () => {
    const mine = 'Du har lastet opp mange bilder som ikke er lagret i en annonse ennå (høyst 100 bilder eller 100 MB). Lagre annonsen før du laster opp flere bilder, eller prøv igjen om 3 timer.';
    expect(uploadErrorOf(429, { message: mine, details: { title: 'For mange bilder' } })).toEqual({ title: 'For mange bilder', message: mine });
    const full = 'Det er ikke plass til flere nye bilder akkurat nå. Lagre annonsen med bildene som allerede er lastet opp, og prøv å legge til flere senere.';
    expect(uploadErrorOf(429, { message: full, details: { title: 'Ikke plass til flere bilder' } })).toEqual({ title: 'Ikke plass til flere bilder', message: full });
    expect(uploadErrorOf(429, { message: 'For mange forsøk. Vent litt og prøv igjen.' })).toEqual({
      title: 'Opplasting feilet',
      message: 'For mange forsøk. Vent litt og prøv igjen.',
    });
  });

  it('keeps the other answers as they were', () => {
    expect(uploadErrorOf(400, { message: 'Bildet har for høy oppløsning (maks 100 megapiksler).', details: { title: 'For stort bilde' } })).toEqual({
      title: 'For stort bilde',
      message: 'Bildet har for høy oppløsning (maks 100 megapiksler).',
    });
    expect(uploadErrorOf(413, {})).toEqual({ title: 'For stort bilde', message: 'Bildet er for stort. Velg et mindre bilde.' });
    expect(uploadErrorOf(401, {})).toEqual({ title: 'Ikke pålogget', message: 'Du må være logget inn for å laste opp bilder.' });
    expect(uploadErrorOf(502, {})).toEqual({ title: 'Opplasting feilet', message: 'Kunne ikke laste opp bildet. Prøv igjen.' });
  });
});
