// The package registry this project installs from lacks some platform builds of native packages (for
// example unrs-resolver's darwin and win32 bindings). `npm install` then silently leaves them out of
// package-lock.json, and `npm ci` on a clean machine refuses the lock as out of sync. This script writes
// the missing optional platform entries back (they are never fetched on a platform they do not match).
//
//   node scripts/lock-platforms.mjs          repair package-lock.json
//   node scripts/lock-platforms.mjs --check  exit 1 if an entry is missing (run by `npm run lint`)
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** os, cpu and libc of a platform package, read from its name (`…-linux-arm-musleabihf`). */
function platformOf(name) {
  const match = /-(android|darwin|freebsd|linux|openharmony|win32)-([a-z0-9]+)(?:-([a-z]+))?$/.exec(name);
  if (!match) return undefined;
  const [, os, cpu, abi] = match;
  const entry = { cpu: [cpu], os: [os] };
  if (abi?.startsWith('gnu')) entry.libc = ['glibc'];
  if (abi?.startsWith('musl')) entry.libc = ['musl'];
  return entry;
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/${key}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+$/.test(version)) {
      throw new Error(`${name}@${version} (optional for ${path}) is missing and is not a platform build`);
    }
    missing.push([key, { version, ...platform, license: entry.license, optional: true }]);
  }
}

if (process.argv.includes('--check')) {
  if (missing.length) {
    console.error(`package-lock.json lacks ${missing.length} platform entries: run node scripts/lock-platforms.mjs`);
    process.exit(1);
  }
} else if (missing.length) {
  for (const [key, entry] of missing) packages[key] = entry;
  const [root, ...rest] = Object.keys(packages);
  lock.packages = Object.fromEntries([root, ...rest.sort()].map((key) => [key, packages[key]]));
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} platform entries to package-lock.json`);
}
