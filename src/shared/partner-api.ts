/**
 * The public API's paths and the upload example shown on /partners and /docs/integration. Free of
 * zod, so the marketing pages stay light; an API test sends exactly what the example's text says.
 */
export const API_V1 = '/api/v1';
export const OPENAPI_PATH = `${API_V1}/openapi.json`;
/** Items a page of a v1 list holds when `limit` is not given, and at most. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;
/** The environment variable the examples read the key from. */
export const API_KEY_VARIABLE = 'ADREPLAY_API_KEY';

/** The example's form fields, in the order the command sends them. */
export const PARTNER_UPLOAD_FIELDS = [
  ['title', 'Morning Drive Sponsor'],
  ['business_name', 'Sunrise Bakery'],
  ['category', 'Food & Dining'],
  ['location', 'Portland, OR'],
  ['description', 'Fresh bread every morning.'],
  ['website_url', 'https://sunrise-bakery.example.com'],
  ['phone', '(555) 010-1201'],
] as const;
/** The example's files: field and the local file name curl reads. */
export const PARTNER_UPLOAD_FILES = [
  ['audio', 'spot.mp3'],
  ['logo', 'logo.png'],
] as const;

/** A curl command line of the public API, continued over lines as a shell reads it. */
export function curlCommand(method: string, url: string, args: string[] = []): string {
  const head = `curl${method === 'GET' ? '' : ` -X ${method}`} ${url}`;
  return [head, `-H "Authorization: Bearer $${API_KEY_VARIABLE}"`, ...args].join(' \\\n  ');
}

/** The API upload example: one request creates an ad with its audio and logo. */
export function partnerUploadExample(origin: string): string {
  return curlCommand('POST', `${origin}${API_V1}/ads`, [
    // Text as --form-string: with -F, curl reads a value starting with '(' as a nested multipart part
    // (the phone number) and one starting with '@' or '<' as a file.
    ...PARTNER_UPLOAD_FIELDS.map(([name, value]) => `--form-string ${name}="${value}"`),
    ...PARTNER_UPLOAD_FILES.map(([name, file]) => `-F ${name}=@${file}`),
  ]);
}

/**
 * A typed client in TypeScript: openapi-typescript makes the types from the OpenAPI document, openapi-fetch
 * sends the requests. A test drives the app with the same loop.
 */
export function typedClientExample(origin: string) {
  return [
    `// npx openapi-typescript ${origin}${OPENAPI_PATH} -o adreplay-api.d.ts && npm install openapi-fetch`,
    `import createClient from 'openapi-fetch';`,
    `import type { paths } from './adreplay-api';`,
    '',
    `const api = createClient<paths>({`,
    `  baseUrl: '${origin}',`,
    `  headers: { Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\` },`,
    `});`,
    '',
    `// Every one of your ads, a page at a time.`,
    `let cursor: string | undefined;`,
    `do {`,
    `  const { data, error } = await api.GET('${API_V1}/ads', { params: { query: { limit: ${PAGE_MAX}, cursor } } });`,
    `  if (error) throw new Error(error.message);`,
    `  for (const ad of data.ads) console.log(ad.id, ad.title);`,
    `  cursor = data.nextCursor ?? undefined;`,
    `} while (cursor);`,
  ].join('\n');
}

/** The variables of the webhook examples: the receiver's address, and the secret its endpoint was given. */
export const WEBHOOK_URL_VARIABLE = 'ADREPLAY_WEBHOOK_URL';
export const WEBHOOK_SECRET_VARIABLE = 'ADREPLAY_WEBHOOK_SECRET';
/** The receiver's address in the guide: a placeholder the reader replaces with their own. */
export const WEBHOOK_URL_PLACEHOLDER = 'https://your-server.example/adreplay-webhook';

/**
 * A receiver of webhooks in Node.js that verifies each delivery with the Standard Webhooks library, as
 * docs/api.md and /docs/integration show it (tests run this text).
 */
export const WEBHOOK_RECEIVER_EXAMPLE = [
  `// receiver.mjs: npm install standardwebhooks, then ${WEBHOOK_SECRET_VARIABLE}=whsec_... node receiver.mjs`,
  `import { createServer } from 'node:http';`,
  `import { Webhook } from 'standardwebhooks';`,
  '',
  `const webhook = new Webhook(process.env.${WEBHOOK_SECRET_VARIABLE});`,
  '',
  'createServer((req, res) => {',
  `  let body = '';`,
  `  req.on('data', (chunk) => (body += chunk));`,
  `  req.on('end', () => {`,
  '    try {',
  '      // Throws unless the body was signed with your secret in the last 5 minutes.',
  '      const event = webhook.verify(body, req.headers);',
  '      console.log(event.type, JSON.stringify(event.data));',
  '      res.writeHead(204).end();',
  '    } catch {',
  '      res.writeHead(400).end();',
  '    }',
  '  });',
  '}).listen(process.env.PORT ?? 8080);',
].join('\n');

/** The shell variables the examples set and use, after the key's. */
export const AD_ID_VARIABLE = 'AD_ID';
export const AD_SLUG_VARIABLE = 'AD_SLUG';

/** An ad the examples work on: a signed-in reader's own, so they run as shown. */
export interface ExampleAd {
  id: string;
  slug: string;
}

/** One runnable example: what it does, and the commands. */
export interface Example {
  label: string;
  code: string;
}

/**
 * Every example of the integration guide, in the order a reader runs them. Each defines what it uses:
 * the key comes from the first, the ad's id and slug from `useAd` (the newest of your ads, read from the
 * list with sed; a signed-in reader sees their own ad's values instead). Tests run each one verbatim.
 */
export function integrationExamples(origin: string, ad?: ExampleAd) {
  const ads = `${origin}${API_V1}/ads`;
  const id = `$${AD_ID_VARIABLE}`;
  const auth = `-H "Authorization: Bearer $${API_KEY_VARIABLE}"`;
  const example = (label: string, code: string): Example => ({ label, code });
  return {
    key: example('Keep the key in a variable', `export ${API_KEY_VARIABLE}="adr_..."`),
    create: example('Upload an ad with the API', partnerUploadExample(origin)),
    useAd: example(
      'Keep the ad’s id and slug in variables',
      ad
        ? `${AD_ID_VARIABLE}="${ad.id}"\n${AD_SLUG_VARIABLE}="${ad.slug}"`
        : [
            `# The newest of your ads (the one just created): its id and slug from the list`,
            `${AD_ID_VARIABLE}=$(curl -s ${ads} ${auth} | sed -n 's/^{"ads":\\[{"id":"\\([^"]*\\)".*/\\1/p')`,
            `${AD_SLUG_VARIABLE}=$(curl -s ${ads}/${id} ${auth} | sed -n 's/.*"slug":"\\([^"]*\\)".*/\\1/p')`,
            `echo "$${AD_ID_VARIABLE} $${AD_SLUG_VARIABLE}"`,
          ].join('\n'),
    ),
    list: example('GET example', curlCommand('GET', ads)),
    page: example(
      'Every ad, page by page',
      [
        `# One ad a page to show the paging (limit: 1 to ${PAGE_MAX}, ${PAGE_DEFAULT} when left out)`,
        'CURSOR=""',
        'while :; do',
        `  PAGE=$(curl -s "${ads}?limit=1\${CURSOR:+&cursor=$CURSOR}" \\\n    ${auth})`,
        '  echo "$PAGE"',
        `  CURSOR=$(echo "$PAGE" | sed -n 's/.*"nextCursor":"\\([^"]*\\)".*/\\1/p')`,
        '  [ -n "$CURSOR" ] || break',
        'done',
      ].join('\n'),
    ),
    get: example('GET one example', curlCommand('GET', `${ads}/${id}`)),
    patchJson: example(
      'PATCH example (JSON)',
      curlCommand('PATCH', `${ads}/${id}`, [
        '-H "Content-Type: application/json"',
        `-d '{"description": "Fresh bread and pastries every morning.", "phone": null}'`,
      ]),
    ),
    patchForm: example(
      'PATCH example (a new logo)',
      curlCommand('PATCH', `${ads}/${id}`, ['-F logo=@logo.png', '--form-string is_active=false']),
    ),
    put: example(
      'PUT example',
      curlCommand('PUT', `${ads}/${id}`, [
        ...PARTNER_UPLOAD_FIELDS.map(([name, value]) => `--form-string ${name}="${value}"`),
        '--form-string is_active=true',
      ]),
    ),
    analytics: example('Analytics example', curlCommand('GET', `"${ads}/${id}/analytics?period=7d"`)),
    identify: example('Identify example', curlCommand('POST', `${origin}${API_V1}/identify`, ['-F file=@aired.mp3'])),
    idempotent: example(
      'A create that may be retried',
      partnerUploadExample(origin).replace('\n', `\n  -H "Idempotency-Key: sunrise-morning-drive-2026-01" \\\n`),
    ),
    oembed: example(
      'oEmbed request',
      `curl -G ${origin}/oembed --data-urlencode "url=${origin}/ad/$${AD_SLUG_VARIABLE}" -d maxwidth=400`,
    ),
    remove: example('DELETE example', curlCommand('DELETE', `${ads}/${id}`)),
    webhookUrl: example(
      'Keep your receiver’s address in a variable',
      `export ${WEBHOOK_URL_VARIABLE}="${WEBHOOK_URL_PLACEHOLDER}"`,
    ),
    webhookRegister: example(
      'Register a webhook endpoint',
      curlCommand('POST', `${origin}${API_V1}/webhooks`, [
        '-H "Content-Type: application/json"',
        `-d "{\\"url\\": \\"$${WEBHOOK_URL_VARIABLE}\\", \\"events\\": [\\"ad.updated\\", \\"ad.deleted\\"]}"`,
      ]),
    ),
    webhookReceive: example('Verify each delivery (Node.js)', WEBHOOK_RECEIVER_EXAMPLE),
  };
}
export type IntegrationExamples = ReturnType<typeof integrationExamples>;
