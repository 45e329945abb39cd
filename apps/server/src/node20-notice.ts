/**
 * On Node 20, oidc-provider prints "oidc-provider WARNING: Unsupported runtime. Use Node.js v22.x
 * LTS, or a later LTS release." when it is imported: its check is a support policy (any LTS
 * older than 22, "Jod"), not a feature it found missing. oidc-provider 9 declares no `engines`,
 * uses nothing Node 20.19 lacks, and every sign-in test of this project runs on Node 20.19+.
 * Cratebase supports Node ≥ 20.19, so on Node 20 that one line is dropped; any other warning,
 * and that one on any other Node version (e.g. an odd, non-LTS release), still prints.
 *
 * This module must be evaluated before oidc-provider: main.ts imports it first, and the server
 * build keeps it a separate file (an npm package imported by the bundle would otherwise be
 * evaluated before any of the bundle's own code).
 */
const UNSUPPORTED_RUNTIME = 'oidc-provider WARNING: Unsupported runtime. Use Node.js v22.x LTS, or a later LTS release.';
// As printed: bold red when stderr is a terminal (oidc-provider's helpers/attention.js), plain otherwise.
const AS_PRINTED = new Set([UNSUPPORTED_RUNTIME, `\u001b[31;1m${UNSUPPORTED_RUNTIME}\u001b[0m`]);

const originalWarn = console.warn;
if (process.versions.node.split('.')[0] === '20') {
  console.warn = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === 'string' && AS_PRINTED.has(args[0])) return;
    originalWarn(...args);
  };
}

/** Puts console.warn back once every package is loaded (main() calls it after buildApp). */
export function endNode20Notice() {
  console.warn = originalWarn;
}
