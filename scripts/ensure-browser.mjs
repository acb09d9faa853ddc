// End-to-end tests drive the system Chromium. Install it (Debian package) when it is missing and we may.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      `Chromium not found at ${path}. Install it (Debian: apt-get install chromium), set CHROMIUM_PATH, ` +
        'or run `npx playwright install chromium` on a machine that can download browsers.',
    );
    process.exit(process.env.CHROMIUM_PATH ? 1 : 0);
  }
  console.log('Installing chromium (Debian package) for the end-to-end tests...');
  const apt = 'DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300';
  execSync(`${apt} update -qq && ${apt} install -y -qq chromium > /dev/null`, { stdio: 'inherit', shell: '/bin/bash' });
}
