import sharp from 'sharp';
import type { AppDeps } from '../deps';
import { createDiskStorage, type ImageStorage } from '../integrations/image-storage';
import { storeProcessed, type StoredImage } from '../services/images';
import { mediumSize, thumbSize } from '../services/listing-shape';
import { placeFromAddress } from '../services/listing-shape';
import { countyOfMunicipality } from '../../shared/counties';
import type { ListingValues } from '../store/listings';
import carBodies from './car-bodies.json';
import cars from './cars.json';

// Demo listings for an empty database: realistic Norwegian used cars with prices, mileage, descriptions
// and equipment as people write them, most approved and active, one waiting for review and one rejected. Photos are
// drawn (an SVG car on a coloured backdrop) and stored through the same storage as real uploads.

type Shape = 'sedan' | 'stasjonsvogn' | 'suv' | 'kombi' | 'varebil';

interface DemoCar {
  make: string;
  model: string;
  year: number;
  registrationNumber: string;
  vinNumber: string;
  bodyType: string;
  shape: Shape;
  doors: number;
  seats: number;
  color: string;
  paint: string;
  engineSize: number;
  power: number;
  fuelType: string;
  transmission: string;
  drivetrain: string;
  weight: number;
  mileage: number;
  previousOwners: number;
  nextInspection: string;
  lastInspection: string;
  price: number;
  registrationFee: number;
  equipment: string[];
  serviceHistory: boolean;
  address: string;
  /** The address's kommunenummer, as the county look-up would find it (services/county-lookup.ts). */
  municipality: string;
  description: string;
  status?: 'approved' | 'pending' | 'rejected';
  rejectionReason?: string;
  active?: boolean;
  daysAgo: number;
  photos: 2 | 3;
}

/** The cars, as data (cars.json); the create form's own schema checks them in listings.test.ts. */
export const DEMO_CARS = cars as DemoCar[];

// --- drawn photos -------------------------------------------------------------------------------------------

/** Each body shape in profile (SVG paths and where its wheels, nose and tail are), as data: car-bodies.json. */
const BODY_PATHS: Record<Shape, { body: string; glass: string; wheelY: number; wheelR: number; front: number; rear: number; nose: number; tail: number }> =
  carBodies;

const BACKDROPS = [
  // Daylight: sky, far hills, asphalt.
  (hue: number) => `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${205 + (hue % 20)},70%,72%)"/><stop offset="0.62" stop-color="hsl(${200 + (hue % 20)},60%,90%)"/><stop offset="0.62" stop-color="#5d6b5a"/><stop offset="1" stop-color="#3b4438"/></linearGradient>
    <rect width="1200" height="800" fill="url(#bg)"/>
    <path d="M0 500 Q200 410 380 470 T760 450 T1200 460 L1200 500 Z" fill="hsl(140,18%,52%)" opacity="0.7"/>
    <rect y="560" width="1200" height="240" fill="#4a4d52"/><rect y="556" width="1200" height="8" fill="#9a9ea3"/>
    <path d="M0 700 H1200" stroke="#e6e6e6" stroke-width="6" stroke-dasharray="70 50"/>`,
  // Evening: warm sky over a quay.
  (hue: number) => `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${260 + (hue % 30)},45%,32%)"/><stop offset="0.55" stop-color="hsl(${25 + (hue % 15)},85%,62%)"/><stop offset="0.62" stop-color="hsl(35,90%,75%)"/></linearGradient>
    <rect width="1200" height="800" fill="url(#bg)"/>
    <circle cx="960" cy="420" r="70" fill="hsl(40,100%,80%)" opacity="0.85"/>
    <path d="M0 470 L120 430 L220 455 L340 400 L480 450 L620 420 L760 455 L900 415 L1040 450 L1200 430 L1200 500 L0 500 Z" fill="hsl(250,25%,28%)" opacity="0.8"/>
    <rect y="500" width="1200" height="300" fill="#2d2f36"/><rect y="560" width="1200" height="240" fill="#3a3c44"/>`,
  // Showroom: light wall and a polished floor.
  () => `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3f4f6"/><stop offset="0.6" stop-color="#d9dce1"/><stop offset="0.6" stop-color="#b7bbc2"/><stop offset="1" stop-color="#8d9199"/></linearGradient>
    <rect width="1200" height="800" fill="url(#bg)"/>
    <ellipse cx="300" cy="80" rx="160" ry="40" fill="#fff" opacity="0.8"/><ellipse cx="900" cy="80" rx="160" ry="40" fill="#fff" opacity="0.8"/>
    <path d="M0 480 H1200" stroke="#c4c7cc" stroke-width="4"/>`,
];

function wheel(cx: number, cy: number, r: number) {
  return `<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="#16171a"/><circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="url(#rim)"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.18}" fill="#2b2d31"/>
    ${[0, 72, 144, 216, 288].map((a) => `<rect x="${cx - 4}" y="${cy - r * 0.58}" width="8" height="${r * 0.42}" rx="3" fill="#53565c" transform="rotate(${a} ${cx} ${cy})"/>`).join('')}</g>`;
}

/** One demo photo: the car in profile on one of three backdrops (mirrored on the second, for variety). */
export function carSvg(car: Pick<DemoCar, 'shape' | 'paint'>, variant: number, hue: number): string {
  const p = BODY_PATHS[car.shape];
  const mirrored = variant % 3 === 1;
  const carGroup = `
    <ellipse cx="${(p.nose + p.tail) / 2}" cy="${p.wheelY + p.wheelR - 6}" rx="${(p.tail - p.nose) / 2 + 20}" ry="26" fill="#000" opacity="0.28"/>
    <path d="${p.body}" fill="url(#paint)" stroke="rgba(0,0,0,0.35)" stroke-width="3"/>
    <path d="${p.glass}" fill="url(#glass)"/>
    <path d="M${p.nose + 50} ${p.wheelY - 40} H${p.tail - 12}" stroke="rgba(0,0,0,0.18)" stroke-width="3"/>
    <circle cx="${p.front}" cy="${p.wheelY}" r="${p.wheelR + 12}" fill="#202226"/>
    <circle cx="${p.rear}" cy="${p.wheelY}" r="${p.wheelR + 12}" fill="#202226"/>
    <path d="M${p.nose + 10} 510 Q${p.nose + 25} 490 ${p.nose + 65} 486 L${p.nose + 85} 500 Z" fill="#fff6d5"/>
    <rect x="${p.tail - 22}" y="470" width="20" height="34" rx="6" fill="#c0262d"/>
    ${wheel(p.front, p.wheelY, p.wheelR)}${wheel(p.rear, p.wheelY, p.wheelR)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${car.paint}"/><stop offset="0.55" stop-color="${car.paint}"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9fb6c8"/><stop offset="0.5" stop-color="#34414f"/><stop offset="1" stop-color="#1d242c"/></linearGradient>
    <radialGradient id="rim"><stop offset="0" stop-color="#d7dade"/><stop offset="1" stop-color="#7b8088"/></radialGradient>
  </defs>
  ${BACKDROPS[variant % BACKDROPS.length](hue)}
  <g transform="${mirrored ? 'translate(1200 0) scale(-1 1)' : ''}">${carGroup}</g>
</svg>`;
}

async function drawnPhoto(storage: ImageStorage, car: DemoCar, variant: number, hue: number): Promise<StoredImage> {
  // Rasterise the SVG once, then encode every size from the pixels (the sizes uploads get, services/images.ts).
  const { data, info } = await sharp(Buffer.from(carSvg(car, variant, hue))).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [large, medium, thumb] = await Promise.all([
    sharp(data, raw).webp({ quality: 80, effort: 0 }).toBuffer(),
    sharp(data, raw).resize({ ...mediumSize(info.width, info.height), fit: 'fill' }).webp({ quality: 75, effort: 0 }).toBuffer(),
    sharp(data, raw).resize({ ...thumbSize(info.width, info.height), fit: 'fill' }).webp({ quality: 75, effort: 0 }).toBuffer(),
  ]);
  return storeProcessed(storage, { large, medium, thumb, width: info.width, height: info.height });
}

/** Adds the demo listings for the demo users (round-robin) and returns how many were created. */
export async function seedDemoListings(deps: Pick<AppDeps, 'store' | 'config'> & { integrations?: Partial<AppDeps['integrations']> }, users: { id: number }[]): Promise<Record<string, number>> {
  if (users.length === 0) return { listings: 0 };
  // The CLI seeds without the app's integrations; fall back to the same disk storage the app would use.
  const storage = deps.integrations?.imageStorage ?? createDiskStorage(deps.config.uploadDir);
  const now = Date.now();

  const photos = await Promise.all(
    DEMO_CARS.map((car, i) => Promise.all(Array.from({ length: car.photos }, (_, v) => drawnPhoto(storage, car, v, i * 37)))),
  );

  const items = DEMO_CARS.map((car, i) => {
    const { shape: _shape, paint: _paint, daysAgo, photos: _n, status, rejectionReason, active, municipality, ...fields } = car;
    const createdAt = new Date(now - daysAgo * 86_400_000 - i * 3_600_000);
    const values: ListingValues = {
      ...fields,
      userId: users[i % users.length].id,
      totalPrice: car.price + car.registrationFee,
      place: placeFromAddress(car.address),
      municipalityNumber: municipality,
      county: countyOfMunicipality(municipality),
      status: status ?? 'approved',
      rejectionReason: status === 'rejected' ? (rejectionReason ?? null) : null,
      active: active ?? true,
      hideAddress: i % 5 === 4,
      hideContactInfo: false,
      contactPhone: '',
      createdAt,
      updatedAt: createdAt,
    };
    return { values, photos: photos[i] };
  });
  // One transaction, each listing with a fresh code and its photos, the first the cover.
  const images = await deps.store.listings.insertDemo(items);
  return { listings: DEMO_CARS.length, listingImages: images };
}
