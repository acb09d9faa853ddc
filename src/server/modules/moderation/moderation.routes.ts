import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActionInput,
  AuditResponse,
  moderationMessages as texts,
  OwnerModeration,
  QueueResponse,
  ReportInput,
  ReviewRequestInput,
} from '../../../shared/moderation.js';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { callerOf } from '../../caller.js';
import { ForbiddenError, rateLimitError } from '../../errors.js';
import { IdParams } from '../../route-schemas.js';
import type { RequireUser } from '../auth/require-user.js';
import type { Actor } from './moderation.repository.js';
import type { ModerationService } from './moderation.service.js';

const SlugParams = z.object({ slug: z.string().min(1).max(300, 'Ad not found') });
const AdIdParams = IdParams('Ad not found');
const UserIdParams = z.object({ id: z.string().min(1).max(200, 'Account not found') });
const AuditQuery = z.object({ before: z.coerce.number().int().positive().optional() });
const Ok = z.object({ ok: z.literal(true), message: z.string() });

/** Reports per client address and hour: enough for a listener, too few to hold ads by flooding. */
export const REPORTS_PER_HOUR = 10;

export async function moderationRoutes(
  app: FastifyInstance,
  deps: {
    moderation: ModerationService;
    requireUser: RequireUser;
    requireAdmin: RequireUser;
    limits: RateLimitStore;
    reportsPerHour?: number;
  },
) {
  const { moderation } = deps;

  // Public: a listener reports an ad, without an account.
  await app.register(async (plain) => {
    const reports = plain.withTypeProvider<ZodTypeProvider>();
    await reports.register(rateLimit, {
      ...deps.limits('reports'),
      max: deps.reportsPerHour ?? REPORTS_PER_HOUR,
      timeWindow: '1 hour',
      // Per client address (the trusted proxies' view of it), counted in memory or Redis, never stored.
      keyGenerator: (req) => req.ip,
      errorResponseBuilder: rateLimitError(texts.tooManyReports),
    });
    reports.post(
      '/api/ads/:slug/reports',
      { bodyLimit: 8192, schema: { params: SlugParams, body: ReportInput, response: { 201: Ok } } },
      async (req, reply) => {
        await moderation.report(req.params.slug, req.body, { ip: req.ip, ua: req.headers['user-agent'] ?? '' });
        return reply.status(201).send({ ok: true, message: texts.reported });
      },
    );
  });

  // The owner's side: the notices on their hidden ads, and one request for review of each decision.
  await app.register(async (plain) => {
    const owner = plain.withTypeProvider<ZodTypeProvider>();
    owner.addHook('preHandler', deps.requireUser);
    owner.get(
      '/api/my/moderation',
      { schema: { response: { 200: z.object({ notices: z.record(z.string(), OwnerModeration) }) } } },
      async (req) => ({ notices: Object.fromEntries(await moderation.noticesFor(callerOf(req).userId)) }),
    );
    // Whether this account may open /admin: asked before the moderators' routes, so the page refuses an
    // advertiser itself instead of through a 403 (the rule is requireAdmin's own).
    owner.get(
      '/api/my/moderator',
      { schema: { response: { 200: z.object({ moderator: z.boolean() }) } } },
      async (req, reply) => {
        try {
          await deps.requireAdmin(req, reply);
          return { moderator: true };
        } catch (err) {
          if (err instanceof ForbiddenError) return { moderator: false };
          throw err;
        }
      },
    );
    owner.post(
      '/api/my/ads/:id/review',
      { schema: { params: AdIdParams, body: ReviewRequestInput, response: { 200: Ok } } },
      async (req) => {
        await moderation.requestReview(req.params.id, callerOf(req).userId, req.body.message);
        return { ok: true as const, message: texts.reviewRequested };
      },
    );
  });

  // Moderators only: 401 without a session, 403 for an advertiser (require-admin.ts).
  await app.register(async (plain) => {
    const admin = plain.withTypeProvider<ZodTypeProvider>();
    admin.addHook('preHandler', deps.requireAdmin);
    const actorOf = (req: FastifyRequest): Actor => ({ id: req.user!.id, email: req.user!.email });

    admin.get('/api/admin/reports', { schema: { response: { 200: QueueResponse } } }, async () => ({
      items: await moderation.queue(),
    }));
    admin.get('/api/admin/audit', { schema: { querystring: AuditQuery, response: { 200: AuditResponse } } }, (req) =>
      moderation.auditLog(req.query.before),
    );

    const adAction = (path: string, act: (id: string, actor: Actor, reason: string) => Promise<unknown>) =>
      admin.post(
        `/api/admin/ads/:id/${path}`,
        { schema: { params: AdIdParams, body: ActionInput, response: { 200: z.object({ ok: z.literal(true) }) } } },
        async (req) => {
          await act(req.params.id, actorOf(req), req.body.reason);
          return { ok: true as const };
        },
      );
    adAction('dismiss', moderation.dismiss);
    adAction('take-down', moderation.takeDown);
    adAction('restore', moderation.restore);

    const userAction = (path: string, act: (id: string, actor: Actor, reason: string) => Promise<unknown>) =>
      admin.post(
        `/api/admin/users/:id/${path}`,
        { schema: { params: UserIdParams, body: ActionInput, response: { 200: z.object({ ok: z.literal(true) }) } } },
        async (req) => {
          await act(req.params.id, actorOf(req), req.body.reason);
          return { ok: true as const };
        },
      );
    userAction('suspend', moderation.suspend);
    userAction('reinstate', moderation.reinstate);
  });
}
