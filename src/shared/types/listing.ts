import type { BodyType, Drivetrain, FuelType, Transmission } from '../codes';

export type ListingStatus = 'pending' | 'approved' | 'rejected';

export interface ListingImageShape {
  id: number;
  /** Large WebP (≤ 1600 px). */
  url: string;
  /** Thumbnail WebP (≈ 480 px) for cards and gallery strips. */
  thumbUrl: string;
  width: number;
  height: number;
}

/** The full listing (api-contract.md "Shapes"): every field of SPEC §3, images as URLs. */
export interface ListingShape {
  id: number;
  userId: number;
  uniqueCode: string;
  make: string;
  model: string;
  year: number;
  registrationNumber: string;
  vinNumber: string;
  bodyType: BodyType | '' | string;
  doors: number;
  seats: number;
  color: string;
  engineSize: number;
  power: number;
  fuelType: FuelType | '' | string;
  transmission: Transmission | '' | string;
  drivetrain: Drivetrain | '' | string;
  weight: number;
  mileage: number;
  previousOwners: number;
  nextInspection: string;
  lastInspection: string;
  description: string;
  price: number;
  registrationFee: number;
  totalPrice: number;
  equipment: string[];
  /** URLs of the large images, cover first (SPEC: "URLs when listed"). */
  images: string[];
  /** The same images with thumbnails and sizes. */
  imageDetails: ListingImageShape[];
  serviceHistory: boolean;
  address: string;
  hideAddress: boolean;
  hideContactInfo: boolean;
  contactPhone: string;
  status: ListingStatus;
  rejectionReason: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The slim card shape of list views (search, home, saved): what a card shows and nothing more, so a page of
 * 24 results serialises fast (issue 4: full rows with descriptions dominate the response time).
 */
export interface ListingCardShape {
  id: number;
  make: string;
  model: string;
  year: number;
  mileage: number;
  fuelType: string;
  transmission: string;
  totalPrice: number;
  place: string;
  coverImage: string | null;
  createdAt: string;
}
