import { z } from 'zod';
import { isVisitorId } from './visitor-id.ts';

// Apart from shared/visitor-id.ts, which every page loads to keep the id: zod comes with the forms' own code.

/** The field of a visit or lead form; anything but an id is dropped, never an error the visitor must fix. */
export const visitorIdField = z.string().refine(isVisitorId).optional().catch(undefined);
