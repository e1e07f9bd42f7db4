// Prints the widget's own dist size (raw and gzip), without Excalidraw, React, rxjs or
// socket.io-client (all external). Run after `npm run build`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const browserJs = files(dist).filter((path) => path.endsWith('.js') && !path.includes('/cli/'));
const ourCss = readFileSync(new URL('../src/styles.css', import.meta.url));
const rows = browserJs.map((path) => {
  const content = readFileSync(path);
  return {
    file: relative(dist, path),
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
  };
});
rows.push({
  file: 'styles.css (ours, without Excalidraw’s)',
  raw: ourCss.length,
  gzip: gzipSync(ourCss, { level: 9 }).length,
});
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
  raw: 0,
  gzip: 0,
});
for (const row of rows)
  console.log(
    `${row.file.padEnd(44)} ${String(row.raw).padStart(7)} B  ${String(row.gzip).padStart(6)} B gzip`,
  );
console.log(
  `${'total'.padEnd(44)} ${String(total.raw).padStart(7)} B  ${String(total.gzip).padStart(6)} B gzip`,
);
