import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { handleWebhook } from './payments-webhook.js';

const tags = ['checkout'];

export async function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  // The payments provider's webhook: signed by the provider over the raw body, so this route
  // reads the body as bytes (its own content-type parser, in its own plugin scope).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The payments provider’s webhook (signature checked): a paid checkout session completes its order',
          description:
            'Called by the payments provider (Stripe), signed in the `Stripe-Signature` header over the raw body; no bearer token. ' +
            '404 while the built-in payments provider is configured.',
          consumes: ['application/json'],
          response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBody, 404: ErrorBody, 503: ErrorBody },
        },
      },
      async (req) => handleWebhook(ctx, req.body as Buffer, req.headers['stripe-signature'] as string | undefined),
    );
  });
}
