/**
 * Accounts of the built-in identity provider (`identity_accounts`): the OpenID subject is
 * the row id. Sign-up validates and creates; sign-in checks the password without revealing
 * whether the e-mail exists, and backs off per e-mail after repeated failures
 * (sign-in-throttle.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { identityAccounts } from './schema.js';
import {
  HashingBusyError,
  hashPassword,
  needsRehash,
  passwordHashingGate,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.js';
import {
  beginSignInAttempt,
  clearSignInFailures,
  systemClock,
  throttleMessage,
  type Clock,
} from './sign-in-throttle.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

export type IdentityAccount = typeof identityAccounts.$inferSelect;

export type AccountField = 'email' | 'password';

export interface FieldProblem {
  field: AccountField;
  message: string;
}

export interface Rejection {
  ok: false;
  /** Messages shown under their fields. */
  problems: FieldProblem[];
  /** One message for the whole form (shown once, above it), e.g. wrong credentials. */
  formError?: string;
  /** Fields to mark invalid without a message of their own. */
  invalidFields?: AccountField[];
}

/** Refused without hashing: the server is hashing as many passwords as it may (passwords.ts). */
export interface Busy {
  busy?: { retryAfterSeconds: number };
}

export type SignUpResult = { ok: true; account: IdentityAccount } | (Rejection & Busy & { emailTaken?: boolean });
export type SignInResult =
  | { ok: true; account: IdentityAccount }
  | (Rejection &
      Busy & {
        badCredentials?: boolean;
        /** Refused without checking the password: too many failures for this e-mail lately. */
        retryAfterSeconds?: number;
      });

export const MESSAGES = {
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters.`,
  passwordRequired: 'Enter your password.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  emailTaken: 'An account with this email already exists. Sign in instead.',
  badCredentials: 'Incorrect email or password.',
} as const;

/** "Many people are signing in right now. Please try again in 2 seconds." */
export function busyMessage(retryAfterSeconds: number): string {
  return `Many people are signing in right now. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
}

function busyRejection(err: HashingBusyError): Rejection & Required<Busy> {
  return {
    ok: false,
    problems: [],
    formError: busyMessage(err.retryAfterSeconds),
    busy: { retryAfterSeconds: err.retryAfterSeconds },
  };
}

/** Runs `work`, turning the hashing gate's refusal into the busy answer. */
async function unlessBusy<T>(work: () => Promise<T>): Promise<T | (Rejection & Required<Busy>)> {
  try {
    passwordHashingGate().assertRoom();
    return await work();
  } catch (err) {
    if (err instanceof HashingBusyError) return busyRejection(err);
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// No spaces, no control characters (a NUL would reach PostgreSQL), nothing that breaks an address header.
const EMAIL = /^[^\s\p{Cc}@<>()[\]\\,;:"]+@[^\s\p{Cc}@<>()[\]\\,;:"]+\.[^\s\p{Cc}@<>()[\]\\,;:".]{2,}$/u;

export function normalizeEmail(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toLowerCase() : '';
}

export function checkEmail(email: string): FieldProblem | null {
  if (email === '') return { field: 'email', message: MESSAGES.emailRequired };
  if (email.length > EMAIL_MAX_LENGTH) return { field: 'email', message: MESSAGES.emailTooLong };
  if (!EMAIL.test(email)) return { field: 'email', message: MESSAGES.emailInvalid };
  return null;
}

export function checkNewPassword(password: string): FieldProblem | null {
  if (password === '') return { field: 'password', message: MESSAGES.passwordRequired };
  if ([...password].length < PASSWORD_MIN_LENGTH) return { field: 'password', message: MESSAGES.passwordTooShort };
  if ([...password].length > PASSWORD_MAX_LENGTH) return { field: 'password', message: MESSAGES.passwordTooLong };
  return null;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (e?.code === '23505') return true;
  return e?.cause ? isUniqueViolation(e.cause) : false;
}

export async function findAccountById(db: Db, id: string): Promise<IdentityAccount | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(identityAccounts).where(eq(identityAccounts.id, id)).limit(1);
  return row;
}

export async function findAccountByEmail(db: Db, email: string): Promise<IdentityAccount | undefined> {
  const [row] = await db
    .select()
    .from(identityAccounts)
    .where(sql`lower(${identityAccounts.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export function signUp(db: Db, input: { email: unknown; password: unknown }): Promise<SignUpResult> {
  return unlessBusy(() => createAccount(db, input));
}

async function createAccount(db: Db, input: { email: unknown; password: unknown }): Promise<SignUpResult> {
  const email = normalizeEmail(input.email);
  const password = typeof input.password === 'string' ? input.password : '';
  const problems = [checkEmail(email), checkNewPassword(password)].filter((p): p is FieldProblem => p !== null);
  if (problems.length > 0) return { ok: false, problems };

  if (await findAccountByEmail(db, email)) {
    return { ok: false, emailTaken: true, problems: [{ field: 'email', message: MESSAGES.emailTaken }] };
  }
  const passwordHash = await hashPassword(password);
  try {
    const [account] = await db
      .insert(identityAccounts)
      .values({ email, passwordHash, lastSignInAt: new Date() })
      .returning();
    return { ok: true, account: account! };
  } catch (err) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) {
      return { ok: false, emailTaken: true, problems: [{ field: 'email', message: MESSAGES.emailTaken }] };
    }
    throw err;
  }
}

export function signIn(
  db: Db,
  input: { email: unknown; password: unknown },
  clock: Clock = systemClock,
): Promise<SignInResult> {
  return unlessBusy(() => checkCredentials(db, input, clock));
}

async function checkCredentials(
  db: Db,
  input: { email: unknown; password: unknown },
  clock: Clock,
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const password = typeof input.password === 'string' ? input.password : '';
  const problems: FieldProblem[] = [];
  const emailProblem = checkEmail(email);
  if (emailProblem) problems.push(emailProblem);
  if (password === '') problems.push({ field: 'password', message: MESSAGES.passwordRequired });
  if (problems.length > 0) return { ok: false, problems };

  const attempt = await beginSignInAttempt(db, email, clock());
  if (!attempt.allowed) {
    return {
      ok: false,
      problems: [],
      formError: throttleMessage(attempt.retryAfterSeconds),
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  }
  const badCredentials: SignInResult = {
    ok: false,
    badCredentials: true,
    problems: [],
    // From the fifth failure on, also say how long the next attempt must wait.
    formError:
      attempt.waitIfWrong > 0
        ? `${MESSAGES.badCredentials} ${throttleMessage(attempt.waitIfWrong)}`
        : MESSAGES.badCredentials,
    invalidFields: ['email', 'password'],
  };
  if (password.length > PASSWORD_MAX_LENGTH * 4) return badCredentials;

  const account = await findAccountByEmail(db, email);
  if (!account) {
    await verifyAgainstDummy(password);
    return badCredentials;
  }
  if (!(await verifyPassword(password, account.passwordHash))) return badCredentials;
  await clearSignInFailures(db, email);

  const update: Partial<IdentityAccount> = { lastSignInAt: new Date() };
  if (needsRehash(account.passwordHash)) update.passwordHash = await hashPassword(password);
  await db.update(identityAccounts).set(update).where(eq(identityAccounts.id, account.id));
  return { ok: true, account: { ...account, ...update } };
}
