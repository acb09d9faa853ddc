// End-to-end tests drive the system browsers: Chromium for every journey, Firefox (ESR) with a PulseAudio
// null sink for the Listen journeys in another engine. Install the missing ones (Debian packages) when we may.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** Debian package for each program the journeys need. */
const wanted = [
  { pkg: 'chromium', path: chromium },
  { pkg: 'firefox-esr', path: firefox },
  { pkg: 'pulseaudio', path: '/usr/bin/pulseaudio' },
];
const missing = wanted.filter((w) => !existsSync(w.path));
if (missing.length > 0) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  const names = missing.map((m) => m.pkg).join(' ');
  if (!canApt) {
    console.error(
      `Not found: ${missing.map((m) => m.path).join(', ')}. Install them (Debian: apt-get install ${names}), ` +
        'set CHROMIUM_PATH / FIREFOX_PATH, or run `npx playwright install chromium` on a machine that can download ' +
        'browsers (the Firefox journeys are skipped without Firefox).',
    );
    process.exit(process.env.CHROMIUM_PATH && !existsSync(chromium) ? 1 : 0);
  }
  console.log(`Installing ${names} (Debian packages) for the end-to-end tests...`);
  const apt = 'DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300';
  execSync(`${apt} update -qq && ${apt} install -y -qq --no-install-recommends ${names} > /dev/null`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
