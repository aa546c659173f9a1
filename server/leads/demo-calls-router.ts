import type { Router } from 'express';
import { DEMO_FAILURE_MESSAGE, PROCESSING_ERROR_MESSAGE } from '#shared/messages.ts';
import { type LeadRouteDeps, leadFormRouter } from './lead-form-router.ts';

/** Answer of a demo-call request that was accepted. */
export type DemoCallAccepted = ({ status: 'preparing'; callId: string } | { status: 'scheduled' }) & {
  /** The consent receipt's link (docs/product-rules.md#consent). */
  receiptUrl: string;
};

/** POST /api/demo-calls; the rules are the lead intake's (docs/product-rules.md#lead-forms). */
export function demoCallsRouter(deps: LeadRouteDeps): Router {
  return leadFormRouter(deps, {
    name: 'demo_call',
    kind: 'demo',
    wording: {
      form: 'demo-call',
      // "Any other failure in the demo submit flow".
      failure: { error: DEMO_FAILURE_MESSAGE },
      // "Webhook or insert failure".
      storeFailure: { error: PROCESSING_ERROR_MESSAGE },
    },
    accepted: ({ callId, receiptUrl }): DemoCallAccepted =>
      callId ? { status: 'preparing', callId, receiptUrl } : { status: 'scheduled', receiptUrl },
  });
}
