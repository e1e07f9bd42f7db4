/**
 * The widget's collaboration engine (used by the crash and reconnect tests) asks whether it
 * runs in a browser (`typeof window`); the server compiles without the DOM library, so these
 * two names are declared here, for that check only. In Node both are undefined.
 */
declare const window: EventTarget | undefined;
declare const navigator: { onLine?: boolean } | undefined;
