/** A friendly random name for a canvas created without one, e.g. 'Bright Meadow'. */
import { randomInt } from 'node:crypto';

const ADJECTIVES = [
  'Bright',
  'Calm',
  'Bold',
  'Curious',
  'Gentle',
  'Lively',
  'Quiet',
  'Sunny',
  'Swift',
  'Vivid',
  'Witty',
  'Cosmic',
];
const NOUNS = [
  'Meadow',
  'Harbor',
  'Canyon',
  'Sketch',
  'Comet',
  'Garden',
  'Island',
  'Lagoon',
  'Orchard',
  'Summit',
  'Doodle',
  'Atlas',
];

export function friendlyCanvasName(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]} ${NOUNS[randomInt(NOUNS.length)]}`;
}
