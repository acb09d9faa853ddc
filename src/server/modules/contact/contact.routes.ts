import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactInput, contactMessages as texts } from '../../../shared/contact.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { clientOf } from '../../client-address.js';
import { AppError, rateLimitError } from '../../errors.js';
import { brandedMail } from '../../adapters/mailer/branded.js';
import type { ContactRepository } from './contact.repository.js';

/** The contact form: stored first, then e-mailed to the team; a failed send keeps the row and says so. */
export async function contactRoutes(
  app: FastifyInstance,
  {
    messages,
    mailer,
    to,
    maxPerWindow = 5,
    limits,
  }: { messages: ContactRepository; mailer: Mailer; to: string; maxPerWindow?: number; limits: RateLimitStore },
) {
  await app.register(rateLimit, {
    ...limits('contact'),
    max: maxPerWindow,
    timeWindow: '10 minutes',
    keyGenerator: clientOf,
    errorResponseBuilder: rateLimitError(texts.tooMany),
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/contact', { schema: { body: ContactInput } }, async (req, reply) => {
      const input = req.body;
      // The honeypot: answer like a success, keep and send nothing.
      if (input.website) return reply.status(202).send({ ok: true });
      const { website: _honeypot, ...message } = input;
      const id = await messages.insert(message);
      const header = [
        `From: ${input.name} <${input.email}>`,
        input.phone && `Phone: ${input.phone}`,
        input.company && `Company: ${input.company}`,
        `Subject: ${input.subject}`,
      ].filter(Boolean);
      try {
        await mailer.send(
          brandedMail({
            to,
            replyTo: input.email,
            subject: `[Contact] ${input.subject} from ${input.name}`,
            paragraphs: [header.join('\n'), input.message],
            note: 'Sent from the contact form. Reply to this e-mail to answer the sender.',
          }),
        );
      } catch (err) {
        req.log.error({ err }, 'contact message stored but not e-mailed');
        throw new AppError(502, texts.sendFailed);
      }
      await messages.markDelivered(id);
      return reply.status(202).send({ ok: true });
    });
}
