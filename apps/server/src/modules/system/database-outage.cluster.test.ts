/**
 * A database that goes away makes /readyz fail and API calls answer 503 (no stack traces),
 * and the server recovers by itself when the database comes back. The outage is real: the
 * server talks to PostgreSQL through a TCP relay that the test cuts and restores.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../../test/support/database.js';
import { openDatabase } from '../../db/client.js';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

class Relay {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  constructor(
    private readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}
  async up() {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }
  async down() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

let h: Harness;
let relay: Relay;
let user: TestUser & { orgId: string };
let drop: () => Promise<void>;

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('No DATABASE_URL: run the cluster tests through vitest (its globalSetup provides one).');
  const scratch = await createScratchPostgres(base);
  drop = scratch.drop;
  const target = new URL(scratch.url);
  const port = await freePort();
  relay = new Relay(port, { host: target.hostname, port: Number(target.port || 5432) });
  await relay.up();
  const viaRelay = new URL(scratch.url);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(port);
  const database = await openDatabase({ databaseUrl: viaRelay.toString(), poolSize: 4 });
  h = await createHarness({}, { testDb: { database, url: viaRelay.toString(), drop: () => database.close() } });
  user = await h.newOrgUser('Merchant');
});

afterAll(async () => {
  await h?.close();
  await relay?.down();
  await drop?.();
});

describe('database outage', () => {
  it('answers 503 while the database is down and recovers without a restart', async () => {
    expect((await h.call('GET', '/readyz')).status).toBe(200);
    expect((await h.call('GET', `/api/organization/${user.orgId}`, { token: user.token })).status).toBe(200);

    await relay.down();
    const ready = await h.call('GET', '/readyz');
    expect(ready.status).toBe(503);
    const during = await h.call('GET', `/api/organization/${user.orgId}`, { token: user.token });
    expect(during.status).toBe(503);
    expect(during.body).toEqual({
      error: 'service_unavailable',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
    expect((await h.call('GET', '/healthz')).status).toBe(200);

    await relay.up();
    let status = 0;
    for (let i = 0; i < 120 && status !== 200; i++) {
      status = (await h.call('GET', `/api/organization/${user.orgId}`, { token: user.token })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await h.call('GET', '/readyz')).status).toBe(200);
  });
});
