import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ContactInput, contactMessages as texts } from '../../../shared/contact.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import { AppError, parseInput } from '../../errors.js';
import { escapeHtml } from '../seo/head.js';
import type { ContactRepository } from './contact.repository.js';

/** The contact form: stored first, then e-mailed to the team; a failed send keeps the row and says so. */
export async function contactRoutes(
  app: FastifyInstance,
  {
    messages,
    mailer,
    to,
    maxPerWindow = 5,
  }: { messages: ContactRepository; mailer: Mailer; to: string; maxPerWindow?: number },
) {
  await app.register(rateLimit, {
    max: maxPerWindow,
    timeWindow: '10 minutes',
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      error: 'Too Many Requests',
      message: texts.tooMany,
    }),
  });

  app.post('/api/contact', async (req, reply) => {
    const input = parseInput(ContactInput, req.body);
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
    const text = `${header.join('\n')}\n\n${input.message}`;
    try {
      await mailer.send({
        to,
        replyTo: input.email,
        subject: `[Contact] ${input.subject} from ${input.name}`,
        text,
        html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
      });
    } catch (err) {
      req.log.error({ err }, 'contact message stored but not e-mailed');
      throw new AppError(502, texts.sendFailed);
    }
    await messages.markDelivered(id);
    return reply.status(202).send({ ok: true });
  });
}
