import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  API_REQUESTS_PER_MINUTE,
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  MAX_API_KEYS,
} from '../../../shared/api-keys';
import { CATEGORIES } from '../../../shared/categories';
import {
  AUDIO_FORMATS_TEXT,
  AUDIO_MAX_MB,
  AUDIO_MAX_SECONDS,
  LOGO_FORMATS_TEXT,
  LOGO_MAX_MB,
} from '../../../shared/limits';
import { EMBED_HEIGHT, EMBED_WIDTH, embedCode, embedUrl } from '../../../shared/embed';
import {
  AD_ID_VARIABLE,
  AD_SLUG_VARIABLE,
  API_V1,
  PAGE_DEFAULT,
  PAGE_MAX,
  integrationExamples,
  OPENAPI_PATH,
  type Example,
  type IntegrationExamples,
  typedClientExample,
} from '../../../shared/partner-api';
import { CodeBlock } from '../../components/ui/code-block';
import { PageHero } from '../../features/marketing/blocks';
import { adListQuery } from '../../features/ads/api/ads';
import { myAdQueries } from '../../features/ads/api/my-ads';
import { useSession } from '../../features/auth/api/session';
import { appConfig } from '../../lib/app-config';
import { usePageMeta } from '../../lib/page-meta';
import { TableHead } from '../../components/ui/table-head';
import { WEBHOOK_EVENTS } from '../../../shared/webhooks';

const origin = appConfig.publicOrigin;
/** The embed example's slug while no real ad is known: a placeholder its text says to replace. */
const SLUG_PLACEHOLDER = 'your-ad-slug';

const TOC = [
  ['keys', 'Get an API key'],
  ['endpoints', 'Endpoints'],
  ['fields', 'Ad fields and files'],
  ['errors', 'Errors'],
  ['retries', 'Safe retries'],
  ['limits', 'Rate limits'],
  ['webhooks', 'Webhooks'],
  ['embed', 'Embed the player'],
  ['oembed', 'oEmbed'],
  ['openapi', 'OpenAPI document'],
] as const;

function DocSection({ id, children }: { id: (typeof TOC)[number][0]; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="scroll-mt-6 border-t border-slate-200 pt-10">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {TOC.find(([key]) => key === id)![1]}
      </h2>
      <div className="mt-4 space-y-4 text-slate-800">{children}</div>
    </section>
  );
}

/** The endpoints after creating, each with its example (they run in this order). */
const ENDPOINTS: { method: string; path: string; text: string; example: (e: IntegrationExamples) => Example }[] = [
  {
    method: 'GET',
    path: `${API_V1}/ads`,
    text: `Your ads, newest first, active or not, a page at a time: { "ads": [...], "count": n, "nextCursor": "..." }. A page holds ${PAGE_DEFAULT} ads unless you pass limit (1 to ${PAGE_MAX}); nextCursor is null on the last page. The stations and a station’s airings page the same way.`,
    example: (e) => e.list,
  },
  {
    method: 'GET',
    path: `${API_V1}/ads?limit=&cursor=`,
    text: 'The next page: pass the previous page’s nextCursor, unchanged, as cursor, until nextCursor is null. Every ad appears on exactly one page, even when ads are added or deleted in between; a cursor the list did not give answers 400.',
    example: (e) => e.page,
  },
  {
    method: 'GET',
    path: `${API_V1}/ads/{id}`,
    text: 'One of your ads. Another advertiser’s id answers 404, like an id that does not exist.',
    example: (e) => e.get,
  },
  {
    method: 'PATCH',
    path: `${API_V1}/ads/{id}`,
    text: 'Changes only the fields you send; every other field stays as it is. Send JSON, where null clears location, description, website_url, phone, transcript or logo (this example sets the description and clears the phone number), or multipart form data when you send files (an empty field clears). The same rules and messages as creating apply. Answers the updated ad.',
    example: (e) => e.patchJson,
  },
  {
    method: 'PATCH',
    path: `${API_V1}/ads/{id}`,
    text: 'With files: this one replaces the logo and takes the ad off the public listings, and changes nothing else.',
    example: (e) => e.patchForm,
  },
  {
    method: 'PUT',
    path: `${API_V1}/ads/{id}`,
    text: 'A full replace, as the dashboard’s form saves: a field left out is cleared and is_active returns to true, so send every field you want to keep (prefer PATCH). Files are optional; those you send replace the stored ones.',
    example: (e) => e.put,
  },
  {
    method: 'GET',
    path: `${API_V1}/ads/{id}/analytics?period=7d|30d|90d|all`,
    text: 'Plays, clicks, shares, QR scans and listeners over whole UTC days (30d when no period is given), per day, per source (direct, qr, embed, share, listen or the referring site) and per device: the figures of your Analytics page.',
    example: (e) => e.analytics,
  },
  {
    method: 'POST',
    path: `${API_V1}/identify`,
    text: `Which ad a recording is: send up to 60 seconds of what aired as the file field (${AUDIO_FORMATS_TEXT}). Answers { "match", "candidates" }: the published, active ad it comes from, with its slug, a confidence from 0 to 1 and where in the ad the recording starts, or a null match. The recording is not kept.`,
    example: (e) => e.identify,
  },
  {
    method: 'DELETE',
    path: `${API_V1}/ads/{id}`,
    text: 'Deletes the ad and its files. Answers 204 with no body.',
    example: (e) => e.remove,
  },
];

const ERRORS: [number, string][] = [
  [
    400,
    "A field breaks a rule, or the audio is missing; the message says which ('Title must be at least 3 characters').",
  ],
  [401, 'No key, a malformed key, or a revoked one.'],
  [403, "Your plan's monthly ad limit is reached ('You have reached your ad creation limit for this month')."],
  [404, 'No such ad among yours, or no such endpoint.'],
  [409, 'A request with the same Idempotency-Key is still being processed.'],
  [413, "A file is over its limit ('File size exceeds 10MB limit.')."],
  [415, "A file is not what its field needs ('Invalid file type. Please select a audio file.')."],
  [422, 'An Idempotency-Key already used with a different request.'],
  [429, `More than ${API_REQUESTS_PER_MINUTE} requests in a minute with one key.`],
];

/** A signed-in reader's newest ad, so the examples show their own id and slug. */
function useExampleAd() {
  const { user } = useSession();
  const mine = useQuery({ ...myAdQueries.ads(), enabled: user !== null });
  const ad = user ? mine.data?.ads[0] : undefined;
  return ad ? { id: ad.id, slug: ad.slug, title: ad.title } : undefined;
}

/**
 * The ad of the embed example, so its code plays as shown: the reader's newest, else the directory's newest
 * public ad; none (a placeholder then) while neither is known.
 */
function useEmbedAd(exampleAd: { slug: string; title: string } | undefined) {
  const newest = useQuery({ ...adListQuery({ limit: 1 }), enabled: exampleAd === undefined });
  const ad = exampleAd ?? newest.data?.ads[0];
  return ad ? { slug: ad.slug, title: ad.title } : undefined;
}

function ExampleBlock({ example }: { example: Example }) {
  return <CodeBlock label={example.label} code={example.code} copiedMessage="Example copied to clipboard" />;
}

export default function IntegrationDocsPage() {
  usePageMeta('/docs/integration');
  const exampleAd = useExampleAd();
  const embedAd = useEmbedAd(exampleAd);
  const examples = integrationExamples(origin, exampleAd);
  const code = 'rounded bg-slate-100 px-1 py-0.5 text-sm';
  return (
    <>
      <PageHero title="Integration guide">
        Upload and manage ads from your own systems with the REST API, and put any ad’s player on your site.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-6 lg:self-start">
          <ul className="space-y-2 text-sm">
            {TOC.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}-heading`} className="text-brand-700 underline">
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-10">
          <DocSection id="keys">
            <ol className="list-decimal space-y-2 pl-5">
              <li>
                <Link to="/signup" className="text-brand-700 underline">
                  Create an account
                </Link>{' '}
                or log in.
              </li>
              <li>
                Open{' '}
                <Link to="/dashboard/settings" className="text-brand-700 underline">
                  Settings
                </Link>
                , find API Keys, give the key a name (say, your traffic system) and press Create Key.
              </li>
              <li>
                Copy the key (it starts with <code className={code}>adr_</code>). It is shown this once: we keep only a
                fingerprint of it. Lost it? Revoke it and create another; you can hold {MAX_API_KEYS} at a time.
              </li>
            </ol>
            <p>
              Send it with every request as <code className={code}>Authorization: Bearer &lt;key&gt;</code>. The
              examples read it from a shell variable:
            </p>
            <ExampleBlock example={examples.key} />
            <p>
              A key acts as you, on your ads only, and only on this API: it cannot sign in to the dashboard or manage
              keys. Keep it on your servers, never in a web page.
            </p>
          </DocSection>

          <DocSection id="endpoints">
            <p>
              All paths are under <code className={code}>{`${origin}${API_V1}`}</code> and answer JSON.
            </p>
            <article className="space-y-3">
              <h3 className="font-semibold">
                <code>POST {API_V1}/ads</code>
              </h3>
              <p>
                Creates an ad from the fields and files of the dashboard’s form, as multipart form data, and answers 201
                with the ad (its page is <code className={code}>{`${origin}/ad/{slug}`}</code>). It counts towards your
                plan’s monthly limit. This example runs as it is, with <code className={code}>spot.mp3</code> and{' '}
                <code className={code}>logo.png</code> in the current folder:
              </p>
              <ExampleBlock example={examples.create} />
              <p>
                The examples below work on one ad, by its id (<code className={code}>${AD_ID_VARIABLE}</code>) and slug
                (<code className={code}>${AD_SLUG_VARIABLE}</code>).{' '}
                {exampleAd
                  ? 'They are set to your newest ad:'
                  : 'Set them from your newest ad, the one just created (or log in to see your own ad’s values here):'}
              </p>
              <ExampleBlock example={examples.useAd} />
            </article>
            {ENDPOINTS.map((e) => (
              <article key={e.example(examples).label} className="space-y-3">
                <h3 className="font-semibold">
                  <code>
                    {e.method} {e.path}
                  </code>
                </h3>
                <p>{e.text}</p>
                <ExampleBlock example={e.example(examples)} />
              </article>
            ))}
          </DocSection>

          <DocSection id="fields">
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <code className={code}>title</code> (required): at least 3 characters.
              </li>
              <li>
                <code className={code}>business_name</code> (required).
              </li>
              <li>
                <code className={code}>category</code> (required): one of {CATEGORIES.join(', ')}.
              </li>
              <li>
                <code className={code}>location</code>, <code className={code}>description</code>,{' '}
                <code className={code}>phone</code> (optional); <code className={code}>website_url</code> (optional, a
                full http(s) URL).
              </li>
              <li>
                <code className={code}>is_active</code>: <code className={code}>true</code> (the default) or{' '}
                <code className={code}>false</code> to keep the ad off the public listings.
              </li>
              <li>
                <code className={code}>audio</code>: {AUDIO_FORMATS_TEXT} of at most {AUDIO_MAX_MB} MB and{' '}
                {AUDIO_MAX_SECONDS / 60} minutes, required when creating. <code className={code}>logo</code>:{' '}
                {LOGO_FORMATS_TEXT} of at most {LOGO_MAX_MB} MB, optional. Files are checked by their content, not their
                names.
              </li>
            </ul>
          </DocSection>

          <DocSection id="errors">
            <p>
              Every error answers JSON with the status, a stable <code className={code}>code</code> for programs to
              match on, the status’s name and a message meant for people:
            </p>
            <CodeBlock
              label="Error body"
              code={JSON.stringify(
                {
                  statusCode: 400,
                  code: 'VALIDATION_FAILED',
                  error: 'Bad Request',
                  message: 'title: Title must be at least 3 characters',
                },
                null,
                2,
              )}
              copiedMessage="Example copied to clipboard"
            />
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Status codes</caption>
              <TableHead cell="py-2 pr-4 last:pr-0" columns={['Status', 'When']} />
              <tbody>
                {ERRORS.map(([status, when]) => (
                  <tr key={status} className="border-t border-slate-200">
                    <td className="py-2 pr-4 font-mono">{status}</td>
                    <td className="py-2">{when}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DocSection>

          <DocSection id="retries">
            <p>
              A POST that timed out may have been done or not. Send an <code className={code}>Idempotency-Key</code>{' '}
              header (any unique text of up to 255 characters, e.g. your order number) and retry with the same key and
              the same request: the first answer comes back again, with{' '}
              <code className={code}>{IDEMPOTENT_REPLAYED_HEADER}: true</code>, and nothing is created twice. The same
              key with a different request answers 422; while the first request still runs, 409. Keys are kept{' '}
              {IDEMPOTENCY_KEEP_HOURS} hours.
            </p>
            <ExampleBlock example={examples.idempotent} />
          </DocSection>

          <DocSection id="limits">
            <p>
              Each key may make {API_REQUESTS_PER_MINUTE} requests a minute, refused ones (400, 404) included. Every
              answer to a request with a valid key carries the IETF draft’s{' '}
              <code className={code}>RateLimit-Policy</code> (
              <code className={code}>
                &quot;per-key&quot;;q=
                {API_REQUESTS_PER_MINUTE};w=60
              </code>
              : the quota and its window in seconds) and <code className={code}>RateLimit</code> (
              <code className={code}>&quot;per-key&quot;;r=42;t=17</code>: the requests left and the seconds until the
              window resets), plus the older <code className={code}>x-ratelimit-*</code> headers; past the limit the
              answer is 429 with <code className={code}>Retry-After</code> in seconds. A 401 (no key, or one that is not
              valid) carries none: no key’s limit applies to it. Uploads also count towards your plan’s monthly ad
              limit, as in the dashboard.
            </p>
          </DocSection>

          <DocSection id="webhooks">
            <p>
              Instead of asking again and again, let AdReplay tell you: register an endpoint in{' '}
              <strong>Settings → Webhooks</strong> or with <code className={code}>POST /api/v1/webhooks</code> (
              <code className={code}>{'{"url": "https://...", "events": ["ad.created"]}'}</code>). The answer carries
              the endpoint&apos;s signing secret, <code className={code}>whsec_...</code>, shown only then. Events:{' '}
              {WEBHOOK_EVENTS.map((e, i) => (
                <span key={e}>
                  {i > 0 && ', '}
                  <code className={code}>{e}</code>
                </span>
              ))}
              .
            </p>
            <p>
              Each delivery is a JSON POST <code className={code}>{'{"type", "timestamp", "data"}'}</code> signed as the{' '}
              <a href="https://www.standardwebhooks.com/" className="text-brand-700 underline">
                Standard Webhooks
              </a>{' '}
              specification says (<code className={code}>webhook-id</code>,{' '}
              <code className={code}>webhook-timestamp</code>, <code className={code}>webhook-signature</code>), so its
              libraries verify it with your secret. Answer with a 2xx within 10 seconds; anything else, a redirect too,
              is retried for about 24 hours, and an endpoint failing for 3 days is disabled and you are e-mailed. Each
              attempt is in the endpoint&apos;s delivery log (
              <code className={code}>GET /api/v1/webhooks/{'{id}'}/deliveries</code>
              ), with Resend and a test event, which reach a disabled endpoint too. Zapier, Make and n8n subscribe the
              same way (REST hooks). Endpoints must be public addresses: private, loopback and link-local ones are
              refused.
            </p>
            <p>
              To register an endpoint from your own systems, keep your receiver’s public address in a variable (replace
              the example’s with yours):
            </p>
            <ExampleBlock example={examples.webhookUrl} />
            <p>
              Then register it for the events you want. The answer (201) is the endpoint with its{' '}
              <code className={code}>secret</code>: keep it, it is not shown again.
            </p>
            <ExampleBlock example={examples.webhookRegister} />
            <p>
              A receiver checks each delivery with the secret before trusting it. In Node.js, the Standard Webhooks
              library does it in one call; this one prints each event and answers 204:
            </p>
            <ExampleBlock example={examples.webhookReceive} />
          </DocSection>

          <DocSection id="embed">
            <p>
              Every ad has a player for other sites at <code className={code}>{embedUrl(origin, '{slug}')}</code>. Add{' '}
              <code className={code}>?theme=dark</code> for dark pages. The Embed button on each ad page gives you the
              code, like this ({EMBED_WIDTH} × {EMBED_HEIGHT} pixels; it narrows with its container)
              {embedAd ? (
                <>
                  {' '}
                  for {exampleAd ? 'your newest ad' : 'the newest ad in the directory'}, {embedAd.title}:
                </>
              ) : (
                <>
                  ; replace <code className={code}>{SLUG_PLACEHOLDER}</code> with your ad’s slug, the end of its page’s
                  address:
                </>
              )}
            </p>
            <CodeBlock
              label="Embed code"
              code={embedCode({
                origin,
                slug: embedAd?.slug ?? SLUG_PLACEHOLDER,
                title: embedAd?.title ?? 'Your ad',
              })}
              copiedMessage="Embed code copied to clipboard"
            />
            <p>
              Plays in the player count like plays on the ad page, with the source <em>embed</em> in your analytics; its
              Listen on AdReplay link opens the full ad page.
            </p>
          </DocSection>

          <DocSection id="oembed">
            <p>
              Sites and editors that speak oEmbed turn a pasted ad link into the player by themselves: each ad page
              announces the endpoint in its head. Ask it directly with the page’s address (and optionally{' '}
              <code className={code}>maxwidth</code>, <code className={code}>maxheight</code>):
            </p>
            <ExampleBlock example={examples.oembed} />
            <p>
              It answers a <code className={code}>rich</code> embed with the iframe code, its size, the ad’s title,
              provider AdReplay and the logo as thumbnail; 404 for addresses that are not an ad page, 501 for{' '}
              <code className={code}>format=xml</code> (only JSON is offered).
            </p>
          </DocSection>

          <DocSection id="openapi">
            <p>
              The whole API is described in an OpenAPI 3.1 document, made from the same rules the server checks requests
              with. Load it into your API client or code generator:{' '}
              <a href={`${origin}${OPENAPI_PATH}`} className="text-brand-700 underline">
                {`${origin}${OPENAPI_PATH}`}
              </a>
              .
            </p>
            <p>
              In TypeScript, openapi-typescript turns it into types and openapi-fetch into a client that checks paths,
              parameters and answers as you type:
            </p>
            <CodeBlock
              label="Typed client (TypeScript)"
              code={typedClientExample(origin)}
              copiedMessage="Example copied to clipboard"
            />
          </DocSection>
        </div>
      </div>
    </>
  );
}
