// Lint: correctness rules only. Formatting belongs to Prettier (see docs/decisions/0002-lint-and-format.md).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layer map (docs/architecture.md, CODE_STYLE.md) as import rules. Each names the import it
// forbids by its text; relative imports are how this codebase spells every internal one.
const layer = {
  // A repository is private to its feature: only files in its own folder import it; everyone
  // else calls that feature's service.
  repos: {
    regex: String.raw`^(?!\./[^/]+$).*\.repo(\.js)?$`,
    message: "A repository is private to its feature: call the feature's service instead.",
  },
  // Routes are thin adapters: validate, call a service, answer. SQL and transactions are below.
  database: {
    regex: String.raw`(^|/)db/`,
    message: 'Routes never touch the database: call a service.',
  },
  // The web app talks to the server over HTTP only, typed by contract/.
  server: {
    regex: String.raw`(^|/)server/`,
    message: 'web/ never imports server code: use the HTTP API and types from contract/.',
  },
  // One place per resource owns its requests and query keys.
  apiClient: {
    regex: String.raw`(^|/)lib/api-client(\.js)?$`,
    message: 'Only web/src/api/ and web/src/auth/ call the API client: add a hook in web/src/api/.',
  },
};
const restrict = (...rules) => ['error', { patterns: rules }];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': restrict(layer.repos) } },
  {
    files: ['server/**/*.routes.ts'],
    rules: { 'no-restricted-imports': restrict(layer.repos, layer.database) },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict(layer.server, layer.apiClient),
    },
  },
  // The two places that own requests: they may call the API client, and still never server/.
  {
    files: ['web/src/api/**/*.{ts,tsx}', 'web/src/auth/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(layer.server) },
  },
);
