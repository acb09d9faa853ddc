import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../../shared/html.js';
import { reportMessages, ReportSettings, ReportSettingsInput } from '../../../shared/reports.js';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { routeLimit } from '../../route-limit.js';
import type { RequireUser } from '../auth/require-user.js';
import type { ReportsService } from './reports.service.js';

const UNSUBSCRIBE_PATH = '/unsubscribe/weekly-report';

/** A small page of its own (the link works without the web app or a session), light and dark. */
function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | AdReplay</title>
<style>
:root{color-scheme:light dark;--bg:#f1f5f9;--card:#fff;--text:#0f172a;--muted:#475569;--brand:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--card:#1e293b;--text:#f1f5f9;--muted:#cbd5e1;--brand:#93c5fd}}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif}
main{max-width:520px;margin:48px auto;padding:0 16px}
.card{background:var(--card);border-radius:12px;padding:24px}
.brand{font-weight:700;font-size:20px;color:var(--brand);margin:0 0 16px}
h1{font-size:22px;margin:0 0 12px}p{margin:0 0 16px;color:var(--muted)}
button{font:inherit;font-weight:600;background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:10px 20px;min-height:44px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
a{color:var(--brand)}
</style></head><body><main><div class="card"><p class="brand">AdReplay</p>${body}</div></main></body></html>`;
}

const Query = z.object({ user: z.string().max(200).optional(), sig: z.string().max(200).optional() });

/**
 * The weekly report: the owner's settings and 'send it now' (signed in), and the unsubscribe link (signed with
 * the app secret, no sign-in). GET shows a button; POST unsubscribes, the button's and RFC 8058's one-click
 * (mail providers POST `List-Unsubscribe=One-Click`): a link scanner that opens every link changes nothing.
 */
export async function reportsRoutes(
  plain: FastifyInstance,
  { reports, requireUser, limits }: { reports: ReportsService; requireUser: RequireUser; limits: RateLimitStore },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // One-click POSTs come as a form (either encoding); the body says nothing the address does not.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  const settingsRoute = { preHandler: requireUser };
  app.get('/api/my/report-settings', { ...settingsRoute, schema: { response: { 200: ReportSettings } } }, (req) =>
    reports.settings(req.user!.id),
  );
  app.put(
    '/api/my/report-settings',
    { ...settingsRoute, schema: { body: ReportSettingsInput, response: { 200: ReportSettings } } },
    (req) => reports.updateSettings(req.user!.id, req.body),
  );
  // A report now and then on request; not a way to fill one's own mailbox (or the mail server's quota).
  const sendNowLimit = await routeLimit(app, limits, 'report-send-now', {
    max: 5,
    timeWindow: '1 hour',
    keyOf: (req) => req.user!.id,
    message: reportMessages.tooMany,
  });
  app.post('/api/my/report-settings/send-now', { preHandler: [requireUser, sendNowLimit] }, (req) =>
    reports.sendNow(req.user!.id),
  );

  const answer = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Referrer-Policy', 'no-referrer')
      .send(html);
  const refused = (reply: FastifyReply) =>
    answer(
      reply,
      400,
      page(
        'Link not valid',
        `<h1>This link is not valid</h1><p>${escapeHtml(reportMessages.badUnsubscribeLink)}</p><p><a href="/login">Sign in</a></p>`,
      ),
    );

  app.get(UNSUBSCRIBE_PATH, { schema: { querystring: Query } }, async (req, reply) => {
    const { user, sig } = req.query;
    if (!reports.validSignature(user, sig)) return refused(reply);
    const action = `${UNSUBSCRIBE_PATH}?user=${encodeURIComponent(user)}&sig=${encodeURIComponent(sig!)}`;
    return answer(
      reply,
      200,
      page(
        'Unsubscribe',
        `<h1>Stop the weekly report?</h1><p>You will no longer get the Monday e-mail with your ads' figures. You can turn it on again in Settings.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });

  app.post(UNSUBSCRIBE_PATH, { schema: { querystring: Query } }, async (req, reply) => {
    const { user, sig } = req.query;
    if (!(await reports.unsubscribe(user, sig))) return refused(reply);
    return answer(
      reply,
      200,
      page(
        'Unsubscribed',
        `<h1>You are unsubscribed</h1><p>${escapeHtml(reportMessages.unsubscribed)} Changed your mind? Turn it on again in <a href="/dashboard/settings">Settings</a>.</p>`,
      ),
    );
  });
}
