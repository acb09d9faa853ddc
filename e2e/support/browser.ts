import { existsSync } from 'node:fs';

/** The system Chromium (Debian package) by default; Playwright's own browser only where none is found. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Flags for a quiet headless Chromium here: no sandbox as root, no GPU, no calls home. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
