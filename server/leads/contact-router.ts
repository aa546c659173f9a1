import type { Router } from 'express';
import { contactFailureToast } from '#shared/messages.ts';
import { type LeadRouteDeps, leadFormRouter } from './lead-form-router.ts';

// "Any other failure in the contact form": the destructive toast's title and text.
const FAILURE = { error: contactFailureToast.title, description: contactFailureToast.description };

/** POST /api/contact; the rules are the lead intake's (docs/product-rules.md#lead-forms). */
export function contactRouter(deps: LeadRouteDeps): Router {
  return leadFormRouter(deps, {
    name: 'contact',
    kind: 'contact',
    wording: { form: 'contact', failure: FAILURE, storeFailure: FAILURE },
    accepted: ({ receiptUrl }) => ({ status: 'submitted', receiptUrl }),
  });
}
