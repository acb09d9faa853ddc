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

/** Speaks a script into a small mono MP3 (22 kHz, 40 kbit/s: a few KB a second). */
function speak(script: string, wordsPerMinute: number, mp3: string) {
  const wav = path.join(tmp, `${path.basename(mp3)}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(wordsPerMinute), '-w', wav, script]);
  execFileSync('lame', ['--quiet', '-m', 'm', '--resample', '22.05', '-b', '40', wav, mp3]);
}

// The /demo page's listener sample: the spec's 30 seconds (168 words a minute gets this script there).
speak(
  "You're listening to the AdReplay demo. This is what a listener hears when they open an ad page. " +
    'Press play, and the spot starts at once. Drag the waveform, or use the arrow keys, to jump to any moment. ' +
    'Like it, save it for later, or share it with a friend. Every radio and podcast ad on AdReplay gets a page ' +
    "like this one, with a player, a QR code, and the advertiser's website and phone number, so the offer you " +
    'heard on the air is never more than a tap away. Thanks for listening.',
  168,
  path.join(here, '../../../../../public/demo/listener-demo.mp3'),
);

for (const ad of demoAds) {
  speak(ad.script, 150, path.join(here, 'audio', `${ad.key}.mp3`));
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
