import { z } from 'zod';
import { INBOX_PAGE_SIZE, INBOX_PAGE_SIZE_MAX } from '#shared/lead-inbox.ts';

// Keyset paging of the inbox: a page starts after the sort key of the last lead shown, so every page costs the
// same however deep it is (an offset would read and skip every lead before it). The cursor is opaque to the page.

/** Where the next page starts: the sort key (capture time and id) of the last lead shown. */
export interface InboxCursor {
  createdAt: string;
  id: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(cursor: InboxCursor): string {
  return Buffer.from(`${cursor.createdAt}\n${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string): InboxCursor | undefined {
  if (!/^[\w-]{1,200}$/.test(value)) return undefined;
  const [createdAt = '', id = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('\n');
  if (rest.length > 0 || !ISO_INSTANT.test(createdAt) || !/^[\w-]{1,64}$/.test(id)) return undefined;
  return { createdAt, id };
}

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const inboxPageSchema = z.object({
  cursor: z.preprocess(
    blankAsUnset,
    z
      .string({ error: 'Cursor is not valid' })
      .transform((value, ctx) => {
        const cursor = decodeCursor(value);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: 'Cursor is not valid' });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
  ),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(INBOX_PAGE_SIZE_MAX, { error: `Limit must be at most ${INBOX_PAGE_SIZE_MAX}` })
    .default(INBOX_PAGE_SIZE),
});
