import { canvasesProjection } from '../features/canvases/projections/canvases.projection';
import { checkpointsProjection } from '../features/canvases/projections/checkpoints.projection';
import { shareLinksProjection } from '../features/canvases/projections/shareLinks.projection';
import type { Projection } from './projection';
import { usersProjection } from './users.projection';

/** Every projection of the server, in the order they apply an event. */
export const PROJECTIONS: readonly Projection[] = [
  usersProjection,
  canvasesProjection,
  checkpointsProjection,
  shareLinksProjection,
];
