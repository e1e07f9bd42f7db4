// One flat config for the whole monorepo. The import boundaries of ARCHITECTURE.md §1 and
// STYLE.md §9 are enforced here with `no-restricted-imports`, one block per workspace.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_ONLY = [
  'koa',
  'koa/*',
  '@koa/*',
  'socket.io',
  'ioredis',
  'better-sqlite3',
  'kafkajs',
  '@kurrent/*',
  '@eventstore/*',
  'testcontainers',
];
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*'];
const APPS = ['@tabula/server', '@tabula/server/*', '@tabula/web', '@tabula/web/*', '**/apps/**'];

/** What the pure domain may never import: I/O, frameworks, transports, other workspaces. */
const DOMAIN_FORBIDDEN = [
  ...SERVER_ONLY,
  ...REACT,
  ...APPS,
  'socket.io-client',
  'rxjs',
  'node:*',
  'fs',
  'path',
  'http',
  '@tabula/ui',
  '@tabula/whiteboard',
  '@tabula/whiteboard/*',
];

function boundary(files, groups, message) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      '**/.turbo/**',
      '**/data/**',
      'examples/**/node_modules/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'interface'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-throw-literal': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Barrels list their exports: no `export *`.' },
        {
          selector:
            "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'No focused tests (.only).',
        },
      ],
    },
  },
  boundary(
    ['packages/domain/**/*.{ts,tsx}'],
    DOMAIN_FORBIDDEN,
    'packages/domain is pure: no I/O, no framework, nothing internal (ARCHITECTURE.md §1).',
  ),
  {
    // Pure domain code never touches class-validator; only the DTO subpath does.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/dto/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...DOMAIN_FORBIDDEN, 'class-validator', 'class-transformer'],
              message:
                'packages/domain is pure: no I/O, no framework, no class-validator outside src/dto (ARCHITECTURE.md §1).',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes from an injected clock.' },
      ],
    },
  },
  boundary(
    ['packages/ui/**/*.{ts,tsx}'],
    [
      ...SERVER_ONLY,
      ...APPS,
      '@tabula/domain',
      '@tabula/whiteboard',
      '@tabula/whiteboard/*',
      'socket.io-client',
      'xstate',
      '@xstate/*',
    ],
    'packages/ui holds presentational React components: it imports react only.',
  ),
  {
    ...boundary(
      ['packages/whiteboard-widget/src/**/*.{ts,tsx}'],
      [...SERVER_ONLY, ...APPS, '@tabula/domain/dto'],
      'The widget may import domain (pure code and types) and ui, never the apps or server libraries.',
    ),
    ignores: [
      'packages/whiteboard-widget/src/**/*.test.{ts,tsx}',
      'packages/whiteboard-widget/src/test/**',
    ],
  },
  // The widget's tests run the real server in-process through its testing entry, and nothing else of it.
  {
    files: [
      'packages/whiteboard-widget/src/**/*.test.{ts,tsx}',
      'packages/whiteboard-widget/src/test/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@tabula/server', message: 'Widget tests use @tabula/server/testing.' }],
          patterns: [
            {
              // gitignore-style: the package folder itself stays allowed so that its testing
              // entry can be re-included.
              group: [
                ...SERVER_ONLY,
                ...APPS.filter((pattern) => pattern !== '@tabula/server'),
                '!@tabula/server/testing',
                '@tabula/domain/dto',
              ],
              message:
                'Widget tests may import @tabula/server/testing, never the rest of the server or the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // The main entry of the widget never pulls in a transport.
    files: ['packages/whiteboard-widget/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/whiteboard-widget/src/collab/**',
      'packages/whiteboard-widget/src/**/*.test.{ts,tsx}',
      'packages/whiteboard-widget/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...SERVER_ONLY, ...APPS, '@tabula/domain/dto', 'socket.io-client'],
              message: 'socket.io-client belongs to the ./collab subpath only.',
            },
          ],
        },
      ],
    },
  },
  {
    ...boundary(
      ['apps/web/**/*.{ts,tsx}'],
      [...SERVER_ONLY, '@tabula/server', '@tabula/server/*', '**/apps/server/**'],
      'The web app never imports the server.',
    ),
    ignores: ['apps/web/e2e/**'],
  },
  // The browser suite may read the test server's SQLite log to check what was stored; it
  // still never imports the server's code.
  boundary(
    ['apps/web/e2e/**/*.ts'],
    [
      ...SERVER_ONLY.filter((name) => name !== 'better-sqlite3'),
      '@tabula/server',
      '@tabula/server/*',
      '**/apps/server/**',
    ],
    'The browser tests never import the server.',
  ),
  boundary(
    ['apps/server/**/*.ts'],
    [
      ...REACT,
      '@tabula/web',
      '@tabula/web/*',
      '@tabula/ui',
      '@tabula/whiteboard',
      '@tabula/whiteboard/*',
      '**/apps/web/**',
    ],
    'The server imports the domain only.',
  ),
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
