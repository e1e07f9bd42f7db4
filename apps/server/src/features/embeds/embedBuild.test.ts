import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheControlOf, findEmbedBuild } from './embedBuild';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const WIDGET_BUILD = path.join(REPO, 'packages/whiteboard-widget/dist/embed/v1');

describe('findEmbedBuild', () => {
  it("finds the widget's embed build from the sources and from the built server", () => {
    expect(findEmbedBuild()).toBe(WIDGET_BUILD);
    const builtMain = pathToFileURL(path.join(REPO, 'apps/server/dist/main.js')).href;
    expect(findEmbedBuild(builtMain)).toBe(WIDGET_BUILD);
  });

  it('finds it where the image installs it, and nothing where the package is not', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tabula-image-'));
    try {
      const main = pathToFileURL(path.join(root, 'app/apps/server/dist/main.js')).href;
      expect(findEmbedBuild(main)).toBeUndefined();
      const installed = path.join(root, 'app/node_modules/@tabula/whiteboard');
      mkdirSync(installed, { recursive: true });
      writeFileSync(path.join(installed, 'package.json'), '{"name":"@tabula/whiteboard"}');
      expect(findEmbedBuild(main)).toBe(path.join(installed, 'dist/embed/v1'));
      // A workspace link resolves to the package's own folder.
      const linked = path.join(root, 'linked');
      mkdirSync(path.join(linked, 'node_modules/@tabula'), { recursive: true });
      symlinkSync(installed, path.join(linked, 'node_modules/@tabula/whiteboard'));
      const fromLinked = pathToFileURL(path.join(linked, 'dist/main.js')).href;
      expect(findEmbedBuild(fromLinked)).toBe(path.join(installed, 'dist/embed/v1'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('cacheControlOf', () => {
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  const SHORT = 'public, max-age=300';

  it('caches files named by their content for a year', () => {
    for (const file of [
      'chunks/board-B1XZ_DEi.js',
      // Rollup's hashes may hold '-' and '_'.
      'chunks/chunk-SHT3W25Y-tSrV90y-.js',
      'chunks/blockDiagram-I7D4REHJ-Ba-Uxl_o.js',
      'assets/tabula-Cq3x9aB1.css',
      'fonts/Excalifont/Excalifont-Regular-a88b72a24fb54c9f94e3b5fdaa7481c9.woff2',
      'fonts/Lilita/Lilita-Regular-i7dPIFZ9Zz-WBtRtedDbYEF8RXi4EwQ.woff2',
      'excalidraw-5f3a9c0e.js',
    ]) {
      expect([file, cacheControlOf(file)]).toEqual([file, IMMUTABLE]);
    }
  });

  it('caches the entry, and any file whose name says nothing of its content, for five minutes', () => {
    for (const file of [
      'tabula.js',
      'tabula.css',
      'subset-worker.js',
      'fonts/Virgil/Virgil-Regular.woff2',
      'fonts/Liberation/LiberationSans-Regular.woff2',
      'fonts/Assistant/Assistant-SemiBold.woff2',
    ]) {
      expect([file, cacheControlOf(file)]).toEqual([file, SHORT]);
    }
  });
});
