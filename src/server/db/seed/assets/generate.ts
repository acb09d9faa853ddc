// Regenerates the demo MP3s and logos from demo-ads.ts. Run by hand (npx tsx src/server/db/seed/assets/generate.ts,
// `--logos-only` for the logos alone), never at install: it needs espeak-ng, lame, Chromium and
// ImageMagick (Debian: apt-get install espeak-ng lame chromium imagemagick).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../../../e2e/support/browser.js';
import { artworkSvg } from '../../../../shared/artwork.js';
import { demoAds } from '../demo-ads.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'adreplay-assets-'));

/** Speaks a script into a small mono MP3 (22 kHz, 40 kbit/s: a few KB a second). */
function speak(script: string, wordsPerMinute: number, mp3: string) {
  const wav = path.join(tmp, `${path.basename(mp3)}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(wordsPerMinute), '-w', wav, script]);
  execFileSync('lame', ['--quiet', '-m', 'm', '--resample', '22.05', '-b', '40', wav, mp3]);
}

const logosOnly = process.argv.includes('--logos-only');

if (!logosOnly) {
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
  }
}

// The demo logos are the ads' generated artwork, drawn by Chromium (ImageMagick's SVG renderer has no
// gradients) at 256 px, so the seeded ads look as ads without a logo do.
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 256, height: 256 } });
for (const ad of demoAds) {
  const svg = artworkSvg(ad).replace('width="100" height="100"', 'width="256" height="256"');
  await page.setContent(`<body style="margin:0">${svg}</body>`);
  const png = path.join(here, 'logos', `${ad.key}.png`);
  await page.screenshot({ path: png, omitBackground: true });
  // A 64-colour palette halves the file with no visible banding at card size.
  execFileSync('/usr/bin/convert', [
    png,
    '-colors',
    '64',
    '-define',
    'png:compression-level=9',
    '-strip',
    `PNG8:${png}`,
  ]);
}
await browser.close();
rmSync(tmp, { recursive: true, force: true });
console.log(`Generated ${demoAds.length} ads' audio and logos in ${here}`);
