import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Config } from '../config.js';
import type { MediaStorage } from '../providers/storage/interface.js';
import type { MailTransport } from '../providers/mail/interface.js';
import type { ShippingProvider } from '../providers/shipping/interface.js';
import type { PaymentsProvider } from '../providers/payments/interface.js';
import type { BankingProvider } from '../providers/banking/interface.js';

/**
 * The outside services the app talks to, each behind its interface in providers/<kind>/.
 * buildApp makes the configured ones; a test passes its own through `AppDeps.providers`.
 * Payments, shipping rates and banking (bank accounts for payouts) join here with their issues.
 */
export interface Providers {
  storage: MediaStorage;
  mailTransport: MailTransport;
  shipping: ShippingProvider;
  payments: PaymentsProvider;
  banking: BankingProvider;
}

/** What every service function receives: the database, the configuration, the providers and the log. */
export interface AppContext {
  db: Db;
  config: Config;
  providers: Providers;
  /** The app's logger, for what an operator must hear about outside any request. */
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}
