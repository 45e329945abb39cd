import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createShippingProvider } from './index.js';

describe('createShippingProvider', () => {
  it('uses the built-in rate engine by default', () => {
    expect(loadConfig({}).shipping).toEqual({ provider: 'builtin' });
    expect(createShippingProvider(loadConfig({})).name).toBe('builtin');
  });

  it('uses Shippo when SHIPPO_API_TOKEN is set, at SHIPPO_API_URL if given', () => {
    const config = loadConfig({ SHIPPO_API_TOKEN: 'shippo_test_abc123', SHIPPO_API_URL: 'http://127.0.0.1:4010/' });
    expect(config.shipping).toEqual({
      provider: 'shippo',
      apiToken: 'shippo_test_abc123',
      apiUrl: 'http://127.0.0.1:4010',
    });
    expect(createShippingProvider(config).name).toBe('shippo');
    expect(loadConfig({ SHIPPO_API_TOKEN: 'shippo_live_abc123' }).shipping).toMatchObject({
      apiUrl: 'https://api.goshippo.com',
    });
  });

  it('names a malformed token without printing it', () => {
    let err: unknown;
    try {
      loadConfig({ SHIPPO_API_TOKEN: 'secret-looking value', SHIPPO_API_URL: 'not a url' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message).toContain('SHIPPO_API_TOKEN: must be a Shippo API token (shippo_live_… or shippo_test_…)');
    expect(message).toContain('SHIPPO_API_URL: must be the base URL of the Shippo API (got "not a url")');
    expect(message).not.toContain('secret-looking value');
  });
});
