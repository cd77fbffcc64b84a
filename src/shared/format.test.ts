import { afterEach, describe, expect, it, vi } from 'vitest';

// Formatters cost the browser a locale lookup each: none may be made while the module loads (it is on every page's
// start-up path), and each is made once.
describe('format', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl formatter while it loads, and each one once on first use', async () => {
    vi.resetModules();
    const { NumberFormat, DateTimeFormat } = Intl;
    const numberFormat = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
      return new NumberFormat(...args);
    });
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      return new DateTimeFormat(...args);
    });
    const format = await import('./format');
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();

    expect(format.formatPrice(215000)).toBe('215\u00a0000\u00a0kr');
    expect(format.formatMileage(45000)).toBe('45\u00a0000\u00a0km');
    expect(format.formatDate('2025-07-19T12:00:00Z')).toBe('19.07.2025');
    expect(format.formatDate('2025-07-20T12:00:00Z')).toBe('20.07.2025');
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(dateTimeFormat).toHaveBeenCalledTimes(1);
  });
});
