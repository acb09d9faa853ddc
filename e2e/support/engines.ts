import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { freePort } from '../../src/server/test/server-process';

/**
 * Browsers of other engines for the journeys that depend on an engine's Web Audio and media capture:
 * Debian's Firefox ESR through WebDriver BiDi (puppeteer-core), and WebKitGTK's MiniBrowser (the engine of
 * Safari) through W3C WebDriver (WebKitWebDriver). Both behind one small interface, so a journey is written
 * once for both.
 */

/** A page of one engine: what the journeys need of it. */
export interface EnginePage {
  goto(url: string): Promise<void>;
  /** Runs fn in the page (it is serialised: it may use only its arguments) and returns its result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A real click (a user gesture, as Safari requires to start audio). */
  click(selector: string): Promise<void>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

export interface Engine {
  name: string;
  /** Why it cannot run here, when it cannot. */
  missing: string | undefined;
  launch(): Promise<EngineBrowser>;
}

const waitFor = async (check: () => boolean, ms: number, what: string) => {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const missingOf = (files: Record<string, string>) => {
  const absent = Object.entries(files).filter(([, file]) => !existsSync(file));
  return absent.length ? `not installed: ${absent.map(([pkg]) => pkg).join(', ')} (Debian packages)` : undefined;
};

/** Processes (and a folder) that live as long as one browser. */
function resources() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adreplay-engine-'));
  const processes: ChildProcess[] = [];
  return {
    dir,
    add: (p: ChildProcess) => (processes.push(p), p),
    release() {
      for (const p of processes.reverse()) p.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PulseAudio server with a null sink: Firefox and WebKitGTK run Web Audio only with an output device
 * (without one an AudioContext never leaves 'suspended'), and a test machine has no sound card.
 */
async function startNullSink(dir: string): Promise<ChildProcess> {
  const socket = path.join(dir, 'pulse-native');
  const pulse = spawn(
    'pulseaudio',
    [
      ...['-n', '--daemonize=no', '--exit-idle-time=-1', '--use-pid-file=no', '--system=false'],
      '--load=module-null-sink sink_name=silence',
      `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
    ],
    { env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir }, stdio: 'ignore' },
  );
  await waitFor(() => existsSync(socket) || pulse.exitCode !== null, 10_000, 'pulseaudio');
  if (pulse.exitCode !== null) throw new Error(`pulseaudio exited (${pulse.exitCode})`);
  return pulse;
}

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** `prefs`: Firefox preferences, such as the answer to a microphone request. */
export const firefox = (prefs: Record<string, unknown> = {}): Engine => ({
  name: 'Firefox',
  missing: missingOf({ 'firefox-esr': FIREFOX, pulseaudio: '/usr/bin/pulseaudio' }),
  async launch() {
    const own = resources();
    try {
      own.add(await startNullSink(own.dir));
      const browser = await puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX,
        headless: true,
        env: { ...process.env, PULSE_SERVER: `unix:${path.join(own.dir, 'pulse-native')}` },
        extraPrefsFirefox: prefs,
      });
      return {
        async newPage() {
          const page = await browser.newPage();
          return {
            goto: async (url) => void (await page.goto(url)),
            // Plain values only cross here, so puppeteer's handle types do not apply.
            evaluate: (fn, ...args) => page.evaluate(fn as (...a: unknown[]) => unknown, ...args) as never,
            click: (selector) => page.click(selector),
            close: () => page.close(),
          };
        },
        close: async () => {
          await browser.close();
          own.release();
        },
      };
    } catch (err) {
      own.release();
      throw err;
    }
  },
});

const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
/** Debian puts WebKitGTK's MiniBrowser beside the library (package libwebkit2gtk-4.1-0). */
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** WebKitGTK's MiniBrowser has no headless mode: it draws on a virtual X display (Xvfb). */
export const webkit = (): Engine => ({
  name: 'WebKit',
  missing: missingOf({
    'webkit2gtk-driver': WEBKIT_DRIVER,
    'libwebkit2gtk-4.1-0': MINIBROWSER,
    xvfb: '/usr/bin/Xvfb',
    pulseaudio: '/usr/bin/pulseaudio',
  }),
  async launch() {
    const own = resources();
    try {
      own.add(await startNullSink(own.dir));
      // An X display of its own: Xvfb picks a free number and writes it to the given descriptor.
      const xvfb = own.add(
        spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
          stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
        }),
      );
      let display = '';
      xvfb.stdio[3]!.on('data', (d: Buffer) => (display += d.toString()));
      await waitFor(() => display.includes('\n') || xvfb.exitCode !== null, 10_000, 'Xvfb');
      const port = await freePort();
      own.add(
        spawn(WEBKIT_DRIVER, [`--port=${port}`], {
          env: {
            ...process.env,
            DISPLAY: `:${display.trim()}`,
            PULSE_SERVER: `unix:${path.join(own.dir, 'pulse-native')}`,
          },
          stdio: 'ignore',
        }),
      );
      const driver = await webDriverClient(`http://127.0.0.1:${port}`);
      const open = new Set<Awaited<ReturnType<typeof driver.newSession>>>();
      return {
        async newPage() {
          const session = await driver.newSession();
          open.add(session);
          await session.call('POST', '/window/rect', { width: 1280, height: 800 });
          return {
            goto: (url) => session.call('POST', '/url', { url }).then(() => undefined),
            evaluate: (fn, ...args) => session.evaluate(fn, args) as never,
            click: async (selector) => {
              // The first of the matching elements that is shown (the header has one per layout), once the
              // app has drawn it.
              for (const end = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
                const found = (await session.call('POST', '/elements', {
                  using: 'css selector',
                  value: selector,
                })) as Record<string, string>[];
                for (const element of found.map((e) => Object.values(e)[0]))
                  if (await session.call('GET', `/element/${element}/displayed`))
                    return void (await session.call('POST', `/element/${element}/click`, {}));
                if (Date.now() > end) throw new Error(`No element shown for ${selector}`);
              }
            },
            close: async () => {
              open.delete(session);
              await session.call('DELETE', '');
            },
          };
        },
        // A journey that failed left its page open: its MiniBrowser goes with its session.
        close: async () => {
          await Promise.allSettled([...open].map((session) => session.call('DELETE', '')));
          own.release();
        },
      };
    } catch (err) {
      own.release();
      throw err;
    }
  },
});

/** The few W3C WebDriver commands the journeys use, over fetch, once the driver answers. */
async function webDriverClient(base: string) {
  for (
    const end = Date.now() + 10_000;
    !(await fetch(`${base}/status`).then(
      (r) => r.ok,
      () => false,
    ));
  ) {
    if (Date.now() > end) throw new Error('WebKitWebDriver did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const request = async (method: string, url: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = (await res.json()) as { value: unknown };
    if (!res.ok) throw new Error(`WebDriver ${method} ${url}: ${JSON.stringify(value)}`);
    return value;
  };
  return {
    async newSession() {
      const { sessionId } = (await request('POST', `${base}/session`, {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          },
        },
      })) as { sessionId: string };
      const call = (method: string, path: string, body?: unknown) =>
        request(method, `${base}/session/${sessionId}${path}`, body);
      return {
        call,
        /** The function runs in the page; its result (a promise's, too) comes back through the callback. */
        evaluate: async (fn: (...args: never[]) => unknown, args: unknown[]) => {
          const result = (await call('POST', '/execute/async', {
            script: `const done = arguments[arguments.length - 1];
              Promise.resolve().then(() => (${fn.toString()}).apply(null, Array.from(arguments).slice(0, -1)))
                .then((value) => done({ value }), (e) => done({ error: String(e) }));`,
            args,
          })) as { value?: unknown; error?: string };
          if (result.error) throw new Error(result.error);
          return result.value;
        },
      };
    },
  };
}
