/**
 * The module list: each server module's routes and jobs, in the order buildApp (app.ts)
 * registers them. A new module adds one entry here; app.ts loops over the list.
 *
 * - `routes` run in list order, after the plugins, identity and the error handler and before
 *   the SPA fallback (app.ts keeps those around the loop). Registration order does not change
 *   which route answers (the router matches by path), but it is the route table's order.
 * - `when` leaves a module out under a configuration (the mailbox exists only with the
 *   built-in mail transport; otherwise /dev/mailbox is 404).
 * - `jobs` make the module's scheduled jobs (lib/periodic-job.ts); the app decorates itself
 *   with each under its key (tests run a round through it), starts them once ready and stops
 *   them when it closes.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { AppContext } from '../lib/context.js';
import type { Job } from '../lib/periodic-job.js';
import { systemRoutes } from './system/routes.js';
import { userRoutes } from './users/routes.js';
import { organizationRoutes } from './organizations/routes.js';
import { onboardingRoutes } from './onboarding/routes.js';
import { mediaFiles, mediaRoutes } from './media/routes.js';
import { createMediaCopies } from './media/copies.js';
import { productRoutes } from './products/routes.js';
import { inventoryRoutes } from './inventory/routes.js';
import { addressRoutes } from './addresses/routes.js';
import { packageTemplateRoutes } from './package-templates/routes.js';
import { catalogImportRoutes } from './catalog-import/routes.js';
import { inviteRoutes } from './invites/routes.js';
import { customerRoutes } from './customers/routes.js';
import { priceListRoutes } from './price-lists/routes.js';
import { cartRoutes } from './carts/routes.js';
import { orderRoutes } from './orders/routes.js';
import { orderLifecycleRoutes } from './order-lifecycle/routes.js';
import { invoiceRoutes } from './payments/invoice-routes.js';
import { paymentRoutes } from './payments/routes.js';
import { createInvoiceReminders } from './payments/reminders.js';
import { checkoutRoutes } from './checkout/routes.js';
import { createReconciler } from './checkout/reconciler.js';
import { sellerInvoiceRoutes } from './checkout/seller-invoice-routes.js';
import { shippingRoutes } from './shipping/routes.js';
import { bankingRoutes } from './banking/routes.js';
import { teamRoutes } from './team/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { documentRoutes } from './documents/routes.js';
import { lineSheetRoutes } from './line-sheets/routes.js';
import { proposalRoutes } from './proposals/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { outboundWebhookRoutes } from './outbound-webhooks/routes.js';
import { createWebhookSender } from './outbound-webhooks/sender.js';
import { refundRoutes } from './refunds/routes.js';
import { accountingRoutes } from './accounting/routes.js';
import { createRefundSettler } from './refunds/settler.js';
import { mailboxRoutes } from './mailbox/routes.js';
import { resaleCertificateRoutes } from './resale-certificates/routes.js';
import { createCertificateReminders } from './resale-certificates/reminders.js';

export type ModuleRoutes = (app: FastifyInstance, ctx: AppContext, database: Database) => Promise<void>;

export interface AppModule {
  name: string;
  routes: ModuleRoutes[];
  /** The module's scheduled jobs, by the name the app is decorated with. */
  jobs?: (ctx: AppContext) => Record<string, Job>;
  /** Only under this configuration (default: always). */
  when?: (config: Config) => boolean;
}

export const appModules: AppModule[] = [
  { name: 'system', routes: [(app, ctx, database) => systemRoutes(app, { ctx, database })] },
  { name: 'users', routes: [userRoutes] },
  { name: 'organizations', routes: [organizationRoutes] },
  // Creating an organization: it and the invites its owner claimed, one command (onboarding/).
  { name: 'onboarding', routes: [onboardingRoutes] },
  { name: 'media', routes: [mediaRoutes, mediaFiles], jobs: (ctx) => ({ mediaCopies: createMediaCopies(ctx) }) },
  { name: 'products', routes: [productRoutes] },
  { name: 'inventory', routes: [inventoryRoutes] },
  { name: 'addresses', routes: [addressRoutes] },
  { name: 'package-templates', routes: [packageTemplateRoutes] },
  { name: 'catalog-import', routes: [catalogImportRoutes] },
  { name: 'invites', routes: [inviteRoutes] },
  { name: 'customers', routes: [customerRoutes] },
  { name: 'price-lists', routes: [priceListRoutes] },
  {
    name: 'resale-certificates',
    routes: [resaleCertificateRoutes],
    // E-mails both sides 30 days before a certificate expires, once (resale-certificates/reminders.ts).
    jobs: (ctx) => ({ resaleCertificateReminders: createCertificateReminders(ctx) }),
  },
  { name: 'carts', routes: [cartRoutes] },
  { name: 'orders', routes: [orderRoutes] },
  {
    name: 'payments',
    routes: [invoiceRoutes, paymentRoutes],
    // Invoices on net terms: due-soon and overdue reminders, once each (payments/reminders.ts).
    jobs: (ctx) => ({ invoiceReminders: createInvoiceReminders(ctx) }),
  },
  {
    name: 'checkout',
    // The seller's Invoices list, mark paid and void sit here: closeInvoice is checkout's.
    routes: [checkoutRoutes, sellerInvoiceRoutes],
    // Completes paid orders no one came back for, ends expired sessions (checkout/reconciler.ts).
    jobs: (ctx) => ({ checkoutReconciler: createReconciler(ctx) }),
  },
  { name: 'shipping', routes: [shippingRoutes] },
  // Orders the seller writes (issue 25 part 2): proposals accepted into the retailer's cart at agreed prices.
  { name: 'proposals', routes: [proposalRoutes] },
  // Packing slips and invoice PDFs (refunds' credit notes stay with refunds).
  { name: 'documents', routes: [documentRoutes] },
  // Line sheets (issue 25 part 3): PDFs, shared pages behind revocable links, requests to order.
  { name: 'line-sheets', routes: [lineSheetRoutes] },
  { name: 'banking', routes: [bankingRoutes] },
  { name: 'team', routes: [teamRoutes] },
  // API keys (issue 26): managed here; checked in auth/plugin.ts, scoped by auth/api-key-scopes.ts.
  { name: 'api-keys', routes: [apiKeyRoutes] },
  // Its third parameter is a clock for tests, not the database.
  { name: 'dashboard', routes: [(app, ctx) => dashboardRoutes(app, ctx)] },
  {
    name: 'refunds',
    routes: [refundRoutes],
    // Card refunds still pending are asked again at the provider (refunds/settler.ts).
    jobs: (ctx) => ({ refundSettler: createRefundSettler(ctx) }),
  },
  // Accounting exports (QuickBooks Online, Xero, ours) and customer statements (issue 26).
  { name: 'accounting', routes: [accountingRoutes] },
  // Orders after checkout (issue 23): accept, cancel, ship in parts, delivered, requests; void.
  { name: 'order-lifecycle', routes: [orderLifecycleRoutes] },
  // The payments provider's webhook: session events to checkout, refund events to refunds.
  { name: 'webhooks', routes: [webhookRoutes] },
  {
    name: 'outbound-webhooks',
    // The seller's webhook endpoints and delivery log; the sender posts what the outbox recorded.
    routes: [outboundWebhookRoutes],
    jobs: (ctx) => ({ webhookSender: createWebhookSender(ctx) }),
  },
  // The built-in outbox is readable only while it is the transport; otherwise /dev/mailbox is 404.
  { name: 'mailbox', routes: [mailboxRoutes], when: (config) => config.mail.transport === 'builtin' },
];
