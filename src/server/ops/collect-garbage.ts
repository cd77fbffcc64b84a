import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection now. Start-up (loading the page renderer, building the search index, the warm-up's renders)
 * leaves tens of megabytes of garbage, and V8 collects it when the heap next grows: during the first visitors' pages,
 * after /readyz said ready. The app collects it before saying ready instead (docs/operations.md "Probes and metrics").
 * `gc` is exposed in a context of its own, so no global is added for the app's code; the start flags stay as they are.
 */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
