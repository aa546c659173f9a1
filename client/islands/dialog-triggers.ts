import { useEffect } from 'react';
import type { DialogRequest } from '#client/state/dialogs.ts';

// A button in a section that ships no JavaScript opens a dialog by naming it in an attribute; the page's dialog
// island (client/islands/page-dialogs.tsx) answers every such click, so no section hydrates for one button.
const TRIGGER_ATTRIBUTE = 'data-opens-dialog';

/** The attribute that makes a server-rendered button open `request` (spread it on the button). */
export function opensDialog(request: DialogRequest): Record<typeof TRIGGER_ATTRIBUTE, string> {
  return { [TRIGGER_ATTRIBUTE]: JSON.stringify(request) };
}

/** Opens the dialog a clicked trigger names, for as long as the calling component is mounted. */
export function useDialogTriggers(open: (request: DialogRequest) => void): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = event.target instanceof Element ? event.target.closest(`[${TRIGGER_ATTRIBUTE}]`) : null;
      const request = trigger?.getAttribute(TRIGGER_ATTRIBUTE);
      if (!request) return;
      event.preventDefault();
      open(JSON.parse(request) as DialogRequest);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open]);
}
