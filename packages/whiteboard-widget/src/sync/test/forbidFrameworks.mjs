// A Node module-resolution hook (registered with `--import`): resolving React, ReactDOM or
// Excalidraw throws, as on a machine where none of them is installed. The sync engine's
// built entry must load and work under it.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
const FORBIDDEN = /^(react|react-dom|@excalidraw\\/excalidraw)(\\/|$)/;
export async function resolve(specifier, context, next) {
  if (FORBIDDEN.test(specifier)) {
    const error = new Error("Cannot find package '" + specifier + "' (not installed here)");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`),
);
