/**
 * The server's bound on points per element (and so on times per element in a commit's
 * `timing`). A copy of `MAX_POINTS_PER_ELEMENT` from `@tabula/domain/dto`'s `dto.limits`, which
 * the widget may not import (it pulls in class-validator): to be replaced by the import once
 * the constant lives in `@tabula/domain/protocol`.
 */
export const MAX_POINTS_PER_ELEMENT = 10_000;
