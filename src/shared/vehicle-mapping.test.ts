import { describe, expect, it } from 'vitest';
import fixture from '../server/testing/fixtures/vegvesen-example.json';
import {
  PLATE_FORMAT_MESSAGE,
  PLATE_MISSING_MESSAGE,
  PLATE_RE,
  displayMake,
  displayModel,
  mapVehicleData,
  normalisePlate,
  vehicleLookupInput,
} from './vehicle-mapping';

const clone = <T>(v: T): T => structuredClone(v);
// The registry JSON is deeply nested and loosely typed; tests poke at it freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJson = any;
const td = (json: AnyJson) => json.kjoretoydataListe[0].godkjenning.tekniskGodkjenning.tekniskeData;

function electricCar(): AnyJson {
  const json: AnyJson = clone(fixture);
  const vehicle = json.kjoretoydataListe[0];
  vehicle.kjoretoyId = { kjennemerke: 'EL 98765', understellsnummer: 'LRWYGCEK1NC123456' };
  vehicle.forstegangsregistrering.registrertForstegangNorgeDato = '2022-03-18';
  delete vehicle.periodiskKjoretoyKontroll.sistGodkjent;
  const t = td(json);
  t.generelt.merke = [{ merke: 'TESLA' }];
  t.generelt.handelsbetegnelse = ['MODEL Y'];
  t.karosseriOgLasteplan.karosseritype = { kodeNavn: 'Kombinert (AF)', kodeVerdi: 'AF' };
  t.motorOgDrivverk.girkassetype = { kodeNavn: 'Automat', kodeVerdi: 'A' };
  t.motorOgDrivverk.motor = [
    { drivstoff: [{ drivstoffKode: { kodeNavn: 'Elektrisk', kodeVerdi: '5' }, maksEffektPrTime: 220 }] },
  ];
  return json;
}

describe('mapVehicleData', () => {
  it('maps every docs/product/data.md field of the sample answer', () => {
    expect(mapVehicleData(fixture)).toEqual({
      registrationNumber: 'AB12345',
      vinNumber: 'WVWZZZAUZHP512345',
      make: 'Volkswagen',
      model: 'Golf',
      year: 2017,
      bodyType: 'stasjonsvogn',
      doors: 5,
      seats: 5,
      color: 'Grå',
      engineSize: 1968,
      power: 116, // 85 kW × 1.35962 = 115.57
      fuelType: 'diesel',
      transmission: 'automat',
      weight: 1395,
      nextInspection: '30.06.2025',
      lastInspection: '22.05.2023',
    });
  });

  it('maps an electric car: no engine size, power from maksEffektPrTime, no inspection yet', () => {
    const data = mapVehicleData(electricCar())!;
    expect(data.registrationNumber).toBe('EL98765');
    expect(data.make).toBe('Tesla');
    expect(data.model).toBe('Model Y');
    expect(data.year).toBe(2022);
    expect(data.fuelType).toBe('el');
    expect(data.engineSize).toBe(0);
    expect(data.power).toBe(299); // 220 × 1.35962 = 299.1
    expect(data.lastInspection).toBe('');
    expect(data.bodyType).toBe('flerbruksbil');
  });

  it('uses the defaults when fields are missing', () => {
    const now = new Date('2025-04-01T12:00:00Z');
    const data = mapVehicleData({ kjoretoydataListe: [{ kjoretoyId: { kjennemerke: 'CD 11111' } }] }, now)!;
    expect(data).toEqual({
      registrationNumber: 'CD11111',
      vinNumber: '',
      make: '',
      model: '',
      year: 2025,
      bodyType: '',
      doors: 4,
      seats: 5,
      color: '',
      engineSize: 0,
      power: 0,
      fuelType: '',
      transmission: '',
      weight: 0,
      nextInspection: '',
      lastInspection: '',
    });
  });

  it("maps 'motorvogn' to annet", () => {
    const json = clone(fixture) as AnyJson;
    td(json).karosseriOgLasteplan.karosseritype = { kodeNavn: 'Motorvogn', kodeVerdi: 'MV' };
    expect(mapVehicleData(json)!.bodyType).toBe('annet');
  });

  it('returns null for an empty or missing list', () => {
    expect(mapVehicleData({ kjoretoydataListe: [] })).toBeNull();
    expect(mapVehicleData({})).toBeNull();
    expect(mapVehicleData({ feilmelding: 'Ingen treff' })).toBeNull();
    expect(mapVehicleData(null)).toBeNull();
    expect(mapVehicleData('')).toBeNull();
  });

  it('calls petrol + electric a hybrid, and a plug-in hybrid when the registry marks it chargeable', () => {
    const json = clone(fixture) as AnyJson;
    const mod = td(json).motorOgDrivverk;
    mod.motor = [
      { slagvolum: 2487, drivstoff: [{ drivstoffKode: { kodeNavn: 'Bensin', kodeVerdi: '1' }, maksNettoEffekt: 131 }] },
      { drivstoff: [{ drivstoffKode: { kodeNavn: 'Elektrisk', kodeVerdi: '5' }, maksEffektPrTime: 40 }] },
    ];
    mod.hybridKategori = { kodeNavn: 'Ikke ladbar', kodeVerdi: 'IKKE_LADBAR' };
    expect(mapVehicleData(json)!.fuelType).toBe('hybrid');
    expect(mapVehicleData(json)!.power).toBe(178);
    mod.hybridKategori = { kodeNavn: 'Ladbar', kodeVerdi: 'LADBAR' };
    expect(mapVehicleData(json)!.fuelType).toBe('plugin_hybrid');
    delete mod.hybridKategori;
    expect(mapVehicleData(json)!.fuelType).toBe('hybrid');
  });

  it('matches gearbox and body type by keyword', () => {
    const json = clone(fixture) as AnyJson;
    td(json).motorOgDrivverk.girkassetype = { kodeNavn: 'Manuell', kodeVerdi: 'M' };
    td(json).karosseriOgLasteplan.karosseritype = { kodeNavn: 'Sedan (AA)', kodeVerdi: 'AA' };
    expect(mapVehicleData(json)).toMatchObject({ transmission: 'manuell', bodyType: 'sedan' });
    td(json).motorOgDrivverk.girkassetype = { kodeNavn: 'Trinnløs (CVT)' };
    td(json).karosseriOgLasteplan.karosseritype = { kodeNavn: 'Kabriolet (AE)' };
    expect(mapVehicleData(json)).toMatchObject({ transmission: 'cvt', bodyType: 'cabriolet' });
  });
});

describe('display case of makes and models', () => {
  it('title-cases registry capitals but keeps acronym brands and type codes', () => {
    expect(displayMake('VOLKSWAGEN')).toBe('Volkswagen');
    expect(displayMake('MERCEDES-BENZ')).toBe('Mercedes-Benz');
    expect(displayMake('LAND ROVER')).toBe('Land Rover');
    expect(displayMake('BMW')).toBe('BMW');
    expect(displayMake('KIA')).toBe('Kia');
    expect(displayMake('McLaren')).toBe('McLaren');
    expect(displayModel('XC60')).toBe('XC60');
    expect(displayModel('ID.4')).toBe('ID.4');
    expect(displayModel('OCTAVIA')).toBe('Octavia');
  });
});

describe('registration number', () => {
  it('is trimmed, upper-cased and checked against two letters + five digits', () => {
    expect(normalisePlate('  ab 12345 ')).toBe('AB12345');
    expect(PLATE_RE.test('AB12345')).toBe(true);
    expect(PLATE_RE.test('AB1234')).toBe(false);
    expect(PLATE_RE.test('A123456')).toBe(false);
    expect(vehicleLookupInput.parse({ registrationNumber: 'ab12345' })).toEqual({ registrationNumber: 'AB12345' });
  });

  it('answers with the docs/product/validation.md messages', () => {
    const message = (v: unknown) => vehicleLookupInput.safeParse({ registrationNumber: v }).error?.issues[0].message;
    expect(message('   ')).toBe(PLATE_MISSING_MESSAGE);
    expect(message(undefined)).toBe(PLATE_MISSING_MESSAGE);
    expect(message('ABC1234')).toBe(PLATE_FORMAT_MESSAGE);
    expect(PLATE_FORMAT_MESSAGE).toBe('Registreringsnummer må være i formatet to store bokstaver etterfulgt av fem tall, f.eks. AB12345.');
  });
});
