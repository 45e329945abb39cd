/**
 * E-mail: what a transport does, and the checks every header value passes. Messages are
 * queued in mail_outbox (queue.ts) and handed to a transport by the worker (worker.ts).
 */

/** A queued message as the worker hands it to a transport. */
export interface OutgoingMail {
  /** mail_outbox.id: stable across retries, used to build the Message-ID. */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface SendResult {
  /** The Message-ID the transport used (recorded as provider_message_id). */
  messageId: string | null;
}

export interface MailTransport {
  /** Recorded in mail_outbox.transport. */
  readonly name: 'builtin' | 'smtp';
  send(message: OutgoingMail): Promise<SendResult>;
  close(): Promise<void>;
}

/** A failure that retrying cannot fix (a malformed header): the message is marked failed at once. */
export class PermanentMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentMailError';
  }
}

const LINE_BREAK = /[\r\n]/;
/** One bare address: no display name, no list, no whitespace or line break. */
const BARE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;

export type HeaderProblem = { field: 'to' | 'from' | 'subject'; message: string };

/**
 * Header values must not contain CR or LF (they would start a new header: "Bcc: ..."), and
 * `to` must be exactly one bare address. Returns the first problem, or null.
 */
export function findHeaderProblem(m: { to: string; from: string; subject: string }): HeaderProblem | null {
  for (const field of ['to', 'from', 'subject'] as const) {
    if (typeof m[field] !== 'string' || LINE_BREAK.test(m[field])) {
      return { field, message: 'must not contain line breaks' };
    }
  }
  if (!BARE_ADDRESS.test(m.to) || m.to.length > 254) return { field: 'to', message: 'must be one e-mail address' };
  if (m.subject.trim() === '') return { field: 'subject', message: 'must not be empty' };
  if (m.subject.length > 500) return { field: 'subject', message: 'must be at most 500 characters' };
  return null;
}

/** C0/C1 control characters (CR, LF, NUL…) and the Unicode line/paragraph separators. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;

/** Collapses line breaks and other control characters: for user text placed in a header. */
export function oneLine(value: string): string {
  return value
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
