import type { z } from 'zod';

// Shared by the build-time compiler (content/compile.ts) and the site facts' check (content/site-check.ts).

export class ContentError extends Error {
  override name = 'ContentError';
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** Checks content against its schema; a mismatch throws naming the file and every field at fault. */
export function checkContent<T>(file: string, data: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ContentError(`${file}: ${describe(parsed.error)}`);
  return parsed.data;
}
