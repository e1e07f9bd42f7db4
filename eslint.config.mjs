// One flat config for the whole monorepo. The import boundaries of ARCHITECTURE.md §1 and
// STYLE.md §9 are enforced here with `no-restricted-imports`, one block per workspace; inside
// the server, no import circle (`import-x/no-cycle`, and `tabula/no-import-circle` for the
// circles it skips, those closed by type imports) and no feature importing the composition.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
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

const SERVER_FORBIDDEN = [
  ...REACT,
  '@tabula/web',
  '@tabula/web/*',
  '@tabula/ui',
  '@tabula/whiteboard',
  '@tabula/whiteboard/*',
  '**/apps/web/**',
];
const SERVER_MESSAGE = 'The server imports the domain only.';
/** The server's composition: what builds the features, never built on (ARCHITECTURE.md). */
const COMPOSITION = [
  '**/main',
  '**/adapters',
  '**/app',
  '**/appDeps',
  '**/socketGateway',
  '**/fanOut',
];

/** The relative imports of a file (type imports and `import()` included), as written. */
const IMPORTED =
  /(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const importsOf = new Map();

/** The file a relative import names, or undefined (not a source file of ours). */
function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`];
  return candidates.find(
    (file) => /\.(ts|tsx|mjs)$/.test(file) && statSync(file, { throwIfNoEntry: false })?.isFile(),
  );
}

function relativeImports(file) {
  let found = importsOf.get(file);
  if (!found) {
    found = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORTED)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (target) found.push(target);
    }
    importsOf.set(file, found);
  }
  return found;
}

/** The shortest chain of imports from `start` back to `goal`, or undefined. */
function routeBack(start, goal, within) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of relativeImports(file)) {
      if (!next.startsWith(within) || cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (next === goal) {
        const route = [];
        for (let at = next; at !== undefined; at = cameFrom.get(at)) route.unshift(at);
        return route;
      }
      queue.push(next);
    }
  }
  return undefined;
}

/**
 * No import circle among the files under `within` (an option), counting every relative import:
 * `import-x/no-cycle` skips type-only imports, and a circle closed by types ties its files
 * together all the same (a reader cannot tell which comes first).
 */
const noImportCircle = {
  meta: {
    type: 'problem',
    schema: [{ type: 'string' }],
    messages: { circle: 'Import circle: {{route}}.' },
  },
  create(context) {
    const file = context.filename;
    const within = path.resolve(context.options[0] ?? path.dirname(file));
    const short = (name) => path.relative(within, name);
    return {
      'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression'(node) {
        const specifier = node.source?.value;
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = resolveImport(file, specifier);
        if (!target?.startsWith(within)) return;
        const route = routeBack(target, file, within);
        if (route)
          context.report({
            node,
            messageId: 'circle',
            data: { route: [file, ...route].map(short).join(' → ') },
          });
      },
    };
  },
};

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
  boundary(['apps/server/**/*.ts'], SERVER_FORBIDDEN, SERVER_MESSAGE),
  {
    // Composition up, primitives down: the features and the primitives below them never
    // import what builds them (main, adapters, app, the socket gateway, the fan-out).
    files: [
      'apps/server/src/{features,realtime,http,projections,infrastructure}/**/*.ts',
      'apps/server/src/{appContext,logger}.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_FORBIDDEN, message: SERVER_MESSAGE },
            {
              group: COMPOSITION,
              message: 'Features and primitives never import the composition (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.{ts,mjs}'],
    plugins: { 'import-x': importX, tabula: { rules: { 'no-import-circle': noImportCircle } } },
    settings: {
      'import-x/extensions': ['.ts', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'tabula/no-import-circle': [
        'error',
        fileURLToPath(new URL('apps/server/src', import.meta.url)),
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
