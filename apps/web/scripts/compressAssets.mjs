#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/, so the
// server sends the smaller one the browser accepts (koa-send picks it by Accept-Encoding).
// Files that would not shrink, and formats already compressed (fonts, images), are left alone.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.wasm']);
const MIN_BYTES = 256;
// The build's output directory: dist/, or the one given (e.g. a build made elsewhere).
const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;

let before = 0;
let afterBrotli = 0;
let files = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
  const file = join(entry.parentPath, entry.name);
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  before += content.length;
  afterBrotli += Math.min(brotli.length, content.length);
  files += 1;
}
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} KB → brotli ${(afterBrotli / 1024).toFixed(0)} KB`,
);
