/**
 * A journey file's scene: the production server on a fresh database and headless Chromium,
 * started once before the file's journeys and stopped after them.
 */
import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser } from './browser.js';

/** Where journeys save their screenshots. */
export const SHOTS = 'test-results';

export interface Scene {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** Registers the file's beforeAll/afterAll; read `server` and `browser` inside the journeys. */
export function journeyScene(): Scene {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the journey scene's ${what} is read before beforeAll started it`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
