import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  SUBSET_WORKER_POLICY,
  contentSecurityPolicy,
  embedPolicy,
} from './securityHeaders';

/** The sources of one directive of a policy. */
function sources(policy: string, directive: string): string[] {
  const entry = policy.split('; ').find((part) => part.startsWith(`${directive} `));
  return entry ? entry.split(' ').slice(1) : [];
}

describe('contentSecurityPolicy', () => {
  it('gives pages no eval and nothing from another origin', () => {
    const page = contentSecurityPolicy('/canvas/abc');
    expect(page).toBe(CONTENT_SECURITY_POLICY);
    expect(sources(page, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(sources(page, 'default-src')).toEqual(["'self'"]);
    expect(page).not.toMatch(/https?:/);
  });

  it("gives 'unsafe-eval' to Excalidraw's font-subsetting worker script only", () => {
    const worker = contentSecurityPolicy('/assets/subset-worker.chunk-mA3ZgByF.js');
    expect(worker).toBe(SUBSET_WORKER_POLICY);
    expect(sources(worker, 'script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    // Everything else as for pages.
    expect(worker.replace("'unsafe-eval'", "'wasm-unsafe-eval'")).toBe(CONTENT_SECURITY_POLICY);
    for (const path of [
      '/assets/board-B1XZ_DEi.js',
      '/assets/subset-worker.chunk-x.js.map',
      '/x/assets/subset-worker.chunk-a.js',
      '/assets/subset-shared.chunk-q7oE-F4V.js',
    ]) {
      expect(contentSecurityPolicy(path)).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});

describe('framing', () => {
  const EMBED_ORIGINS = ['https://wiki.example.com', 'https://*.example.org'];

  it('lets no other site frame a page, whatever EMBED_ORIGINS says', () => {
    for (const path of ['/', '/view/abc', '/canvas/abc', '/embed', '/embedded/x', '/oembed']) {
      expect(sources(contentSecurityPolicy(path, EMBED_ORIGINS), 'frame-ancestors')).toEqual([
        "'self'",
      ]);
    }
  });

  it('lets the sites of EMBED_ORIGINS frame the embeds, and only them', () => {
    const embed = contentSecurityPolicy('/embed/abc', EMBED_ORIGINS);
    expect(sources(embed, 'frame-ancestors')).toEqual(["'self'", ...EMBED_ORIGINS]);
    // Nothing else about the policy changes.
    expect(embed.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'")).toBe(
      CONTENT_SECURITY_POLICY,
    );
    expect(
      sources(contentSecurityPolicy('/embed/v1/tabula.js', EMBED_ORIGINS), 'frame-ancestors'),
    ).toContain('https://wiki.example.com');
    expect(sources(embedPolicy(['*']), 'frame-ancestors')).toEqual(['*']);
  });

  it('without EMBED_ORIGINS the embeds are framed by this origin only', () => {
    expect(contentSecurityPolicy('/embed/abc')).toBe(CONTENT_SECURITY_POLICY);
    expect(embedPolicy([])).toBe(CONTENT_SECURITY_POLICY);
  });
});
