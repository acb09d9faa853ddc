// Regenerates the demo MP3s and logos from demo-ads.ts. Run by hand (npx tsx src/server/db/seed/assets/generate.ts),
// never at install: it needs espeak-ng, lame and ImageMagick (Debian: apt-get install espeak-ng lame imagemagick).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAds } from '../demo-ads.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'adreplay-assets-'));
for (const ad of demoAds) {
  const wav = path.join(tmp, `${ad.key}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, ad.script]);
  execFileSync('lame', [
    '--quiet',
    '-m',
    'm',
    '--resample',
    '22.05',
    '-b',
    '40',
    wav,
    path.join(here, 'audio', `${ad.key}.mp3`),
  ]);
  execFileSync('/usr/bin/convert', [
    '-size',
    '256x256',
    'xc:none',
    '-fill',
    ad.color,
    '-draw',
    'roundrectangle 0,0,255,255,48,48',
    '-fill',
    'white',
    '-font',
    'DejaVu-Sans-Bold',
    '-pointsize',
    '104',
    '-gravity',
    'center',
    '-annotate',
    '0',
    ad.initials,
    '-depth',
    '8',
    '-strip',
    path.join(here, 'logos', `${ad.key}.png`),
  ]);
}
rmSync(tmp, { recursive: true, force: true });
console.log(`Generated ${demoAds.length} ads' audio and logos in ${here}`);
