import { describe, expect, it } from 'vitest';
import type { SceneElement } from '@tabula/domain';
import { CompactScene } from './compactScene';
import { GridScenes } from './gridScenes';

function sceneOf(...ids: string[]): Record<string, SceneElement> {
  return Object.fromEntries(ids.map((id) => [id, { id } as SceneElement]));
}

describe('GridScenes', () => {
  it('answers the nearest revision at or before the one asked, as a copy of what was kept', () => {
    const scenes = new GridScenes(100_000);
    const kept = sceneOf('a');
    scenes.remember('c', 10, kept);
    scenes.remember('c', 20, sceneOf('a', 'b'));
    kept.z = { id: 'z' } as SceneElement;
    expect(scenes.nearest('c', 9)).toBeNull();
    expect(scenes.nearest('c', 15)).toEqual({ revision: 10, scene: sceneOf('a') });
    expect(scenes.nearest('c', 25)?.revision).toBe(20);
    expect(scenes.nearest('other', 25)).toBeNull();
  });

  it('drops the least recently used scenes beyond its capacity in bytes', () => {
    // Room for four one-character elements.
    const scenes = new GridScenes(4 * CompactScene.of(Object.values(sceneOf('a'))).bytes);
    scenes.remember('c', 10, sceneOf('a', 'b'));
    scenes.remember('c', 20, sceneOf('a', 'b'));
    scenes.nearest('c', 10); // 10 is now the most recently used
    scenes.remember('d', 10, sceneOf('x', 'y'));
    expect(scenes.nearest('c', 25)?.revision).toBe(10);
    expect(scenes.nearest('d', 10)?.revision).toBe(10);
    scenes.remember('e', 10, sceneOf('1', '2', '3', '4', '5')); // larger than the whole cache
    expect(scenes.nearest('e', 10)).toBeNull();
  });

  it('forgets every scene of an erased canvas and only those', () => {
    const scenes = new GridScenes(100_000);
    scenes.remember('c', 10, sceneOf('a'));
    scenes.remember('c', 20, sceneOf('a'));
    scenes.remember('d', 10, sceneOf('b'));
    scenes.forget('c');
    expect(scenes.nearest('c', 30)).toBeNull();
    expect(scenes.nearest('d', 30)?.revision).toBe(10);
  });
});
