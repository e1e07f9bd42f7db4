/**
 * The import boundaries of ARCHITECTURE.md §1 are lint rules (eslint.config.mjs at the root).
 * These tests lint small probe sources as if they lived in the domain and show that a
 * deliberate violation fails `npm run lint` while pure code passes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedImports(code: string, filePath = 'src/probe.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (message) =>
        message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-properties',
    )
    .map((message) => message.message);
}

describe('domain import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['koa', "import Koa from 'koa';\nexport const app = Koa;\n"],
    ['socket.io', "import { Server } from 'socket.io';\nexport const s = Server;\n"],
    ['ioredis', "import { Redis } from 'ioredis';\nexport const r = Redis;\n"],
    ['react', "import { useState } from 'react';\nexport const u = useState;\n"],
    ['an app', "import { createApp } from '@tabula/server';\nexport const c = createApp;\n"],
    ['node I/O', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n"],
    [
      'class-validator outside dto/',
      "import { IsString } from 'class-validator';\nexport const v = IsString;\n",
    ],
  ])('importing %s from domain code fails lint', async (_name, code) => {
    const messages = await restrictedImports(code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatch(/packages\/domain is pure/);
  });

  it('Date.now() in domain code fails lint: time comes from an injected clock', async () => {
    expect(await restrictedImports('export const t = Date.now();\n')).toEqual([
      expect.stringMatching(/injected clock/),
    ]);
  });

  it('class-validator is allowed in the dto subpath', async () => {
    const code = "import { IsString } from 'class-validator';\nexport const v = IsString;\n";
    expect(await restrictedImports(code, 'src/dto/probe.ts')).toEqual([]);
  });

  it('pure domain code passes', async () => {
    const code =
      "import type { Event } from './shared/messages';\nexport const isEvent = (e: Event) => e.type.length > 0;\n";
    expect(await restrictedImports(code)).toEqual([]);
  });
});
