/**
 * Vendor SDKs that only some installs use are not imported at start (each costs 15–25 MB of RSS
 * and a few hundred milliseconds): Stripe and the S3 client load when configured, nodemailer on
 * the first SMTP send, pdfkit on the first PDF. Adapters with a synchronous surface (Stripe's
 * webhook check, the S3 adapter's client) load the package's CommonJS build with
 * `requirePackage` when they are made; the others use a cached dynamic `import()`.
 */
import { createRequire } from 'node:module';

/** `require` for a package, from here (the server's own node_modules). */
export const requirePackage = createRequire(import.meta.url);

/** A package imported on the first call, then the same promise every time. */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      loaded = load();
      // A failed load is tried again next time (and reported to the caller that awaited it).
      loaded.catch(() => (loaded = undefined));
    }
    return loaded;
  };
}
