/**
 * On Node 20 the server drops exactly oidc-provider's "Unsupported runtime" line (a support
 * policy, see node20-notice.ts); every other warning still reaches the terminal.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const NOTICE = 'oidc-provider WARNING: Unsupported runtime. Use Node.js v22.x LTS, or a later LTS release.';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe.runIf(process.versions.node.startsWith('20.'))('the Node 20 notice', () => {
  it('drops oidc-provider’s unsupported-runtime line, plain or coloured, and nothing else, until ended', async () => {
    const printed = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { endNode20Notice } = await import('./node20-notice.js');
    console.warn(NOTICE);
    console.warn(`\x1b[31;1m${NOTICE}\x1b[0m`);
    console.warn('oidc-provider WARNING: something else');
    console.warn(NOTICE, 'with more');
    expect(printed.mock.calls).toEqual([['oidc-provider WARNING: something else'], [NOTICE, 'with more']]);

    endNode20Notice();
    console.warn(NOTICE);
    expect(printed.mock.calls).toHaveLength(3);
  });
});
