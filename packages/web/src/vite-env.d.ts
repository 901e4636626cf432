// Vite's imports used here: `?raw` (a file's text), `?url` (an emitted asset's URL) and a
// stylesheet imported for its effect (Vite injects it into the page).
declare module '*?raw' {
  const text: string;
  export default text;
}
declare module '*?url' {
  const url: string;
  export default url;
}
declare module '*.css';
