// End-to-end tests drive the system browsers: Chromium for every journey; for the Listen journeys in other
// engines, Firefox ESR and WebKitGTK (WebKitWebDriver, with MiniBrowser on an Xvfb display), both with a
// PulseAudio null sink as their sound card. Install the missing ones (Debian packages) when we may.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
const missing = wanted.filter((w) => !existsSync(w.path));
if (missing.length > 0) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  const names = missing.map((m) => m.pkg).join(' ');
  if (!canApt) {
    console.error(
      `Not found: ${missing.map((m) => m.path).join(', ')}. Install them (Debian: apt-get install ${names}), ` +
        'set CHROMIUM_PATH / FIREFOX_PATH, or run `npx playwright install chromium` on a machine that can download ' +
        'browsers (the Listen journeys of an engine that is missing are skipped).',
    );
    process.exit(process.env.CHROMIUM_PATH && !existsSync(chromium) ? 1 : 0);
  }
  console.log(`Installing ${names} (Debian packages) for the end-to-end tests...`);
  const apt = 'DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300';
  execSync(`${apt} update -qq && ${apt} install -y -qq ${names} > /dev/null`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
