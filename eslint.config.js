import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Lint rules, mostly about borders between the parts:
 * - the domain package is pure: no I/O, no React, no server or web code;
 * - contracts depend on zod only;
 * - the web app never reaches into server code, and a feature folder never imports another feature.
 */
const nodeBuiltins = ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'crypto', 'os'];
const pattern = (group, message) => ({ group, message });
// React Router left the app for its own router (decision 0038); its package may linger in a local node_modules.
const ownRouter = pattern(['react-router', 'react-router-dom'], 'The web app has its own router: import from src/lib/router (decision 0038).');

const featureDirs = (() => {
  try {
    return readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
})();

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'e2e/test-results/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          pattern(nodeBuiltins, 'The domain package is pure: no I/O.'),
          pattern(['react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'pg', 'better-sqlite3'], 'The domain package has no React, HTTP or database code.'),
          pattern(['@bloom/server', '@bloom/web', '**/apps/**'], 'The domain package does not depend on apps.'),
        ],
      }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [pattern([...nodeBuiltins, 'react', 'fastify', 'kysely', '@bloom/*', '**/apps/**'], 'Contracts depend on zod only.')],
      }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          pattern(['@bloom/server', 'fastify', 'kysely', 'pg', 'better-sqlite3', ...nodeBuiltins, '**/server/**'], 'The web app talks to the server over HTTP only.'),
          { regex: '^@bloom/domain$', message: 'Import browser-safe helpers from @bloom/domain/format or @bloom/domain/shades, not the whole content pack.' },
          ownRouter,
        ],
      }],
    },
  },
  {
    // The contracts' index builds every zod schema when it is evaluated: a value imported from it
    // puts zod and all the schemas into the page's chunk (the coach dashboard's sections carried
    // them for one constant). Types are erased, so they may come from the index.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: '@bloom/contracts', allowTypeImports: true, message: 'Import values from @bloom/contracts/constants, /text or /endpoint-client: the index loads zod and every schema.' }],
      }],
      // `import { type X } from '@bloom/contracts'` passes the rule above, but under
      // verbatimModuleSyntax it compiles to `import {} from '@bloom/contracts'`, which loads the
      // index all the same: only `import type { X }` leaves nothing behind.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Tests are never bundled, so they may check the web's own assets (the icons, say) against
    // the whole content pack. Tests inside a feature still follow the feature's rules below.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [pattern(['@bloom/server', 'fastify', 'kysely', 'pg', 'better-sqlite3', ...nodeBuiltins, '**/server/**'], 'The web app talks to the server over HTTP only.'), ownRouter],
      }],
    },
  },
  ...featureDirs.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          pattern(['@bloom/server', 'fastify', 'kysely', 'pg', 'better-sqlite3', ...nodeBuiltins], 'The web app talks to the server over HTTP only.'),
          { regex: '^@bloom/domain$', message: 'Import browser-safe helpers from @bloom/domain/format or @bloom/domain/shades.' },
          ownRouter,
          { regex: `^(?:\\.\\./)+(?!${feature}/)(?!(?:lib|hooks|components|content|styles|app)/)[A-Za-z][\\w-]*/(api|components|hooks|pages|routes)(/|$)`, message: 'Features do not import other features; move shared code to src/components, src/lib or src/hooks.' },
          { regex: `^@/features/(?!${feature}/)`, message: 'Features do not import other features.' },
          { regex: '/components/charts$', message: 'Import each chart from its own file: the charts index would put every chart kind into the page\'s chunks (decision 0041).' },
        ],
      }],
    },
  })),
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [pattern(['react', 'react-dom', '@bloom/web', '**/apps/web/src/**'], 'The server does not import web code.')] }],
    },
  },
  {
    // SQLite's speed-ups sit behind one door (decision 0023): the server's code reaches them only
    // through db/accelerator.ts; the app attaches them, and SQLite's driver stays inside db/.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/app.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          pattern(['react', 'react-dom', '@bloom/web', '**/apps/web/src/**'], 'The server does not import web code.'),
          pattern(['**/db/embedded', '**/db/embedded/**', 'better-sqlite3'], 'SQLite speed-ups are reached through db/accelerator.ts only (runQuery, acceleratorOf; decision 0023).'),
        ],
      }],
    },
  },
);
