import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportBoard';

describe('exportFileName', () => {
  it('names the file after the canvas', () => {
    expect(exportFileName('Roadmap 2027', 'png')).toBe('Roadmap 2027.png');
    expect(exportFileName('  Team   retro ', 'svg')).toBe('Team retro.svg');
  });

  it("adds '-selection' for an export of the selection", () => {
    expect(exportFileName('Roadmap 2027', 'png', 'selection')).toBe('Roadmap 2027-selection.png');
    expect(exportFileName('///', 'svg', 'selection')).toBe('canvas-selection.svg');
  });

  it('leaves out what file systems refuse and never gives an empty or hidden name', () => {
    expect(exportFileName('Q1/Q2: "plan"?', 'png')).toBe('Q1 Q2 plan.png');
    expect(exportFileName('///', 'svg')).toBe('canvas.svg');
    expect(exportFileName('..secret', 'png')).toBe('secret.png');
    expect(exportFileName('x'.repeat(300), 'png')).toHaveLength(104);
  });
});
