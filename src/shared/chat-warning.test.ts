import { describe, expect, it } from 'vitest';
import { chatMessageWarning } from './chat-warning';

describe('chatMessageWarning', () => {
  it.each([
    ['a web address', 'Se flere bilder på https://bilder.example/volvo'],
    ['www.', 'Sjekk www.bilsalg-privat.no'],
    ['a bare domain', 'Mer info på volvo-salg.com'],
    ['an e-mail address', 'Send meg en mail på kari.nordmann@gmail.com'],
    ['a mobile number together', 'Ring meg på 91234567'],
    ['a mobile number grouped', 'Ring 912 34 567 etter kl 16'],
    ['a landline grouped in pairs', 'Tlf 22 33 44 55'],
    ['+47 and spaces', 'Nummeret er +47 912 34 567'],
    ['+47 together', 'SMS til +4791234567.'],
    ['0047', 'ring 0047 41234567'],
    ['advance payment', 'Jeg trenger et forskudd før visning'],
    ['a word inside a compound', 'Forskuddsbetaling på 5000 kr'],
    ['betalingsgaranti', 'Vi bruker BETALINGSGARANTI fra banken'],
    ['Western Union', 'Betal via western  union'],
    ['WhatsApp', 'Ta kontakt på WhatsApp-nummeret mitt'],
  ])('warns of %s', (_what, text) => {
    expect(chatMessageWarning(text)).toBe(true);
  });

  it.each([
    ['a price', 'Prisen er 250 000 kr'],
    ['a large price', 'Kan du gå ned til 1 250 000?'],
    ['a price grouped by thousands', 'Jeg gir 12 500 000 for begge'],
    ['a price with a dot', 'Pris 249.900,-'],
    ['years', 'Den er fra 2019, registrert 2020'],
    ['two years', 'Modell 2018 2019'],
    ['mileage', 'Den har gått 150 000 km'],
    ['a date', 'Kan vi se den 12.03.2026?'],
    ['an abbreviation', 'Er det f.eks. mulig med prøvekjøring ca. kl. 16?'],
    ['a version number', 'Motoren er 2.0 TDI'],
    ['a registration number', 'Regnr EL 12345'],
    ['a VIN', 'Understellsnummer YV1SW612345678901'],
    ['a number starting with 1', 'Referanse 12345678'],
    ['an ordinary question', 'Hei! Er bilen fortsatt til salgs? Når kan jeg se den?'],
    ['a word containing a listed word', 'Har den hatt reparasjoner?'],
  ])('does not warn of %s', (_what, text) => {
    expect(chatMessageWarning(text)).toBe(false);
  });
});
