import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Firefox (Debian's firefox-esr), driven through WebDriver BiDi. */
export const firefoxPath =
  process.env.FIREFOX_PATH ?? (existsSync('/usr/bin/firefox-esr') ? '/usr/bin/firefox-esr' : undefined);

const waitFor = async (check: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * A PulseAudio server with a null sink: Firefox runs Web Audio only with an output device (without one an
 * AudioContext never leaves 'suspended'), and a test machine has no sound card.
 */
async function startNullSink(dir: string): Promise<ChildProcess> {
  const socket = path.join(dir, 'native');
  const pulse = spawn(
    'pulseaudio',
    [
      ...['-n', '--daemonize=no', '--exit-idle-time=-1', '--use-pid-file=no', '--system=false'],
      '--load=module-null-sink sink_name=silence',
      `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
    ],
    { env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir }, stdio: 'ignore' },
  );
  await waitFor(() => existsSync(socket) || pulse.exitCode !== null, 10_000);
  if (pulse.exitCode !== null) throw new Error(`pulseaudio exited (${pulse.exitCode})`);
  return pulse;
}

/** A headless Firefox with a silent sound card, and a way to close both. */
export async function launchFirefox(prefs: Record<string, unknown> = {}): Promise<Browser> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adreplay-firefox-'));
  const pulse = await startNullSink(dir);
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: true,
      env: { ...process.env, PULSE_SERVER: `unix:${path.join(dir, 'native')}` },
      extraPrefsFirefox: prefs,
    });
    browser.once('disconnected', () => {
      pulse.kill();
      rmSync(dir, { recursive: true, force: true });
    });
    return browser;
  } catch (err) {
    pulse.kill();
    throw err;
  }
}
