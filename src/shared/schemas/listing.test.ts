import { describe, expect, it } from 'vitest';
import { EQUIPMENT, SERVICE_BOOK_LABEL } from '../equipment';
import { PLATE_FORMAT_MESSAGE } from '../vehicle-mapping';
import {
  EQUIPMENT_MAX_ITEMS,
  IMAGE_TYPE_MESSAGE,
  LISTING_PRICE_MESSAGE,
  LISTING_REQUIRED_MESSAGE,
  MAX_IMAGES_PER_REQUEST,
  MAX_NEW_PHOTOS_PER_REQUEST,
  TOO_MANY_IMAGES_MESSAGE,
  TOO_MANY_NEW_PHOTOS_MESSAGE,
  listingFormInput,
} from './listing';

const valid = {
  registrationNumber: 'ab 12345',
  make: 'Volkswagen',
  model: 'Golf',
  year: 2017,
  price: 189000,
  registrationFee: 6200,
  address: 'Storgata 12, 0155 OSLO',
};

function issues(input: Record<string, unknown>) {
  const r = listingFormInput.safeParse(input);
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('listingFormInput', () => {
  it('applies the docs/product/validation.md defaults and coerces text to numbers and booleans', () => {
    const data = listingFormInput.parse({ ...valid, year: '2017', price: '189 000', mileage: '', hideAddress: 'true', serviceHistory: 'on' });
    expect(data).toMatchObject({ registrationNumber: 'AB12345', year: 2017, price: 189000, doors: 4, seats: 5, previousOwners: 1, mileage: 0, engineSize: 0, power: 0, weight: 0 });
    expect(data.hideAddress).toBe(true);
    expect(data.hideContactInfo).toBe(false);
    expect(data.serviceHistory).toBe(true);
    expect(data.images).toEqual([]);
    expect(data.equipment).toEqual([SERVICE_BOOK_LABEL]);
  });

  it('ignores a totalPrice the client sends', () => {
    const data = listingFormInput.parse({ ...valid, totalPrice: 1 });
    expect(data).not.toHaveProperty('totalPrice');
  });

  it('requires registration number, make, model, year and address with the documented message', () => {
    expect(issues({ ...valid, registrationNumber: '  ' }).registrationNumber).toBe(LISTING_REQUIRED_MESSAGE);
    expect(issues({ ...valid, make: '' }).make).toBe(LISTING_REQUIRED_MESSAGE);
    expect(issues({ ...valid, model: undefined }).model).toBe(LISTING_REQUIRED_MESSAGE);
    expect(issues({ ...valid, year: '' }).year).toBe(LISTING_REQUIRED_MESSAGE);
    expect(issues({ ...valid, address: '' }).address).toBe(LISTING_REQUIRED_MESSAGE);
    expect(LISTING_REQUIRED_MESSAGE).toBe('Vennligst fyll inn alle obligatoriske felt.');
  });

  it('names the largest number allowed as Norwegians write it', () => {
    expect(issues({ ...valid, mileage: 10_000_001 }).mileage).toBe('Kilometerstand kan ikke være større enn 10\u00a0000\u00a0000.');
    expect(issues({ ...valid, power: -1 }).power).toBe('Effekt kan ikke være negativ.');
  });

  it('wants a price above 0', () => {
    expect(issues({ ...valid, price: 0 }).price).toBe(LISTING_PRICE_MESSAGE);
    expect(issues({ ...valid, price: '' }).price).toBe(LISTING_PRICE_MESSAGE);
    expect(issues({ ...valid, price: -5 }).price).toBe(LISTING_PRICE_MESSAGE);
    expect(LISTING_PRICE_MESSAGE).toBe('Vennligst angi en gyldig pris.');
  });

  it('keeps the bounds of docs/product/limits.md', () => {
    const next = new Date().getFullYear() + 1;
    expect(issues({ ...valid, year: 1949 }).year).toMatch(/1950/);
    expect(issues({ ...valid, year: next + 1 }).year).toMatch(String(next));
    expect(issues({ ...valid, year: next })).toEqual({});
    expect(issues({ ...valid, year: 1950 })).toEqual({});
    expect(issues({ ...valid, doors: 1 }).doors).toBe('Antall dører må være mellom 2 og 6.');
    expect(issues({ ...valid, doors: 7 }).doors).toBe('Antall dører må være mellom 2 og 6.');
    expect(issues({ ...valid, seats: 10 }).seats).toBe('Antall seter må være mellom 2 og 9.');
    expect(issues({ ...valid, previousOwners: 0 }).previousOwners).toBe('Antall tidligere eiere må være mellom 1 og 20.');
    expect(issues({ ...valid, previousOwners: 21 }).previousOwners).toBeDefined();
    for (const f of ['engineSize', 'weight', 'mileage', 'power', 'registrationFee']) {
      expect(issues({ ...valid, [f]: -1 })[f]).toMatch(/negativ/);
    }
    expect(issues({ ...valid, vinNumber: 'X'.repeat(31) }).vinNumber).toMatch(/30 tegn/);
    expect(issues({ ...valid, vinNumber: 'X'.repeat(30) })).toEqual({});
    expect(issues({ ...valid, mileage: 'mange' }).mileage).toBe('Kilometerstand må være et tall.');
  });

  it('accepts only the codes of src/shared/codes.ts, or empty', () => {
    expect(issues({ ...valid, fuelType: 'el', bodyType: 'SUV', transmission: 'automat', drivetrain: '' })).toEqual({});
    expect(issues({ ...valid, fuelType: 'kull' }).fuelType).toBe('Ugyldig drivstofftype.');
    expect(issues({ ...valid, bodyType: 'romskip' }).bodyType).toBe('Ugyldig karosseritype.');
  });

  it('accepts catalogue equipment; the service-book label sets serviceHistory and stays in the list', () => {
    const data = listingFormInput.parse({ ...valid, equipment: [EQUIPMENT[0], EQUIPMENT[0], SERVICE_BOOK_LABEL] });
    expect(data.equipment).toEqual([EQUIPMENT[0], SERVICE_BOOK_LABEL]);
    expect(data.serviceHistory).toBe(true);
    expect(listingFormInput.parse({ ...valid, serviceHistory: true }).equipment).toEqual([SERVICE_BOOK_LABEL]);
    expect(issues({ ...valid, equipment: ['Rakettmotor'] })['equipment.0']).toBe('Ukjent utstyr: Rakettmotor.');
    expect(issues({ ...valid, equipment: ['x'.repeat(10_000)] })['equipment.0']).toBe('Ukjent utstyr.');
  });

  it('bounds equipment to the catalogue and refuses a huge list with one issue', () => {
    expect(issues({ ...valid, equipment: [...EQUIPMENT, SERVICE_BOOK_LABEL] })).toEqual({});
    expect(issues({ ...valid, equipment: [...EQUIPMENT, SERVICE_BOOK_LABEL, EQUIPMENT[0]] })).toEqual({
      equipment: `Utstyr kan ha høyst ${EQUIPMENT_MAX_ITEMS} valg fra listen.`,
    });
    const r = listingFormInput.safeParse({ ...valid, equipment: Array.from({ length: 1_000_000 }, () => 'x') });
    expect(r.error?.issues).toHaveLength(1);
  });

  it('bounds images per request: the list, and new photos (data URLs) in it', () => {
    const photo = 'data:image/jpeg;base64,/9j/';
    expect(issues({ ...valid, images: Array.from({ length: MAX_NEW_PHOTOS_PER_REQUEST }, () => photo) })).toEqual({});
    expect(issues({ ...valid, images: Array.from({ length: MAX_NEW_PHOTOS_PER_REQUEST + 1 }, () => photo) })).toEqual({
      images: TOO_MANY_NEW_PHOTOS_MESSAGE,
    });
    const stored = Array.from({ length: MAX_IMAGES_PER_REQUEST }, (_, i) => `/uploads/ab/${i}.webp`);
    expect(issues({ ...valid, images: stored })).toEqual({});
    expect(issues({ ...valid, images: [...stored, '/uploads/ab/x.webp'] })).toEqual({ images: TOO_MANY_IMAGES_MESSAGE });
  });

  it('checks the plate as the lookup does; empty stays "fill in all required fields"', () => {
    expect(issues({ ...valid, registrationNumber: 'ABC123' }).registrationNumber).toBe(PLATE_FORMAT_MESSAGE);
    expect(issues({ ...valid, registrationNumber: 'AB123456' }).registrationNumber).toBe(PLATE_FORMAT_MESSAGE);
    expect(issues({ ...valid, registrationNumber: 12345 }).registrationNumber).toBe(PLATE_FORMAT_MESSAGE);
    expect(issues({ ...valid, registrationNumber: '' }).registrationNumber).toBe(LISTING_REQUIRED_MESSAGE);
    expect(listingFormInput.parse({ ...valid, registrationNumber: ' ab\u200B 12345\u0000' }).registrationNumber).toBe('AB12345');
  });

  it('normalises text: NFC, no controls or invisible characters; the description keeps line breaks', () => {
    const data = listingFormInput.parse({ ...valid, make: 'Sko\u200Bda\u0000', model: 'Octavia\u202E', color: 'Bla\u030A', description: 'Linje 1\r\nLinje\u0007 2' });
    expect(data).toMatchObject({ make: 'Skoda', model: 'Octavia', color: 'Blå', description: 'Linje 1\nLinje 2' });
    expect(data.color).toBe('Bl\u00E5');
  });

  it('takes image data URLs and uploaded image URLs, nothing else', () => {
    const ok = listingFormInput.parse({
      ...valid,
      images: ['data:image/jpeg;base64,/9j/', '/uploads/ab/x.webp', 'https://bilpartner.no/uploads/ab/y.webp'],
    });
    expect(ok.images).toHaveLength(3);
    expect(issues({ ...valid, images: ['data:text/plain;base64,aGVp'] })['images.0']).toBe(IMAGE_TYPE_MESSAGE);
    expect(issues({ ...valid, images: ['https://evil.example/x.jpg'] })['images.0']).toBeDefined();
    expect(issues({ ...valid, images: ['/uploads/../../etc/passwd'] })['images.0']).toBeDefined();
  });

  it('converts inspection dates to dd.mm.yyyy and rejects impossible dates', () => {
    expect(listingFormInput.parse({ ...valid, nextInspection: '2026-03-31' }).nextInspection).toBe('31.03.2026');
    expect(listingFormInput.parse({ ...valid, nextInspection: '31.03.2026' }).nextInspection).toBe('31.03.2026');
    expect(issues({ ...valid, nextInspection: '31.02.2026' }).nextInspection).toBeDefined();
  });
});
