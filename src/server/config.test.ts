import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the contract defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databasePath).toBe('./data/bilpartner.db');
    expect(c.uploadDir).toBe('./data/uploads');
    expect(c.seedDemo).toBe(true);
    expect(c.admin).toBeUndefined();
    expect(c.vehicleApiKey).toBeUndefined();
    expect(c.vehicleApiUrl).toContain('enkeltoppslag/kjoretoydata');
    expect(c.addressApiUrl).toContain('/adresser/v1/sok');
    expect(c.httpIdleTimeoutMs).toBe(30_000);
    expect(c.httpRequestTimeoutMs).toBe(300_000);
    expect(c.countyLookup).toBe(true);
  });

  it('reads the metrics token and the shutdown drain (docs/operations.md "Probes, metrics and rolling deploys")', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'abc123' }).metricsToken).toBe('abc123');
    expect(loadConfig({}).shutdownDrainMs).toBe(3_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    // The process must exit within 10 s of SIGTERM: a longer drain would not leave requests in flight time to finish.
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '8000' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('chooses PostgreSQL only with a postgres:// DATABASE_URL', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://bp:pw@db:5432/bilpartner' }).databaseUrl).toBe('postgres://bp:pw@db:5432/bilpartner');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/bilpartner' })).toThrow(/DATABASE_URL/);
  });

  it('sends mail through SMTP_URL, else into the outbox folder', () => {
    const c = loadConfig({});
    expect(c.smtpUrl).toBeUndefined();
    expect(c.mailOutboxDir).toBe('./data/outbox');
    expect(c.mailFrom).toBe('Bilpartner.no <no-reply@bilpartner.no>');
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://bp:pw@smtp.example.no:465', PUBLIC_URL: 'https://bilpartner.no', MAIL_OUTBOX_DIR: '/var/mail/bp' })).toMatchObject({
      smtpUrl: 'smtps://bp:pw@smtp.example.no:465',
      mailOutboxDir: '/var/mail/bp',
    });
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.no', PUBLIC_URL: 'https://bilpartner.no' })).toThrow(/SMTP_URL/);
    // Real mail needs the site's own address for its links, never a request's Host header.
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.no:587' })).toThrow(/PUBLIC_URL: must be set when SMTP_URL is/);
  });

  it('reads which proxies to trust from TRUST_PROXY', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('renders pages on the server unless SERVER_RENDER=false', () => {
    expect(loadConfig({}).serverRender).toBe(true);
    expect(loadConfig({ SERVER_RENDER: 'false' }).serverRender).toBe(false);
  });

  it('turns the county look-up off with COUNTY_LOOKUP=false', () => {
    expect(loadConfig({ COUNTY_LOOKUP: 'false' }).countyLookup).toBe(false);
  });

  it('reads the HTTP timeouts from the environment', () => {
    const c = loadConfig({ HTTP_IDLE_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '2000' });
    expect([c.httpIdleTimeoutMs, c.httpRequestTimeoutMs]).toEqual([500, 2000]);
  });

  it('makes the cookie Secure only when NODE_ENV=production is set', () => {
    expect(loadConfig({}).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('needs both admin variables to ensure an admin', () => {
    expect(loadConfig({ ADMIN_USERNAME: 'admin' }).admin).toBeUndefined();
    expect(loadConfig({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'hemmelig' }).admin).toEqual({ username: 'admin', password: 'hemmelig' });
  });

  it('keeps photos on disk unless S3_BUCKET is set; the region defaults to us-east-1', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: ' ' }).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'bilder' }).s3).toEqual({ bucket: 'bilder', region: 'us-east-1', endpoint: undefined });
    expect(loadConfig({ S3_BUCKET: 'bilder', S3_REGION: 'eu-north-1', S3_ENDPOINT: 'http://minio:9000' }).s3).toEqual({
      bucket: 'bilder',
      region: 'eu-north-1',
      endpoint: 'http://minio:9000',
    });
  });

  it('stops when S3_ENDPOINT is set without S3_BUCKET (photos would quietly stay on disk)', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/\bS3_BUCKET\b/);
  });

  it.each([
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_ENDPOINT', 'ftp://minio'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SEED_DEMO', 'kanskje'],
    ['VEHICLE_API_URL', 'not a url'],
    ['NODE_ENV', 'staging'],
    ['COOKIE_SECURE', 'sometimes'],
    ['HTTP_IDLE_TIMEOUT_MS', 'soon'],
    ['HTTP_REQUEST_TIMEOUT_MS', '0'],
    ['COUNTY_LOOKUP', 'sometimes'],
    ['SERVER_RENDER', 'maybe'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
