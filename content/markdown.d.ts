// Markdown content files compile to these exports (content/vite-plugin.ts).
declare module '#content/pages/*.md' {
  export const meta: import('./schema.ts').PageMeta;
  export const html: string;
}
declare module '#content/legal/*.md' {
  export const meta: import('./schema.ts').PageMeta;
  export const html: string;
}
