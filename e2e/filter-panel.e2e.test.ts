// The /annonser filter panel on a keyboard (docs/product/screens.md#annonser): Tab walks its controls in the
// order a reader sees them, row by row from the top and left to right within a row, at desktop, tablet and phone
// widths, and reaches every control that is enabled. The search filters by a make and a price from the URL, so every
// control is enabled (the model select needs a make, 'Tilbakestill' an active filter) whatever else the
// database holds.
import { describe, expect, it } from 'vitest';
import { expectNoErrors, newPage, screenshot, type TestPage } from './support';

interface Focused {
  name: string;
  top: number;
  left: number;
  bottom: number;
}

/** What has focus: its accessible name as a user hears it (label, aria-label or text) and where it sits on the page. */
function focused(page: TestPage) {
  return page.evaluate((): Focused | null => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || !el.closest('[data-testid="filter-panel"]')) return null;
    const r = el.getBoundingClientRect();
    const name = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    return { name: name.trim(), top: r.top + scrollY, left: r.left + scrollX, bottom: r.bottom + scrollY };
  });
}

/** Every control of the panel a keyboard user can reach, in reading order: by row (top edge), then from the left. */
function controlsInReadingOrder(page: TestPage) {
  return page.evaluate(() => {
    const panel = document.querySelector('[data-testid="filter-panel"]')!;
    const controls = [...panel.querySelectorAll<HTMLElement>('button, input, select, a[href], [tabindex]')]
      .filter((el) => !(el as HTMLInputElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
        return { name: name.trim(), top: Math.round(r.top), left: Math.round(r.left) };
      });
    // A row's controls share their top edge (within a few pixels: an input group and a select differ by a border).
    return controls.sort((a, b) => (Math.abs(a.top - b.top) > 4 ? a.top - b.top : a.left - b.left)).map((c) => c.name);
  });
}

const ALL_CONTROLS = [
  'Filtrer & Sorter',
  'Merke',
  'Modell',
  'Biltype',
  'Drivstofftype',
  'Girkasse',
  'Hjuldrift',
  'Område',
  'Sorter etter',
  'Pris fra',
  'Pris til',
  'Årsmodell fra',
  'Årsmodell til',
  'Kilometerstand fra',
  'Kilometerstand til',
  'Tilbakestill',
];

describe('the filter panel on a keyboard', () => {
  it.each([
    ['desktop', 1280, 900],
    ['tablet', 820, 1000],
    ['phone', 375, 812],
  ])('Tab follows the layout on a %s (%i px)', async (name, width, height) => {
    const page = await newPage({ width, height });
    await page.goto('/annonser?make=Volvo&priceMin=100000');
    const trigger = page.getByRole('button', { name: /^Filtrer & Sorter/ });
    await trigger.waitFor();
    // The badge's number is read out with what it counts.
    expect(await page.getByRole('button', { name: /^Filtrer & Sorter\s*2 aktive filtre$/ }).count()).toBe(1);
    // Open on wide screens (right after hydration: the server's page has it folded), folded on a phone.
    if (width >= 768) await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    else await trigger.click();
    await page.getByLabel('Merke').waitFor();
    expect(await page.getByLabel('Modell', { exact: true }).isDisabled()).toBe(false);
    expect(await page.getByLabel('Hjuldrift').locator('option').first().textContent()).toBe('Alle hjuldrifter');
    await screenshot(page, `filter-panel-${width}`);

    await trigger.focus();
    const order: Focused[] = [];
    for (let step = 0; step < 40; step++) {
      const now = await focused(page);
      if (!now) break;
      order.push(now);
      await page.keyboard.press('Tab');
    }
    // The trigger's name ends with its badge: the count and, read out only, what it counts.
    const withoutBadge = (name: string) => name.replace(/\s*\d+( aktive filtre)?$/, '').trim();
    const names = order.map((f) => withoutBadge(f.name));
    expect(names).toEqual(ALL_CONTROLS);
    expect(names).toEqual((await controlsInReadingOrder(page)).map(withoutBadge));

    // Each next control is to the right on the same row, or on a row further down.
    for (let i = 1; i < order.length; i++) {
      const [prev, next] = [order[i - 1], order[i]];
      const sameRow = Math.abs(next.top - prev.top) <= 4;
      const where = `${prev.name} → ${next.name} at ${width} px`;
      if (sameRow) expect(next.left, where).toBeGreaterThan(prev.left);
      else expect(next.top, where).toBeGreaterThan(prev.top);
    }
    // Each from/to pair shares a row at every width.
    for (const [from, to] of [
      ['Pris fra', 'Pris til'],
      ['Årsmodell fra', 'Årsmodell til'],
      ['Kilometerstand fra', 'Kilometerstand til'],
    ]) {
      const [a, b] = [order.find((f) => f.name === from)!, order.find((f) => f.name === to)!];
      expect(Math.abs(a.top - b.top), `${from} / ${to} at ${width} px`).toBeLessThanOrEqual(4);
    }
    expectNoErrors(page);
  });
});
