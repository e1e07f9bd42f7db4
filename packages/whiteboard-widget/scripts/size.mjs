// Sizes of the build, run after `npm run build`:
// 1. the npm package's own code (dist, without the embed build): Excalidraw, React, rxjs and
//    socket.io-client are not in it (the host installs them), raw and gzip;
// 2. the script-tag build (dist/embed/v1, everything included): tabula.js, the chunks a first
//    board loads, all chunks, and the fonts, raw, gzip and brotli.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const embed = join(dist, 'embed/v1');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function measure(content, withBrotli) {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: withBrotli
      ? brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }).length
      : 0,
  };
}

function sum(rows) {
  return rows.reduce(
    (total, row) => ({
      raw: total.raw + row.raw,
      gzip: total.gzip + row.gzip,
      brotli: total.brotli + row.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);

function print(label, size, withBrotli) {
  const brotli = withBrotli ? `  ${kb(size.brotli)} brotli` : '';
  console.log(`${label.padEnd(52)} ${kb(size.raw)}  ${kb(size.gzip)} gzip${brotli}`);
}

/**
 * `entry` and the files it imports statically, transitively (dynamic imports load on demand,
 * except those `follow` names: the element's board and Excalidraw, loaded when the first
 * element connects).
 */
function closure(entry, follow = () => false) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || !existsSync(path)) return;
    seen.add(path);
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(
      /(from\s*|import\s*\(\s*|import\s*)["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      const target = join(path, '..', match[2]);
      if (match[1].includes('(') && !follow(target)) continue;
      visit(target);
    }
  };
  visit(entry);
  return [...seen];
}

const measured = new Map();
function sizeOf(path, withBrotli) {
  const key = `${path}:${withBrotli}`;
  if (!measured.has(key)) measured.set(key, measure(readFileSync(path), withBrotli));
  return measured.get(key);
}

console.log('npm package: each entry with the chunks it imports (own code only; Excalidraw,');
console.log('React, rxjs and socket.io-client are the host’s, not counted)');
const ENTRIES = ['index', 'sync/index', 'collab/index', 'replay/index', 'element/index'];
// The board's chunk, and Excalidraw's, which the board imports when it mounts.
const isBoard = (path) => /mountBoards|excalidrawParts/.test(path);
for (const entry of ENTRIES) {
  const files = closure(join(dist, `${entry}.js`));
  print(
    `  ${entry.replace('/index', '').replace('index', '(main)')}`,
    sum(files.map((f) => sizeOf(f, false))),
    false,
  );
}
const board = closure(join(dist, 'element/index.js'), isBoard);
print('  element, once a board connects', sum(board.map((f) => sizeOf(f, false))), false);
const packageJs = files(dist).filter(
  (path) => path.endsWith('.js') && !path.includes('/cli/') && !path.startsWith(embed),
);
const ourCss = measure(readFileSync(new URL('../src/styles.css', import.meta.url)), false);
print('  styles.css (ours, without Excalidraw’s)', ourCss, false);
print(
  '  all of dist (every entry and chunk)',
  sum([...packageJs.map((f) => sizeOf(f, false)), ourCss]),
  false,
);

if (existsSync(embed)) {
  console.log('\nscript-tag build, dist/embed/v1 (React, Excalidraw and the engine included)');
  const entry = join(embed, 'tabula.js');
  print('  tabula.js (defines the elements)', sizeOf(entry, true), true);
  const firstBoard = closure(entry, isBoard);
  print(
    `  tabula.js + what a first board loads (${firstBoard.length} files)`,
    sum(firstBoard.map((f) => sizeOf(f, true))),
    true,
  );
  const chunks = files(join(embed, 'chunks'));
  print(
    `  all chunks (${chunks.length}; locales, diagrams… load on demand)`,
    sum(chunks.map((f) => sizeOf(f, false))),
    false,
  );
  const fontBytes = files(join(embed, 'fonts')).reduce(
    (total, path) => total + statSync(path).size,
    0,
  );
  console.log(`${'  fonts (woff2, fetched as text needs them)'.padEnd(52)} ${kb(fontBytes)}`);
}
