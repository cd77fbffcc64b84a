import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../limits/rate-limits';
import { createTestApp, loggedInUser } from '../testing/harness';

describe('POST /api/inquiries rate limit', () => {
  it('stops one client after its budget with a Norwegian 429, before touching the database', async () => {
    const t = await createTestApp();
    try {
      const { cookie } = await loggedInUser(t.store);
      // Invalid bodies still spend the budget: the limit stands in front of validation.
      for (let i = 0; i < RATE_LIMITS.inquiry.max; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/inquiries', headers: { cookie }, payload: {} });
        expect(res.statusCode).toBe(400);
      }
      const res = await t.app.inject({ method: 'POST', url: '/api/inquiries', headers: { cookie }, payload: {} });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(RATE_LIMIT_MESSAGE);
    } finally {
      await t.close();
    }
  });
});
