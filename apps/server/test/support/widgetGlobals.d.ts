/**
 * The crash, reconnect and long-absence tests run the widget's collaboration engine in Node,
 * and the engine's modules name browser types (its frame scheduler asks for
 * `requestAnimationFrame` when there is one; the peer layer draws on a canvas). The server
 * compiles without the DOM library; its type checking includes it for those modules. At run
 * time in Node those names are undefined, and the engine checks before it uses them.
 */
/// <reference lib="dom" />
