/**
 * The public API's paths and the upload example shown on /partners and /docs/integration. Free of
 * zod, so the marketing pages stay light; an API test sends exactly what the example's text says.
 */
export const API_V1 = '/api/v1';
export const OPENAPI_PATH = `${API_V1}/openapi.json`;
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
