import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../trpc/root';
import { createTestApp, type TestApp } from '../testing/harness';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from './rate-limits';

describe('rate limits over tRPC', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address() as { port: number };
    url = `http://127.0.0.1:${addr.port}/trpc`;
  });
  afterAll(() => t.close());

  it('answers in tRPC error format, so the client shows the Norwegian message', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url })] });
    const payload = { username: 'ingen', password: 'feil' };
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      await expect(client.auth.login.mutate(payload)).rejects.toMatchObject({ data: { httpStatus: 401 } });
    }
    const err = await client.auth.login.mutate(payload).catch((e) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err.message).toBe(RATE_LIMIT_MESSAGE);
    expect(err.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
  });
});
