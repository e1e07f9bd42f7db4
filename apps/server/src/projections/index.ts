import { checkpointsProjection } from '../features/canvases/history/checkpoints.projection';
import { canvasesProjection } from './canvases.projection';
import type { Projection } from './projection';
import { scenesProjection } from './scenes.projection';
import { usersProjection } from './users.projection';

/** Every projection of the server, in the order they apply an event. */
export const PROJECTIONS: readonly Projection[] = [
  usersProjection,
  canvasesProjection,
  scenesProjection,
  checkpointsProjection,
];
