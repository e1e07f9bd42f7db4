/** `import text from './file.css?raw'`: the file's text (Vite natively; tsdown.config.ts's plugin). */
declare module '*?raw' {
  const text: string;
  export default text;
}
