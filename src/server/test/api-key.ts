import type { CreatedApiKey } from '../../shared/api-keys.js';
import type { TestApp } from './harness.js';
import { multipart, type Part } from './multipart.js';

/** Creates an API key in Settings as the signed-in user of `cookie`. */
export async function createApiKey(t: TestApp, cookie: string, name = 'Traffic system'): Promise<CreatedApiKey> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/my/api-keys',
    headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`creating a key failed: ${res.body}`);
  return res.json() as CreatedApiKey;
}

/** A public API request with a bearer key, as a partner's server sends it (no cookie, no Origin). */
export async function callApi(
  t: TestApp,
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  parts?: Part[],
  /** The caller's address (the limits per address count it); inject's default otherwise. */
  remoteAddress?: string,
) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (!parts) return t.app.inject({ method, url, headers, remoteAddress });
  const { payload, contentType } = await multipart(parts);
  return t.app.inject({ method, url, payload, remoteAddress, headers: { ...headers, 'content-type': contentType } });
}
