// End-to-end tests drive the system browsers: Chromium for every journey; for the Listen journeys in other
// engines, Firefox ESR and WebKitGTK (WebKitWebDriver, with MiniBrowser on an Xvfb display), both with a
// PulseAudio null sink as their sound card. Install the missing ones (Debian packages) when we may.
import { existsSync } from 'node:fs';
import { ensureDebianPackages } from './debian-packages.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** Debian package for each program the journeys need. */
const wanted = [
  { pkg: 'chromium', path: chromium },
  { pkg: 'firefox-esr', path: firefox },
  { pkg: 'pulseaudio', path: '/usr/bin/pulseaudio' },
  { pkg: 'webkit2gtk-driver', path: '/usr/bin/WebKitWebDriver' },
  { pkg: 'xvfb', path: '/usr/bin/Xvfb' },
];
if (ensureDebianPackages(wanted, 'the end-to-end tests').length > 0) {
  console.error(
    'Or set CHROMIUM_PATH / FIREFOX_PATH, or run `npx playwright install chromium` on a machine that can download ' +
      'browsers (the Listen journeys of an engine that is missing are skipped).',
  );
  process.exit(process.env.CHROMIUM_PATH && !existsSync(chromium) ? 1 : 0);
}
