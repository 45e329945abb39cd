/**
 * E-mail provider: the transport chosen by configuration (built-in outbox or SMTP), the
 * queue (enqueueMail inside the caller's transaction) and the worker that sends.
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MailTransport } from './interface.js';
import { createBuiltinTransport } from './builtin.js';
import { createSmtpTransport } from './smtp.js';
import { MailWorker, type MailLog, type MailWorkerOptions } from './worker.js';

export type { MailTransport, OutgoingMail, SendResult } from './interface.js';
export { PermanentMailError, findHeaderProblem, oneLine } from './interface.js';
export { enqueueMail, wakeMailWorkers, type NewMail } from './queue.js';
export { listOutbox, getOutboxMessage, type OutboxRow } from './outbox.js';
export { MailWorker, defaultRetryDelayMs, MAIL_DEFAULTS, type MailWorkerOptions, type RoundResult } from './worker.js';
export { renderEmailHtml, renderShortEmailText, escapeHtml, type EmailContent, type EmailBrand } from './layout.js';

export function createMailTransport(config: Pick<Config, 'mail'>): MailTransport {
  if (config.mail.transport === 'smtp') {
    if (!config.mail.smtpUrl) throw new Error('SMTP_URL is required when MAIL_TRANSPORT is smtp');
    return createSmtpTransport({ url: config.mail.smtpUrl });
  }
  return createBuiltinTransport();
}

export interface Mail {
  transport: MailTransport;
  worker: MailWorker;
  /** Starts the worker (after the app is ready). */
  start(): void;
  /** Stops the worker, then closes the transport's connections. */
  stop(): Promise<void>;
}

/** The queue's worker over a transport (made from configuration by createMailTransport, or a test's own). */
export function createMail(
  opts: { transport: MailTransport; db: Db; log?: MailLog } & Partial<
    Omit<MailWorkerOptions, 'db' | 'transport' | 'log'>
  >,
): Mail {
  const { transport, db, log, ...workerOptions } = opts;
  const worker = new MailWorker({ db, transport, log, ...workerOptions });
  return {
    transport,
    worker,
    start: () => worker.start(),
    async stop() {
      await worker.stop();
      await transport.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's mail transport and worker (tests drain the worker). */
    mail: Mail;
  }
}
