import { describe, expect, it } from 'vitest';
import { ManualFrames, OncePerFrame } from './frames';

describe('OncePerFrame', () => {
  it('runs once at the next frame however often it is asked for in between', () => {
    const frames = new ManualFrames();
    let runs = 0;
    const once = new OncePerFrame(frames.request, () => (runs += 1));
    for (let i = 0; i < 50; i += 1) once.schedule();
    expect(runs).toBe(0);
    expect(frames.pending).toBe(1);
    frames.tick();
    expect(runs).toBe(1);
    frames.tick();
    expect(runs).toBe(1);
  });

  it('asked for during its run, runs again at the following frame', () => {
    const frames = new ManualFrames();
    let runs = 0;
    const once: OncePerFrame = new OncePerFrame(frames.request, () => {
      runs += 1;
      if (runs === 1) once.schedule();
    });
    once.schedule();
    frames.tick();
    expect(runs).toBe(1);
    expect(once.scheduled).toBe(true);
    frames.tick();
    expect(runs).toBe(2);
  });

  it('forgets a run when stopped', () => {
    const frames = new ManualFrames();
    let runs = 0;
    const once = new OncePerFrame(frames.request, () => (runs += 1));
    once.schedule();
    once.stop();
    frames.tick();
    expect(runs).toBe(0);
    expect(once.scheduled).toBe(false);
  });
});
