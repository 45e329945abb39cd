import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SignJWT,
  UnsecuredJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { DomainError } from '../lib/errors.js';
import { createExternalVerifier, createJwksVerifier, type TokenVerifier } from './token-verifier.js';

const issuer = 'https://id.example.test/oidc';
const audience = 'https://shop.example.test/api';
const kid = 'key-1';

let privateKey: CryptoKey;
let otherPrivateKey: CryptoKey;
let publicJwk: JWK;
let verifier: TokenVerifier;

const now = () => Math.floor(Date.now() / 1000);

async function sign(
  claims: JWTPayload,
  opts: {
    key?: CryptoKey;
    iss?: string;
    aud?: string;
    exp?: number;
    iat?: number;
    nbf?: number;
    kid?: string;
    typ?: string;
  } = {},
): Promise<string> {
  const jwt = new SignJWT({ email: 'buyer@example.com', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid, typ: opts.typ ?? 'at+jwt' })
    .setIssuer(opts.iss ?? issuer)
    .setAudience(opts.aud ?? audience)
    .setIssuedAt(opts.iat ?? now())
    .setExpirationTime(opts.exp ?? now() + 900);
  if (opts.nbf !== undefined) jwt.setNotBefore(opts.nbf);
  return jwt.sign(opts.key ?? privateKey);
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error('expected the token to be rejected');
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  verifier = createJwksVerifier({ issuer, audience, jwks: createLocalJWKSet({ keys: [publicJwk] }) });
});

describe('createJwksVerifier', () => {
  it('accepts a good token and returns its subject and profile claims', async () => {
    const token = await sign({ sub: 'user-1', name: 'Ada Buyer', picture: 'https://img.example/ada.png' });
    await expect(verifier.verify(token)).resolves.toEqual({
      sub: 'user-1',
      email: 'buyer@example.com',
      name: 'Ada Buyer',
      picture: 'https://img.example/ada.png',
    });
  });

  it('tolerates 60 seconds of clock skew on expiry and not-before', async () => {
    await expect(
      verifier.verify(await sign({ sub: 'u' }, { exp: now() - 45, iat: now() - 945 })),
    ).resolves.toMatchObject({ sub: 'u' });
    await expect(verifier.verify(await sign({ sub: 'u' }, { nbf: now() + 45 }))).resolves.toMatchObject({ sub: 'u' });
  });

  it('rejects a token expired for more than 60 seconds', async () => {
    const err = await rejection(verifier.verify(await sign({ sub: 'u' }, { exp: now() - 75, iat: now() - 975 })));
    expect(err.statusCode).toBe(401);
    expect(err.message).toBe('The access token has expired.');
  });

  it('rejects a token that is not valid yet (beyond the leeway)', async () => {
    const err = await rejection(verifier.verify(await sign({ sub: 'u' }, { nbf: now() + 120 })));
    expect(err.statusCode).toBe(401);
  });

  it('rejects another issuer', async () => {
    const err = await rejection(verifier.verify(await sign({ sub: 'u' }, { iss: 'https://evil.example/oidc' })));
    expect(err.statusCode).toBe(401);
    expect(err.message).toMatch(/another identity provider/);
  });

  it('rejects another audience', async () => {
    const err = await rejection(verifier.verify(await sign({ sub: 'u' }, { aud: 'cratebase-web' })));
    expect(err.statusCode).toBe(401);
    expect(err.message).toMatch(/not meant for this API/);
  });

  it('rejects a signature made with another key under the same key id', async () => {
    const err = await rejection(verifier.verify(await sign({ sub: 'u' }, { key: otherPrivateKey })));
    expect(err.statusCode).toBe(401);
  });

  it('rejects a token signed with an unknown key id', async () => {
    const err = await rejection(verifier.verify(await sign({ sub: 'u' }, { kid: 'not-a-key' })));
    expect(err.statusCode).toBe(401);
  });

  it('rejects HS256 tokens, even when the secret is the public key material', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const token = await new SignJWT({ sub: 'u', email: 'x@example.com' })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    const err = await rejection(verifier.verify(token));
    expect(err.statusCode).toBe(401);
  });

  it('rejects unsigned (alg none) tokens', async () => {
    const token = new UnsecuredJWT({ sub: 'u', email: 'x@example.com' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    const err = await rejection(verifier.verify(token));
    expect(err.statusCode).toBe(401);
  });

  it('rejects malformed tokens', async () => {
    const good = await sign({ sub: 'u' });
    await verifier.verify(good);
    const [h, p, s] = good.split('.') as [string, string, string];
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', iss: issuer, aud: audience, exp: now() + 900 })).toString('base64url')}.${s}`;
    for (const token of [
      '',
      'abc',
      'a.b.c',
      `${h}.${p}`,
      `${h}.${p}.${s}.extra`,
      `${good} `,
      'x'.repeat(10_000),
      tampered,
    ]) {
      const err = await rejection(verifier.verify(token));
      expect(err.statusCode).toBe(401);
    }
  });

  it('rejects a token without a subject', async () => {
    const err = await rejection(verifier.verify(await sign({})));
    expect(err.statusCode).toBe(401);
  });

  it('checks the typ header when asked to (built-in provider: at+jwt)', async () => {
    const strict = createJwksVerifier({
      issuer,
      audience,
      jwks: createLocalJWKSet({ keys: [publicJwk] }),
      typ: 'at+jwt',
    });
    await expect(strict.verify(await sign({ sub: 'u' }))).resolves.toMatchObject({ sub: 'u' });
    const err = await rejection(strict.verify(await sign({ sub: 'u' }, { typ: 'JWT' })));
    expect(err.statusCode).toBe(401);
  });

  it('rejects a token without an expiry', async () => {
    const token = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .sign(privateKey);
    expect((await rejection(verifier.verify(token))).statusCode).toBe(401);
  });

  it('stops accepting a remembered token once it expires', async () => {
    let time = Date.now();
    const clocked = createJwksVerifier({
      issuer,
      audience,
      jwks: createLocalJWKSet({ keys: [publicJwk] }),
      clock: () => time,
    });
    const token = await sign({ sub: 'u' }, { exp: now() + 30 });
    await expect(clocked.verify(token)).resolves.toMatchObject({ sub: 'u' });
    time += 80_000; // 30 s of life + 60 s leeway not yet over
    await expect(clocked.verify(token)).resolves.toMatchObject({ sub: 'u' });
    time += 20_000;
    const err = await rejection(clocked.verify(token));
    expect(err.message).toBe('The access token has expired.');
    // And it stays rejected on the full verification path too.
    expect((await rejection(clocked.verify(token))).statusCode).toBe(401);
  });

  it('hands out copies of the remembered claims', async () => {
    const token = await sign({ sub: 'copy' });
    const first = await verifier.verify(token);
    first.sub = 'someone-else';
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'copy' });
  });

  it('checks each signature once: a repeated token is answered from memory, without the key set', async () => {
    const localKeys = createLocalJWKSet({ keys: [publicJwk] });
    let keyLookups = 0;
    const counting: JWTVerifyGetKey = (header, token) => {
      keyLookups += 1;
      return localKeys(header, token);
    };
    const cached = createJwksVerifier({ issuer, audience, jwks: counting });
    const uncached = createJwksVerifier({ issuer, audience, jwks: counting, cacheSize: 0 });
    const tokens = await Promise.all(Array.from({ length: 3 }, (_, i) => sign({ sub: `repeat-${i}` })));

    for (let round = 0; round < 5; round++) {
      for (const token of tokens)
        await expect(cached.verify(token)).resolves.toMatchObject({ sub: expect.any(String) });
    }
    expect(keyLookups).toBe(tokens.length);

    keyLookups = 0;
    for (let round = 0; round < 5; round++) {
      for (const token of tokens) await uncached.verify(token);
    }
    expect(keyLookups).toBe(tokens.length * 5);
  });
});

describe('createExternalVerifier', () => {
  let server: http.Server;
  let base: string;
  let discoveryHits = 0;
  let jwksHits = 0;
  let failDiscovery = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/tenant/.well-known/openid-configuration') {
        discoveryHits += 1;
        if (failDiscovery) {
          res.writeHead(503).end();
          return;
        }
        // Like Auth0: the issuer identifier ends with a slash.
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ issuer: `${base}/tenant/`, jwks_uri: `${base}/tenant/jwks` }));
        return;
      }
      if (req.url === '/tenant/jwks') {
        jwksHits += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const externalConfig = () => ({
    identity: { mode: 'external' as const, issuer: `${base}/tenant`, clientId: 'spa', audience, scope: 'openid' },
  });

  it('discovers the key set once and verifies tokens of the outside issuer', async () => {
    discoveryHits = 0;
    jwksHits = 0;
    const external = createExternalVerifier(externalConfig());
    const token = await sign({ sub: 'auth0|123' }, { iss: `${base}/tenant/`, typ: 'JWT' });
    for (let i = 0; i < 5; i++)
      await expect(external.verify(token)).resolves.toMatchObject({ sub: 'auth0|123', email: 'buyer@example.com' });
    expect(discoveryHits).toBe(1);
    expect(jwksHits).toBe(1);

    const foreign = await sign({ sub: 'u' }, { iss: 'https://other.example/' });
    expect((await rejection(external.verify(foreign))).statusCode).toBe(401);
  });

  it('answers 503 while the issuer cannot be reached, then recovers', async () => {
    failDiscovery = true;
    const external = createExternalVerifier(externalConfig());
    const token = await sign({ sub: 'u' }, { iss: `${base}/tenant/` });
    const err = await rejection(external.verify(token));
    expect(err.statusCode).toBe(503);
    failDiscovery = false;
    await expect(external.verify(token)).resolves.toMatchObject({ sub: 'u' });
  });
});
