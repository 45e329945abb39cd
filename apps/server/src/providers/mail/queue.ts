/**
 * The mail queue's front door. `enqueueMail` inserts into mail_outbox with the caller's
 * database handle — pass the transaction, and the message commits (or rolls back) with the
 * change that caused it. After the commit, `wakeMailWorkers()` lets this process's worker
 * send it at once instead of at its next poll.
 */
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { fieldError } from '../../lib/errors.js';
import { findHeaderProblem } from './interface.js';

export interface NewMail {
  /** What the message is about: invite, tracking, ... */
  kind: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  organizationId?: string | null;
}

/** Stores the message as `queued`; a header with CR/LF (or a bad recipient) is a 400 naming it. */
export async function enqueueMail(db: DbOrTx, message: NewMail): Promise<string> {
  const problem = findHeaderProblem(message);
  if (problem) throw fieldError(problem.field, problem.message);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: message.kind,
      organizationId: message.organizationId ?? null,
      toEmail: message.to,
      fromEmail: message.from,
      subject: message.subject,
      html: message.html,
      text: message.text,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

const wakeListeners = new Set<() => void>();

/** Tells the workers of this process that messages were committed (other processes poll). */
export function wakeMailWorkers(): void {
  for (const listener of wakeListeners) listener();
}

/** Used by the worker; returns the unsubscribe function. */
export function onMailQueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}
