#!/usr/bin/env node
// Measures the JavaScript the landing route loads: the entry script of dist/index.html and
// every chunk it preloads, gzip-compressed. Fails when it exceeds the budget or contains
// Excalidraw code (the canvas screens load that on demand).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
// The build's output directory: dist/, or the one given (e.g. a build made elsewhere).
const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1]);

let total = 0;
let excalidraw = [];
for (const file of files) {
  const code = readFileSync(join(dist, file));
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  if (/Excalifont|ASSETS_FALLBACK_URL|excalidraw-fallback/.test(code.toString())) {
    excalidraw.push(file);
  }
  console.log(`${file}  ${(code.length / 1024).toFixed(1)} KB  gzip ${(gz / 1024).toFixed(1)} KB`);
}
console.log(
  `landing JS total: gzip ${(total / 1024).toFixed(1)} KB (budget ${BUDGET_BYTES / 1024} KB)`,
);
if (excalidraw.length > 0) {
  console.error(`Excalidraw code in the landing bundle: ${excalidraw.join(', ')}`);
  process.exit(1);
}
if (total > BUDGET_BYTES) process.exit(1);
