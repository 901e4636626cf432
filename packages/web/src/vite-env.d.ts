// Vite's import suffixes used here: `?raw` (a file's text) and `?url` (an emitted asset's URL).
declare module '*?raw' {
  const text: string;
  export default text;
}
declare module '*?url' {
  const url: string;
  export default url;
}
