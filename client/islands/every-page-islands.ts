// The islands every marketing page hydrates at once, behind one import: the build puts them in one chunk, and a
// dynamic import of each file would add a small chunk of its own per island (a request and a preload link each) that
// only re-exports from it.
export { SiteHeader } from '#client/layout/site-header.tsx';
export { PageDialogs } from './page-dialogs.tsx';
export { PageEffects } from './page-effects.tsx';
