/** Out of sight, still read by screen readers (the `.visually-hidden` class; a table's header row shown as cards). */
export const VISUALLY_HIDDEN = `
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
`;
