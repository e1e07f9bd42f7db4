/** Bodies of the /canvas calls (PROTOCOL.md "REST"). */
import type { CreateCanvasRequest, UpdateCanvasNameRequest } from '../protocol/rest';
import { CanvasNameField } from './dtoFields';

/** POST /canvas/createcanvas: without a name the server picks a friendly random one. */
export class CreateCanvasDto implements CreateCanvasRequest {
  @CanvasNameField(true) name?: string;
}

/** POST /canvas/updatecanvasname/:id */
export class UpdateCanvasNameDto implements UpdateCanvasNameRequest {
  @CanvasNameField() name!: string;
}

/** POST /canvas/deletecanvas/:id: the body must be `{}`. */
export class DeleteCanvasDto {}
