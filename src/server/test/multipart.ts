import type { TestApp } from './harness.js';

/** One form part: a text field, or a file with its bytes, name and declared type. */
export type Part = [name: string, value: string | { bytes: Buffer; filename: string; type?: string }];

/** Encodes parts as multipart/form-data the way a browser does. */
export async function multipart(parts: Part[]) {
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

/** Sends a form to the app as a signed-in user (cookie '' = anonymous) from the app's own origin. */
export async function sendForm(t: TestApp, method: 'POST' | 'PUT', url: string, cookie: string, parts: Part[]) {
  const { payload, contentType } = await multipart(parts);
  return t.app.inject({
    method,
    url,
    payload,
    headers: { cookie, 'content-type': contentType, origin: t.config.PUBLIC_ORIGIN },
  });
}
