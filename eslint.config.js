import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder of src/web/features is a feature: a new one is held to the same rule without editing this file. */
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every folder of src/server/modules is a module: each is held to the boundary rule without editing this file. */
const SERVER_MODULES = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Whole repository, with type information: a promise is awaited, returned, or explicitly voided.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },

  // ---- Web app (src/web) and the shared contracts (src/shared) ----
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web's layers: pages compose features; a feature uses components/, lib/ and src/shared but no
    // other feature; components/ and lib/ know no feature; src/shared belongs to neither side.
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: move the shared piece to components/ or lib/, or compose the two in a page.',
            })),
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/pages'],
              message: 'components/ and lib/ import no feature and no page: features and pages build on them.',
            },
            {
              target: './src/web/features',
              from: './src/web/pages',
              message: 'A feature does not import a page: pages compose features.',
            },
            {
              target: './src/shared',
              from: ['./src/web', './src/server'],
              message: 'src/shared holds the contracts of both sides and imports neither.',
            },
          ],
        },
      ],
    },
  },

  // No import cycles in the web app either (a cycle is a layer breach waiting to happen, and breaks lazy loading).
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },

  // ---- Server and shared layers ------------------------------------------------------------------
  // routes -> service -> repository inside a module; modules meet through services (wired in app.ts);
  // src/shared is the contract of both sides and depends on neither.
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are TypeScript too: parsed, so cycles through them are seen.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_MODULES.map((name) => ({
              target: `./src/server/modules/${name}`,
              from: SERVER_MODULES.filter((other) => other !== name).flatMap((other) => [
                `./src/server/modules/${other}/*.routes.ts`,
                `./src/server/modules/${other}/*.repository.ts`,
              ]),
              message: 'A module reaches another through its service, never its routes or repository.',
            })),
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'src/shared is the contract of both sides and imports neither.',
            },
          ],
        },
      ],
    },
  },
  // ---- end of the server block -------------------------------------------------------------------
  // The public pages load these shared modules, so they stay free of zod (which the schema modules carry):
  // zod costs the first paint ~25 KB gzipped.
  {
    files: [
      'src/shared/{ad-links,artwork,categories,embed,html,limits,messages,page-meta,routes,sources,transcripts}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Keep this module free of zod: the public pages load it.' }],
          patterns: [
            {
              group: ['ads', 'analytics', 'api-keys', 'auth', 'contact', 'errors', 'oembed', 'plans'].map(
                (m) => `./${m}.js`,
              ),
              allowTypeImports: true,
              message: 'A schema module brings zod with it; import its types only, or move the value here.',
            },
          ],
        },
      ],
    },
  },
  // The listening dialog loads on public pages at the first press of Listen: it stays free of zod as well,
  // and takes only the types of the identify contract.
  {
    files: ['src/web/features/listen/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Keep the listening code free of zod: public pages load it.' }],
          patterns: [
            {
              group: ['ads', 'analytics', 'api-keys', 'auth', 'contact', 'errors', 'identify', 'oembed', 'plans'].map(
                (m) => `**/shared/${m}`,
              ),
              allowTypeImports: true,
              message: 'A schema module brings zod with it; import its types only, or take the value from limits.ts.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/web/**/*.tsx'],
    rules: {
      // Scrollable code blocks (<pre>) take focus so keyboard users can scroll their long lines.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel', 'region'] }],
      // Ads are audio only: their text alternative is the ad page's description (WCAG 1.2.1), not a
      // captions track, which the rule asks of <audio> as of <video>.
      'jsx-a11y/media-has-caption': 'off',
    },
  },
);
