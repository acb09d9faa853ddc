/**
 * Programs the tests and benchmarks run that come as Debian packages: the missing ones are installed when we
 * may (root, with apt-get); else the message says how.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface DebianProgram {
  pkg: string;
  /** Where the package puts the program. */
  path: string;
}

/** Installs the packages of `wanted` whose program is missing; returns those still missing (none after an install). */
export function ensureDebianPackages(wanted: DebianProgram[], purpose: string): DebianProgram[] {
  const missing = wanted.filter((w) => !existsSync(w.path));
  if (missing.length === 0) return [];
  const names = missing.map((m) => m.pkg).join(' ');
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(`Not found: ${missing.map((m) => m.path).join(', ')} (Debian: apt-get install ${names}).`);
    return missing;
  }
  console.log(`Installing ${names} (Debian packages) for ${purpose}...`);
  const apt = 'DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300';
  execSync(`${apt} update -qq && ${apt} install -y -qq ${names} > /dev/null`, { stdio: 'inherit', shell: '/bin/bash' });
  return [];
}
