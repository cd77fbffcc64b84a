import { describe, expect, it } from 'vitest';
import { activeFilterCount, canonical, savedSearchParamsOf, searchOfSaved, toListInput, validateListingSearch } from './search-params';
import { savedSearchParams } from '../../../shared/schemas/saved-search';
import { formatPrice } from '../../../shared/format';
import { describeParams } from './saved-searches-page';

describe('/annonser URL state', () => {
  it('understands the home quick search (docs/product/screens.md: make, priceMin, priceMax, yearMin, yearMax)', () => {
    const s = validateListingSearch({ make: 'mercedes-benz', priceMin: 100000, priceMax: '300000', yearMin: 2015, yearMax: 2019 });
    // The URL keeps the quick search's spelling; the request and the panel use the list's.
    expect(s).toEqual({ make: 'mercedes-benz', priceMin: 100000, priceMax: 300000, yearMin: 2015, yearMax: 2019 });
    expect(canonical('make', s.make)).toBe('Mercedes-Benz');
    expect(toListInput(s)).toMatchObject({
      make: 'Mercedes-Benz',
      priceFrom: 100000,
      priceTo: 300000,
      yearFrom: 2015,
      yearTo: 2019,
      offset: 0,
    });
  });

  it('keeps a value no list knows (it filters and finds nothing), drops numbers and sorts that cannot be', () => {
    const s = validateListingSearch({
      make: 'Skoda',
      fuelType: 'kull',
      priceMin: -5,
      yearMax: 'abc',
      sort: 'cheapest',
      page: 0,
      bodyType: 'suv',
    });
    expect(s).toEqual({ make: 'Skoda', fuelType: 'kull', bodyType: 'suv' });
    expect(toListInput(s)).toMatchObject({ make: 'Skoda', fuelType: 'kull', bodyType: 'SUV' });
    expect(activeFilterCount(s)).toBe(3);
  });

  it('carries model, mileage and area to the request under the API names', () => {
    const s = validateListingSearch({ make: 'Volkswagen', model: 'ID.4', mileageFrom: '10000', mileageTo: 80000, location: ' Oslo ' });
    expect(s).toEqual({ make: 'Volkswagen', model: 'ID.4', mileageFrom: 10000, mileageTo: 80000, location: 'Oslo' });
    expect(toListInput(s)).toMatchObject({ make: 'Volkswagen', model: 'ID.4', mileageFrom: 10000, mileageTo: 80000, location: 'Oslo' });
    expect(activeFilterCount(s)).toBe(5);
  });

  it('keeps a numeric free-text search as text and pages by 24', () => {
    const s = validateListingSearch({ query: 2020, page: 3, sort: 'price_asc' });
    expect(s).toEqual({ query: '2020', page: 3, sort: 'price_asc' });
    expect(toListInput(s)).toMatchObject({ query: '2020', sort: 'price_asc', limit: 24, offset: 48 });
    expect(activeFilterCount(s)).toBe(0);
  });
});

describe("'Lagre søk' and 'Vis treff'", () => {
  it('saves the filters without paging in the API names, which the server reads as they are, and opens them again', () => {
    const page = validateListingSearch({ make: 'Volvo', priceMax: '300000', yearMin: '2015', query: 'hengerfeste', sort: 'price_asc', page: '3' });
    const params = savedSearchParamsOf(page);
    expect(params).toEqual({ make: 'Volvo', priceTo: 300_000, yearFrom: 2015, query: 'hengerfeste', sort: 'price_asc' });
    // What the server keeps (the schema of GET /api/listings) is the same, and opening it gives the page without paging.
    expect(savedSearchParams.parse(params)).toEqual(params);
    expect(searchOfSaved(params)).toEqual({ make: 'Volvo', priceMax: 300_000, yearMin: 2015, query: 'hengerfeste', sort: 'price_asc' });
  });
});

describe("a saved search's filters in words on /lagrede-sok", () => {
  it('names codes and labels as the filter panel does, and keeps what no filter knows', () => {
    expect(describeParams({ make: 'Volvo', fuelType: 'el', transmission: 'cvt', priceTo: 300_000 })).toBe(
      `Merke: Volvo · Drivstoff: Elektrisk · Girkasse: Automat · Pris: til ${formatPrice(300_000)}`,
    );
    expect(describeParams({ fuelType: 'diesel,Hybrid', bodyType: 'suv' })).toBe('Drivstoff: Diesel, Hybrid · Karosseri: SUV');
    expect(describeParams({ fuelType: 'parafin' })).toBe('Drivstoff: parafin');
    expect(describeParams({})).toBe('Alle biler');
  });
});
