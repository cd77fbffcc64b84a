import { afterEach, describe, expect, it, vi } from 'vitest';

// The service worker is registered at start-up in a production build only (docs/decisions/012-offline-and-caching.md);
// the browser tests (e2e/service-worker.e2e.test.ts) run the production build. Here, the dev side: no worker.

function stubBrowser() {
  const register = vi.fn(() => new Promise(() => {}));
  const serviceWorker = { register, addEventListener: vi.fn(), controller: null, ready: new Promise(() => {}) };
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('document', {
    readyState: 'complete',
    querySelector: () => ({ src: 'http://localhost/assets/index-AbC123.js' }),
  });
  vi.stubGlobal('window', { addEventListener: vi.fn(), location: { reload: vi.fn(), origin: 'http://localhost' } });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      observe() {}
    },
  );
  return register;
}

async function freshModule() {
  vi.resetModules();
  return import('./service-worker');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('registerServiceWorker', () => {
  it('registers nothing outside a production build', async () => {
    const register = stubBrowser();
    vi.stubEnv('PROD', false);
    (await freshModule()).registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });

  it("registers /sw.js under this build's version in a production build", async () => {
    const register = stubBrowser();
    vi.stubEnv('PROD', true);
    (await freshModule()).registerServiceWorker();
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js?v=index-AbC123', { updateViaCache: 'none' }));
  });
});
