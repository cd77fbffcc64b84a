import { describe, expect, it } from 'vitest';
import { comparablesOf, isComparableCar, percentile, priceGuideOf, priceRatingOf, ratingOfRatio } from './price-rating';

describe('the price rating', () => {
  it('rates by the ratio to the median, each threshold included in the cheaper rating', () => {
    const at = (ratio: number) => ratingOfRatio(ratio).rating;
    expect([at(0.5), at(0.85), at(0.8501), at(0.95), at(0.9501), at(1.05), at(1.0501), at(1.15), at(1.1501), at(3)]).toEqual([
      'godt_kjop',
      'godt_kjop',
      'bra_pris',
      'bra_pris',
      'normal_pris',
      'normal_pris',
      'litt_hoy',
      'litt_hoy',
      'hoy_pris',
      'hoy_pris',
    ]);
    expect(ratingOfRatio(1)).toEqual({ rating: 'normal_pris', label: 'Normal pris' });
    expect(ratingOfRatio(0.8).label).toBe('Godt kjøp');
    expect(ratingOfRatio(1.1).label).toBe('Litt høy pris');
    expect(ratingOfRatio(1.2).label).toBe('Høy pris');
  });

  it('needs 5 comparables; the exact edges of a real price', () => {
    const five = [100_000, 100_000, 100_000, 100_000, 100_000];
    expect(priceRatingOf(85_000, five.slice(0, 4))).toBeNull();
    expect(priceRatingOf(85_000, five)).toMatchObject({ rating: 'godt_kjop', comparables: 5, median: 100_000, low: 100_000, high: 100_000 });
    expect(priceRatingOf(85_001, five)?.rating).toBe('bra_pris');
    expect(priceRatingOf(115_000, five)?.rating).toBe('litt_hoy');
    expect(priceRatingOf(115_001, five)?.rating).toBe('hoy_pris');
  });

  it('takes low and high as the 25th and 75th percentile, interpolated between ranks', () => {
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(25);
    expect(priceGuideOf([500, 100, 300, 200, 400])).toEqual({ comparables: 5, median: 300, low: 200, high: 400 });
    expect(priceGuideOf([100, 200, 300, 400, 500, 600])).toEqual({ comparables: 6, median: 350, low: 225, high: 475 });
    expect(priceGuideOf([1, 2, 3, 4])).toEqual({ comparables: 4, median: null, low: null, high: null });
  });

  it('compares make and model ignoring case, the same fuel, a year within 1 and mileage within 20 %', () => {
    const car = { make: 'Tesla', model: 'Model Y', fuelType: 'el', year: 2020, mileage: 100_000 };
    expect(isComparableCar(car, { ...car, make: 'TESLA', model: 'model y' })).toBe(true);
    expect(isComparableCar(car, { ...car, year: 2019 })).toBe(true);
    expect(isComparableCar(car, { ...car, year: 2021 })).toBe(true);
    expect(isComparableCar(car, { ...car, year: 2018 })).toBe(false);
    expect(isComparableCar(car, { ...car, year: 2022 })).toBe(false);
    expect(isComparableCar(car, { ...car, mileage: 80_000 })).toBe(true);
    expect(isComparableCar(car, { ...car, mileage: 120_000 })).toBe(true);
    expect(isComparableCar(car, { ...car, mileage: 79_999 })).toBe(false);
    expect(isComparableCar(car, { ...car, mileage: 120_001 })).toBe(false);
    expect(isComparableCar(car, { ...car, fuelType: 'bensin' })).toBe(false);
    expect(isComparableCar(car, { ...car, model: 'Model 3' })).toBe(false);
  });

  it('never counts the listing itself or its seller’s other listings', () => {
    const car = { id: 1, userId: 7, make: 'Tesla', model: 'Model Y', fuelType: 'el', year: 2020, mileage: 100_000, totalPrice: 1 };
    const market = [car, { ...car, id: 2 }, { ...car, id: 3, userId: 8 }];
    expect(comparablesOf(car, market).map((m) => m.id)).toEqual([3]);
  });
});
