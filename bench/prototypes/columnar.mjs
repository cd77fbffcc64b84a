// Prototype, not product code (docs/decisions/014-cold-search.md "What SQLite cannot do here"): what an in-memory
// columnar index would cost for the filter shapes that are slowest in SQLite: any fuel, body type and gearbox, a price
// limit, any sort, deep offsets, with the exact total, in one pass over the visible listings in sort order.
//
//   node bench/prototypes/columnar.mjs <seeded 100k database file>
import Database from 'better-sqlite3';
const file = process.argv[2];
if (!file) throw new Error('usage: node bench/prototypes/columnar.mjs <database file>');
const db = new Database(file, { readonly: true });
let t0 = performance.now();
const rows = db.prepare("SELECT id, created_at, total_price, year, mileage, fuel_type, transmission, drivetrain, body_type FROM listings WHERE status='approved' AND active=1").raw().all();
const n = rows.length;
const code = (col) => { const m = new Map(); const a = new Uint8Array(n); rows.forEach((r, i) => { let c = m.get(r[col]); if (c === undefined) m.set(r[col], c = m.size); a[i] = c; }); return [a, m]; };
const id = Int32Array.from(rows, (r) => r[0]), price = Int32Array.from(rows, (r) => r[2]), year = Int16Array.from(rows, (r) => r[3]), mileage = Int32Array.from(rows, (r) => r[4]);
const [fuel, fuelM] = code(5), [gear, gearM] = code(6), [body, bodyM] = code(8);
// Sort orders as permutations (built once per version).
const perm = (key, desc) => { const p = Uint32Array.from({ length: n }, (_, i) => i); p.sort((a, b) => (desc ? -1 : 1) * (key[a] - key[b] || id[a] - id[b])); return p; };
const byPrice = perm(price, false), byMileage = perm(mileage, false), byYear = perm(year, true);
console.log('load + build', (performance.now() - t0).toFixed(0), 'ms for', n, 'rows');
const rnd = (a) => a[Math.floor(Math.random() * a.length)];
const fuels = [...fuelM.values()], bodies = [...bodyM.values()], gears = [...gearM.values()];
const times = [];
for (let k = 0; k < 2000; k++) {
  const f = Math.random() < 0.6 ? rnd(fuels) : -1, b = Math.random() < 0.5 ? rnd(bodies) : -1, g = Math.random() < 0.4 ? rnd(gears) : -1;
  const pTo = Math.random() < 0.5 ? 100000 + Math.random() * 900000 : 1e9;
  const order = rnd([byPrice, byMileage, byYear]);
  const offset = Math.random() < 0.3 ? Math.floor(Math.random() * 20000) : 0, limit = 24;
  const a = performance.now();
  let total = 0; const page = [];
  for (let j = 0; j < n; j++) {   // exact total and the page in one pass, in sort order
    const i = order[j];
    if ((f < 0 || fuel[i] === f) && (b < 0 || body[i] === b) && (g < 0 || gear[i] === g) && price[i] <= pTo) {
      if (total >= offset && page.length < limit) page.push(id[i]);
      total++;
    }
  }
  times.push(performance.now() - a);
}
times.sort((x, y) => x - y);
console.log('exact total + page, any coarse filters + price + sort + offset: p50', times[1000].toFixed(2), 'p99', times[1980].toFixed(2), 'ms');
