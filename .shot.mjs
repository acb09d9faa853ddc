import { chromium } from '@playwright/test';
const [,, url, out, w, h, scheme] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: +w, height: +h }, colorScheme: scheme || 'light' });
await p.goto(url, { waitUntil: 'networkidle' });
const sw = await p.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
console.log(out, sw);
await p.screenshot({ path: out });
await b.close();
