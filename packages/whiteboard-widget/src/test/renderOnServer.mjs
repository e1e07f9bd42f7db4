// Run by serverRender.test.tsx in a plain Node process (no DOM, Node's own module resolution):
// imports the entry given as argv[2] and prints a server render of a <Whiteboard> and a
// <ConnectionBadge> as JSON.
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';

const widget = await import(process.argv[2]);
const html = renderToString(
  createElement(
    Fragment,
    null,
    createElement(widget.Whiteboard, { initialElements: [], backdropStorageKey: 'backdrop' }),
    createElement(widget.ConnectionBadge, { status: 'live' }),
  ),
);
process.stdout.write(JSON.stringify({ html, hasWindow: typeof window !== 'undefined' }));
