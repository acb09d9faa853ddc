import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { hostNameOf } from './host-names.js';

/**
 * The only reader of process.env. Parsed once at boot; a bad value stops start-up
 * with a message naming every offending variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0'], { error: "must be 'true' or 'false'" })
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for the private ranges, accepted among the addresses. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrRange = (v: string) => NAMED_RANGES.includes(v) || ipaddr.isValid(v) || (v.includes('/') && isCidr(v));
function isCidr(v: string): boolean {
  try {
    ipaddr.parseCIDR(v);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which hops in front of the app may say who the client is (Fastify's trustProxy): false, a hop count,
 * or the proxies' addresses and ranges. `true` is one hop, the load balancer in front: trusting every
 * hop would take the left-most X-Forwarded-For entry, which the client writes itself.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === 'false') return false;
    if (v === 'true') return 1;
    if (/^\d+$/.test(v)) return Number(v) || false;
    const list = v.split(',').map((a) => a.trim());
    if (list.every(isAddressOrRange)) return list;
    ctx.addIssue({
      code: 'custom',
      message: "must be 'true', 'false', a hop count, or comma-separated proxy addresses or CIDR ranges",
    });
    return z.NEVER;
  });

/** Host names besides PUBLIC_ORIGIN's that the app answers (host-names.ts): names or addresses, no port. */
const allowedHosts = z
  .string()
  .trim()
  .transform((v, ctx): string[] => {
    const entries = v.split(',').map((h) => h.trim());
    // A port (after the name, or after an IPv6 address's brackets) is refused rather than dropped.
    const hasPort = (h: string) => h.replace(/^\[[^\]]*\]/, '').includes(':');
    const names = entries.map((h) => (hasPort(h) ? null : hostNameOf(h)));
    if (names.every((n): n is string => n !== null)) return names;
    ctx.addIssue({
      code: 'custom',
      message: `must be comma-separated host names or addresses without scheme or port, such as adreplay.example,10.0.0.12,[fd00::12] (not ${entries.filter((_, i) => names[i] === null).join(', ')})`,
    });
    return z.NEVER;
  });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:3000' })
    .optional(),
  ALLOWED_HOSTS: allowedHosts.default([]),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Prometheus metrics on a listener of their own (GET /metrics); unset = none. Never the public port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  /** At SIGTERM: how long running requests and background jobs get to finish (jobs still running are handed back). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Public reads answered from memory until a change (off only to measure what it saves). */
  PUBLIC_CACHE: bool.default(true),
  TRUST_PROXY: trustProxy.default(false),
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  /** Webhooks may be delivered to loopback and private addresses (tests, a receiver on this machine); never in production. */
  ALLOW_PRIVATE_WEBHOOKS: bool.default(false),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('AdReplay <no-reply@adreplay.test>'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  CONTACT_TO: z.email({ error: 'must be an e-mail address' }).default('team@adreplay.test'),
  /** An OpenAI-compatible speech-to-text API (its base URL, as its clients take it); unset = no automatic transcription. */
  TRANSCRIBE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
    .optional(),
  TRANSCRIBE_API_KEY: z.string().min(1).optional(),
  TRANSCRIBE_MODEL: z.string().trim().min(1).default('whisper-1'),
  /** Moderators' e-mail addresses, comma-separated (more can be granted with `npm run admin:grant`). */
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be comma-separated e-mail addresses' })))
    .default([]),
  /** Distinct listeners whose reports of an ad within 24 hours hide it pending review. */
  REPORT_HOLD_THRESHOLD: z.coerce.number().int().min(2).max(1000).default(5),
  /** Stations' streams watched by this process (each by one process at a time; ffmpeg reads them). */
  MONITORS_ENABLED: bool.default(true),
  /** Streams this process watches at once. */
  MONITOR_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
  /** Stripe: both set = paid plans through Checkout and signed webhooks; unset = payments not set up. */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Another server speaking Stripe's API (its base URL: the SDK's protocol, host and port); unset = Stripe's own. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:12111' })
    .optional(),
  DEMO_VIDEO_URL: z.url().default('https://www.youtube-nocookie.com/embed/ysz5S6PUM-U?autoplay=1'),
});

/** Every variable the server reads; .env.example and docs/configuration.md's table must list each (config.test.ts). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

export type Config = Omit<z.output<typeof EnvSchema>, 'PUBLIC_ORIGIN'> & {
  PUBLIC_ORIGIN: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const s3 = [c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY, c.S3_PUBLIC_URL];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL must be set together',
    );
  }
  if (Boolean(c.STRIPE_SECRET_KEY) !== Boolean(c.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  return {
    ...c,
    PUBLIC_ORIGIN: (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
  };
}
