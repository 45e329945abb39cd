/**
 * The built-in transport: nothing leaves the machine. The message is already stored in
 * mail_outbox; delivering it means the worker marks it sent, and /dev/mailbox shows it.
 */
import {
  findHeaderProblem,
  PermanentMailError,
  type MailTransport,
  type OutgoingMail,
  type SendResult,
} from './interface.js';

export function createBuiltinTransport(): MailTransport {
  return {
    name: 'builtin',
    async send(message: OutgoingMail): Promise<SendResult> {
      const problem = findHeaderProblem(message);
      if (problem) throw new PermanentMailError(`${problem.field} ${problem.message}`);
      return { messageId: `<${message.id}@outbox.cratebase.invalid>` };
    },
    async close() {},
  };
}
