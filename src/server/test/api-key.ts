import type { CreatedApiKey } from '../../shared/api-keys.js';
import type { TestApp } from './harness.js';

/** One form part: a text field, or a file with its bytes, name and declared type. */
export type FormPart = [name: string, value: string | { bytes: Buffer; filename: string; type?: string }];

/** Encodes parts as multipart/form-data, as curl -F and browsers do. */
export async function encodeForm(parts: FormPart[]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
  }
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

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
  parts?: FormPart[],
) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (!parts) return t.app.inject({ method, url, headers });
  const { payload, contentType } = await encodeForm(parts);
  return t.app.inject({ method, url, payload, headers: { ...headers, 'content-type': contentType } });
}
