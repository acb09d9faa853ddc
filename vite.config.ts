import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes .br (quality 11) and .gz (level 9) beside each built script and stylesheet; the server sends
 * them as they are (@fastify/static preCompressed). Maximum levels are too slow to run per request.
 */
function precompress(): Plugin {
  return {
    name: 'adreplay-precompress',
    // Not for the server's build of the app (entry-server.tsx): it is imported, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const files = Object.values(bundle).filter((f) => /\.(?:js|css)$/.test(f.fileName));
      await Promise.all(
        files.map(async (f) => {
          const body = Buffer.from(f.type === 'chunk' ? f.code : f.source);
          if (body.length < 1024) return; // the server's threshold: smaller files go as they are
          const file = path.join(options.dir!, f.fileName);
          const br = {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          };
          await writeFile(`${file}.br`, await brotli(body, br));
          await writeFile(`${file}.gz`, await gzipAsync(body, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Modulepreload links for the chunks the entry imports dynamically as it starts (`modules`, by the end of their
 * path), beside those Vite writes for its static imports: main.tsx imports React DOM's client in a task of its
 * own, so that evaluating it does not lengthen the task that evaluates the rest, but its file is asked for
 * with the others.
 */
function preloadStartImports(modules: string[]): Plugin {
  return {
    name: 'adreplay-preload-start-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const wanted = (c: OutputChunk) => c.moduleIds.some((id) => modules.some((m) => id.endsWith(m)));
        const files = chunk.dynamicImports
          .map((fileName) => bundle[fileName])
          .filter((c): c is OutputChunk => c?.type === 'chunk' && wanted(c))
          .map((c) => c.fileName)
          .filter((fileName) => !html.includes(`/${fileName}"`));
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const page = (name: string) => fileURLToPath(new URL(`src/web/${name}`, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), preloadStartImports(['/react-dom/client.js']), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The site, and the embeddable player as a page of its own (small, no router or site chrome).
      input: { main: page('index.html'), embed: page('embed.html') },
    },
  },
  // The server's render of the public pages (entry-server.tsx) carries its own React and libraries, built for
  // production: loaded from node_modules at run time, React would pick its development build unless the
  // process had NODE_ENV=production (several times slower renders), and the app sets no NODE_ENV.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  server: {
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
