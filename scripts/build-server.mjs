// Bundles the server into dist/server; npm packages stay external and load from node_modules.
// The audio worker is an entry of its own, beside main.js, where audio-analyser.ts looks for it.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'audio-worker': 'src/server/modules/media/audio-worker.ts',
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
