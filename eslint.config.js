import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Server boundaries (docs/architecture.md → Boundaries): a module reaches another through the
    // functions it offers, never through its tables or routes; shared layers do not reach up.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/auth/**/*.ts', 'apps/server/src/identity/**/*.ts'],
    ignores: ['**/*.test.ts', '**/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/schema.js'], message: "Import your module's own tables from ./schema.js." },
            {
              group: ['../*/schema.js', '../../modules/*/schema.js', '../modules/*/schema.js'],
              message: "Another module's tables: call a function that module offers.",
            },
            {
              group: ['../*/routes.js', '../../modules/*/routes.js'],
              message: "Another module's routes: call its service functions.",
            },
            { group: ['**/test/**'], message: 'Test support is not for production code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{lib,db,providers}/**/*.ts'],
    // db/schema.ts assembles every module's tables; schema files may reference others' keys.
    ignores: ['**/*.test.ts', '**/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/auth/**', '**/identity/**'],
              message: 'Shared layers (lib, db, providers) must not depend on modules.',
            },
            { group: ['**/test/**'], message: 'Test support is not for production code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // ─── Web feature boundaries (apps/web/src/features) ──────────────────────────────────
  // A feature imports only its own files, lib/, components/, test/ and packages: what two
  // features need lives in lib/ or components/. The seller area's sub-features
  // (features/seller/<x>/) are features of their own, and its shared layer (the files
  // directly in features/seller/ and features/seller/components/) may be imported by them
  // but imports none of them. seller/shell, like every page, is imported only by app/ (the
  // router, which may import any feature). See docs/architecture.md.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: {
      cratebase: {
        rules: {
          'feature-boundaries': {
            meta: {
              type: 'problem',
              messages: {
                crossFeature:
                  "features/{{from}} may not import from features/{{to}} ('{{source}}'): move what both need to lib/ or components/ (seller sub-features: features/seller/*.ts or features/seller/components/).",
              },
            },
            create(context) {
              const MARKER = '/apps/web/src/features/';
              const featureOf = (file) => {
                const at = file.indexOf(MARKER);
                if (at === -1) return null;
                const parts = file.slice(at + MARKER.length).split('/');
                if (parts.length === 1) return null;
                if (parts[0] !== 'seller') return parts[0];
                return parts.length === 2 || parts[1] === 'components' ? 'seller' : `seller/${parts[1]}`;
              };
              const file = context.filename.replaceAll('\\', '/');
              const from = featureOf(file);
              if (!from) return {};
              const dir = file.slice(0, file.lastIndexOf('/'));
              const check = (source) => {
                if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
                const target = dir.split('/');
                for (const segment of source.value.split('/')) {
                  if (segment === '..') target.pop();
                  else if (segment !== '.') target.push(segment);
                }
                const to = featureOf(target.join('/'));
                if (!to || to === from || (to === 'seller' && from.startsWith('seller/'))) return;
                context.report({ node: source, messageId: 'crossFeature', data: { from, to, source: source.value } });
              };
              return {
                ImportDeclaration: (node) => check(node.source),
                ImportExpression: (node) => check(node.source),
                ExportNamedDeclaration: (node) => check(node.source),
                ExportAllDeclaration: (node) => check(node.source),
              };
            },
          },
        },
      },
    },
    rules: { 'cratebase/feature-boundaries': 'error' },
  },
);
