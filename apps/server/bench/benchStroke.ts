/**
 * The stroke the server benches draw big canvases with: a freedraw of 24 points (about 1 KB
 * of JSON, like a hand-drawn line), placed on a grid by its number.
 */
export function benchStroke(i: number) {
  const points = Array.from({ length: 24 }, (_, p) => [p * 3.25, Math.sin(p + i) * 17.5]);
  return {
    id: `el-${i}`,
    type: 'freedraw',
    version: 3,
    versionNonce: 1000 + i,
    isDeleted: false,
    index: `a${i.toString(36).padStart(4, '0')}`,
    x: (i % 300) * 12,
    y: Math.floor(i / 300) * 12,
    width: 75,
    height: 35,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    strokeWidth: 2,
    opacity: 100,
    points,
    pressures: [],
    simulatePressure: true,
  };
}
