import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/ServicesContext';

/** A canvas on a list: `version` changes when its drawing does (the list's `editedAt`). */
export interface ThumbnailSource {
  id: string;
  version?: string;
}

interface Loaded {
  version: string;
  url: string | null;
}

/**
 * Pictures of the listed canvases' drawings, as object URLs of their SVG (an `<img>` of an SVG
 * runs no script), by canvas id; a canvas with nothing drawn (or whose picture failed) has
 * none. A canvas's picture is fetched when the list first shows it and again when its
 * `version` changes; the browser's HTTP cache revalidates each fetch by ETag. The URLs are
 * released when replaced and when the list goes away.
 */
export function useThumbnails(canvases: readonly ThumbnailSource[]): Record<string, string> {
  const { api } = useServices();
  const [urls, setUrls] = useState<Record<string, string>>({});
  const loaded = useRef(new Map<string, Loaded>());
  const mounted = useRef(true);
  const wanted = canvases.map(({ id, version = '' }) => `${id}\n${version}`).join('\n\n');

  useEffect(() => {
    for (const { id, version = '' } of canvases) {
      const known = loaded.current.get(id);
      if (known?.version === version) continue;
      loaded.current.set(id, { version, url: known?.url ?? null });
      api
        .getThumbnail(id)
        .catch(() => null)
        .then((svg) => {
          const current = loaded.current.get(id);
          // Gone, or a newer version was asked for meanwhile: that answer will do.
          if (!mounted.current || current?.version !== version) return;
          if (current.url) URL.revokeObjectURL(current.url);
          const url = svg ? URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) : null;
          loaded.current.set(id, { version, url });
          setUrls((before) => {
            const { [id]: _old, ...rest } = before;
            return url ? { ...rest, [id]: url } : rest;
          });
        });
    }
    // `wanted` stands for `canvases`: the ids and versions are all that matter here.
  }, [api, wanted]);

  useEffect(() => {
    mounted.current = true;
    const all = loaded.current;
    return () => {
      mounted.current = false;
      for (const { url } of all.values()) if (url) URL.revokeObjectURL(url);
      all.clear();
    };
  }, []);

  return urls;
}
