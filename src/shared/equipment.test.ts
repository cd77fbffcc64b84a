import { describe, expect, it } from 'vitest';
import { EQUIPMENT, EQUIPMENT_COUNT, EQUIPMENT_GROUPS, SERVICE_BOOK_LABEL, isEquipmentLabel, withServiceBook } from './equipment';

describe('equipment catalogue', () => {
  it('has exactly the 68 options of docs/product/data.md, each once', () => {
    expect(EQUIPMENT).toHaveLength(68);
    expect(EQUIPMENT_COUNT).toBe(68);
    expect(new Set(EQUIPMENT).size).toBe(EQUIPMENT.length);
    const lower = EQUIPMENT.map((e) => e.toLowerCase());
    expect(new Set(lower).size).toBe(EQUIPMENT.length);
  });

  it('keeps the service book apart from the 68', () => {
    expect(EQUIPMENT).not.toContain(SERVICE_BOOK_LABEL);
    expect(isEquipmentLabel(SERVICE_BOOK_LABEL)).toBe(false);
  });

  it('holds the options docs/product/data.md names and a flat list equal to the groups', () => {
    for (const label of ['Cruisekontroll', 'Parkeringssensor foran', 'Ryggekamera', '360° kamera', 'Setevarme foran', '2-sone klimaanlegg', 'Hengerfeste avtagbart', 'ISOFIX']) {
      expect(isEquipmentLabel(label)).toBe(true);
    }
    expect(EQUIPMENT_GROUPS.flatMap((g) => g.items)).toEqual(EQUIPMENT);
    for (const g of EQUIPMENT_GROUPS) expect(g.items.length).toBeGreaterThan(0);
    expect(EQUIPMENT.every((e) => e === e.trim() && e.length > 0)).toBe(true);
  });
});

describe('withServiceBook', () => {
  it('holds the label exactly when the flag is set, each item once, in the order given', () => {
    expect(withServiceBook(['Varmepumpe', SERVICE_BOOK_LABEL, 'Varmepumpe'], true)).toEqual(['Varmepumpe', SERVICE_BOOK_LABEL]);
    expect(withServiceBook(['Varmepumpe'], true)).toEqual(['Varmepumpe', SERVICE_BOOK_LABEL]);
    expect(withServiceBook([SERVICE_BOOK_LABEL, 'Alarm'], false)).toEqual(['Alarm']);
    expect(withServiceBook([], false)).toEqual([]);
  });
});
