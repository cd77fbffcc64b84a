/**
 * The page numbers a pager shows: the first, the last and the current one with its neighbours; 'gap' stands for the
 * skipped runs ('1 … 4 5 6 … 42'). Used by the search results and the admin's listings table.
 */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 1) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}
