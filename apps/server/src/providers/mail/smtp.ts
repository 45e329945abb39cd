/**
 * SMTP through nodemailer (SMTP_URL). A small connection pool; every message goes out as
 * multipart/alternative (text + HTML) with a Message-ID derived from its outbox id, so a
 * message retried after a lost answer keeps the same Message-ID. nodemailer is imported on the
 * first send (lib/load-package.ts): an install on the built-in transport never loads it.
 */
import type { Transporter } from 'nodemailer';
import { importOnce } from '../../lib/load-package.js';
import {
  findHeaderProblem,
  PermanentMailError,
  type MailTransport,
  type OutgoingMail,
  type SendResult,
} from './interface.js';

export interface SmtpTransportOptions {
  url: string;
  /** Simultaneous connections per process. */
  maxConnections?: number;
  /** Connect, greeting and socket inactivity limits; kept well under the worker's claim lock. */
  timeoutMs?: number;
}

/** The domain of a From value such as `Cratebase <no-reply@cratebase.example>`. */
function domainOf(from: string): string {
  const m = /@([^\s>]+)\s*>?\s*$/.exec(from);
  return m?.[1] ?? 'cratebase.invalid';
}

export function createSmtpTransport(opts: SmtpTransportOptions): MailTransport {
  const timeout = opts.timeoutMs ?? 30_000;
  let made: Transporter | undefined;
  const transport = importOnce(async () => {
    const { default: nodemailer } = await import('nodemailer');
    made = nodemailer.createTransport({
      url: opts.url,
      pool: true,
      maxConnections: opts.maxConnections ?? 3,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return made;
  });
  return {
    name: 'smtp',
    async send(message: OutgoingMail): Promise<SendResult> {
      // The queue refuses these already; a transport never trusts its input.
      const problem = findHeaderProblem(message);
      if (problem) throw new PermanentMailError(`${problem.field} ${problem.message}`);
      const transporter = await transport();
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@${domainOf(message.from)}>`,
        headers: { 'X-Cratebase-Message': message.id },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return { messageId: typeof info.messageId === 'string' ? info.messageId : null };
    },
    async close() {
      // Nothing to close when nothing was sent.
      made?.close();
    },
  };
}
