import type { Listing, ListingImage } from '../../../db/schema';
import type { ListingCardShape, ListingImageShape, ListingShape } from '../../shared/types/listing';

export function toImageShape(img: ListingImage): ListingImageShape {
  return { id: img.id, url: img.url, thumbUrl: img.thumbUrl, width: img.width, height: img.height };
}

/** Row + its images (ordered by position) → the API's listing shape. One place, used by every procedure. */
export function toListingShape(row: Listing, images: ListingImage[]): ListingShape {
  const sorted = [...images].sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    userId: row.userId,
    uniqueCode: row.uniqueCode,
    make: row.make,
    model: row.model,
    year: row.year,
    registrationNumber: row.registrationNumber,
    vinNumber: row.vinNumber,
    bodyType: row.bodyType,
    doors: row.doors,
    seats: row.seats,
    color: row.color,
    engineSize: row.engineSize,
    power: row.power,
    fuelType: row.fuelType,
    transmission: row.transmission,
    drivetrain: row.drivetrain,
    weight: row.weight,
    mileage: row.mileage,
    previousOwners: row.previousOwners,
    nextInspection: row.nextInspection,
    lastInspection: row.lastInspection,
    description: row.description,
    price: row.price,
    registrationFee: row.registrationFee,
    totalPrice: row.totalPrice,
    equipment: row.equipment ?? [],
    images: sorted.map((i) => i.url),
    imageDetails: sorted.map(toImageShape),
    serviceHistory: row.serviceHistory,
    address: row.address,
    hideAddress: row.hideAddress,
    hideContactInfo: row.hideContactInfo,
    contactPhone: row.contactPhone,
    status: row.status,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCardShape(
  row: Pick<Listing, 'id' | 'make' | 'model' | 'year' | 'mileage' | 'fuelType' | 'transmission' | 'totalPrice' | 'place' | 'coverImage' | 'createdAt'>,
): ListingCardShape {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    mileage: row.mileage,
    fuelType: row.fuelType,
    transmission: row.transmission,
    totalPrice: row.totalPrice,
    place: row.place,
    coverImage: row.coverImage,
    createdAt: row.createdAt.toISOString(),
  };
}
