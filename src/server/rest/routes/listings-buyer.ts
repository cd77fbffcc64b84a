import type { SearchResult } from '../../services/search/listing-search';
import { defineRoutes } from '../types';

// JSON schemas of the answers, compiled by Fastify into serializers (fast-json-stringify). They mirror
// ListingCardShape and ListingDetailShape; listings-buyer.http.test.ts checks that REST and tRPC answer the same keys.
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const nullableStr = { type: ['string', 'null'] } as const;

export const listingCardSchema = {
  type: 'object',
  properties: {
    id: int,
    make: str,
    model: str,
    year: int,
    mileage: int,
    fuelType: str,
    transmission: str,
    totalPrice: int,
    place: str,
    coverImage: nullableStr,
    createdAt: str,
  },
  required: ['id', 'make', 'model', 'year', 'mileage', 'fuelType', 'transmission', 'totalPrice', 'place', 'coverImage', 'createdAt'],
} as const;

export const listingCardListSchema = { type: 'array', items: listingCardSchema } as const;

const listingDetailSchema = {
  type: 'object',
  properties: {
    id: int,
    userId: int,
    uniqueCode: str,
    make: str,
    model: str,
    year: int,
    registrationNumber: str,
    vinNumber: str,
    bodyType: str,
    doors: int,
    seats: int,
    color: str,
    engineSize: int,
    power: int,
    fuelType: str,
    transmission: str,
    drivetrain: str,
    weight: int,
    mileage: int,
    previousOwners: int,
    nextInspection: str,
    lastInspection: str,
    description: str,
    price: int,
    registrationFee: int,
    totalPrice: int,
    equipment: { type: 'array', items: str },
    images: { type: 'array', items: str },
    imageDetails: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: int, url: str, thumbUrl: str, width: int, height: int },
      },
    },
    serviceHistory: bool,
    address: str,
    hideAddress: bool,
    hideContactInfo: bool,
    contactPhone: str,
    status: str,
    rejectionReason: nullableStr,
    active: bool,
    createdAt: str,
    updatedAt: str,
    place: str,
    seller: {
      type: 'object',
      properties: { id: int, name: str, displayName: nullableStr, phone: str, address: str },
      required: ['id', 'name', 'displayName'],
    },
    isSaved: bool,
    isOwner: bool,
  },
} as const;

export const listingsBuyerRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/listings',
    procedure: 'listings.list',
    // api-contract.md: a JSON array of cards, the number of all matches in X-Total-Count. HEAD comes with GET.
    send: (result: SearchResult, reply) => {
      reply.header('X-Total-Count', String(result.total));
      // A page knows its own JSON text (written once per cached page); a string goes out as it is.
      reply.type('application/json; charset=utf-8');
      return result.itemsJson();
    },
    response: { 200: listingCardListSchema },
  },
  {
    method: 'GET',
    url: '/api/listings/:id',
    procedure: 'listings.byId',
    input: ({ params }) => ({ id: params.id }),
    response: { 200: listingDetailSchema },
  },
]);
