import sharp from 'sharp';
import { listingImages, listings, type NewListing } from '../../../db/schema';
import type { AppDeps } from '../deps';
import { createDiskStorage, type ImageStorage } from '../integrations/image-storage';
import { storeProcessed, THUMB_MAX_PX, type StoredImage } from '../services/images';
import { placeFromAddress } from '../services/listings';
import { randomCode } from '../services/users';
import cars from './cars.json';

// Demo listings for an empty database (issue 3): realistic Norwegian used cars with prices, mileage, descriptions
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

const BODY_PATHS: Record<Shape, { body: string; glass: string; wheelY: number; wheelR: number; front: number; rear: number; nose: number; tail: number }> = {
  sedan: {
    body: 'M150 585 L160 505 Q170 470 240 458 L470 432 Q540 348 610 338 L790 336 Q850 340 905 418 L1010 440 Q1050 450 1052 500 L1050 585 Z',
    glass: 'M500 430 Q555 360 615 352 L690 350 L690 430 Z M710 350 L785 350 Q830 354 875 420 L710 428 Z',
    wheelY: 590, wheelR: 66, front: 320, rear: 880, nose: 150, tail: 1052,
  },
  stasjonsvogn: {
    body: 'M150 585 L160 505 Q170 470 240 458 L470 430 Q540 350 610 340 L960 338 Q1010 342 1030 420 L1052 470 L1050 585 Z',
    glass: 'M500 428 Q555 362 615 354 L700 352 L700 428 Z M720 352 L850 352 L850 426 L720 428 Z M870 352 L955 352 Q990 356 1005 424 L870 426 Z',
    wheelY: 590, wheelR: 66, front: 320, rear: 890, nose: 150, tail: 1052,
  },
  suv: {
    body: 'M150 600 L156 500 Q166 455 250 440 L460 410 Q530 310 610 300 L950 296 Q1010 300 1035 380 L1055 450 L1052 600 Z',
    glass: 'M490 408 Q550 322 615 314 L705 312 L705 408 Z M725 312 L860 312 L860 406 L725 408 Z M880 312 L945 312 Q990 318 1010 400 L880 404 Z',
    wheelY: 604, wheelR: 78, front: 320, rear: 890, nose: 150, tail: 1055,
  },
  kombi: {
    body: 'M190 585 L198 505 Q208 468 270 458 L470 432 Q545 346 620 338 L820 338 Q880 346 930 430 L975 470 L972 585 Z',
    glass: 'M500 430 Q560 360 625 352 L710 350 L710 430 Z M730 350 L815 350 Q860 356 900 428 L730 430 Z',
    wheelY: 590, wheelR: 64, front: 345, rear: 830, nose: 190, tail: 975,
  },
  varebil: {
    body: 'M140 600 L150 500 Q160 460 230 440 L330 420 Q400 300 470 285 L1045 280 Q1062 282 1064 310 L1064 600 Z',
    glass: 'M360 418 Q420 312 478 300 L560 298 L560 416 Z',
    wheelY: 604, wheelR: 72, front: 300, rear: 900, nose: 140, tail: 1064,
  },
};

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
  // Rasterise the SVG once, then encode both sizes from the pixels.
  const { data, info } = await sharp(Buffer.from(carSvg(car, variant, hue))).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [large, thumb] = await Promise.all([
    sharp(data, raw).webp({ quality: 80, effort: 0 }).toBuffer(),
    sharp(data, raw).resize({ width: THUMB_MAX_PX }).webp({ quality: 75, effort: 0 }).toBuffer(),
  ]);
  return storeProcessed(storage, { large, thumb, width: info.width, height: info.height });
}

/** Adds the demo listings for the demo users (round-robin) and returns how many were created. */
export async function seedDemoListings(deps: Pick<AppDeps, 'db' | 'config'> & { integrations?: Partial<AppDeps['integrations']> }, users: { id: number }[]): Promise<Record<string, number>> {
  if (users.length === 0) return { listings: 0 };
  const { db } = deps;
  // The CLI seeds without the app's integrations; fall back to the same disk storage the app would use.
  const storage = deps.integrations?.imageStorage ?? createDiskStorage(deps.config.uploadDir);
  const now = Date.now();

  const photos = await Promise.all(
    DEMO_CARS.map((car, i) => Promise.all(Array.from({ length: car.photos }, (_, v) => drawnPhoto(storage, car, v, i * 37)))),
  );

  let images = 0;
  db.transaction((tx) => {
    DEMO_CARS.forEach((car, i) => {
      const { shape: _shape, paint: _paint, daysAgo, photos: _n, status, rejectionReason, active, ...fields } = car;
      const createdAt = new Date(now - daysAgo * 86_400_000 - i * 3_600_000);
      const values: NewListing = {
        ...fields,
        userId: users[i % users.length].id,
        uniqueCode: `BP-${randomCode(6)}`,
        totalPrice: car.price + car.registrationFee,
        place: placeFromAddress(car.address),
        status: status ?? 'approved',
        rejectionReason: status === 'rejected' ? (rejectionReason ?? null) : null,
        active: active ?? true,
        hideAddress: i % 5 === 4,
        hideContactInfo: false,
        contactPhone: '',
        coverImage: photos[i][0].thumbUrl,
        createdAt,
        updatedAt: createdAt,
      };
      const row = tx.insert(listings).values(values).returning({ id: listings.id }).get();
      photos[i].forEach((p, position) => {
        tx.insert(listingImages).values({ listingId: row.id, uploaderId: values.userId, position, ...p, createdAt }).run();
        images += 1;
      });
    });
  });
  return { listings: DEMO_CARS.length, listingImages: images };
}
