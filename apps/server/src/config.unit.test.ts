import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, PGlite under ./data, the built-in identity provider, local media and the outbox', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.identity).toMatchObject({ mode: 'builtin', issuer: 'http://localhost:3000/oidc', audience: 'http://localhost:3000/api' });
    expect(c.storage.driver).toBe('local');
    expect(c.mail.transport).toBe('builtin');
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('PUBLIC_URL');
    }
  });

  it('needs all three OIDC_* variables for an outside provider', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://tenant.auth0.com/' })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE/);
    const c = loadConfig({ OIDC_ISSUER: 'https://tenant.auth0.com/', OIDC_CLIENT_ID: 'abc', OIDC_AUDIENCE: 'https://api.example.com' });
    expect(c.identity).toMatchObject({ mode: 'external', issuer: 'https://tenant.auth0.com/', audience: 'https://api.example.com' });
  });

  it('switches to SMTP and S3 when configured, and strips a trailing slash from PUBLIC_URL', () => {
    const c = loadConfig({ SMTP_URL: 'smtp://localhost:2525', S3_BUCKET: 'media', PUBLIC_URL: 'https://shop.example.com/' });
    expect(c.mail.transport).toBe('smtp');
    expect(c.storage.driver).toBe('s3');
    expect(c.publicUrl).toBe('https://shop.example.com');
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });
});
