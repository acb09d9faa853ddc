// Bundles the server into dist/server; npm packages stay external and load from node_modules.
// The audio, embedded database, share image and stream monitor workers are entries of their own, beside
// main.js, where audio-analyser.ts, pglite-thread.ts, share-image.ts and streams.ts look for them.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'audio-worker': 'src/server/modules/media/audio-worker.ts',
    'pglite-worker': 'src/server/db/pglite-worker.ts',
    'share-image-worker': 'src/server/modules/share-image/share-image-worker.ts',
    'stream-worker': 'src/server/modules/monitors/stream-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
