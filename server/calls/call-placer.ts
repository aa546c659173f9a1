// Who dials a demo call: a call provider behind one small interface, so the outbox's delivery of a placement
// (server/calls/call-placement.ts) does not depend on which. Vapi is the one provider today (vapi-placer.ts).

/** What a provider needs to dial one call; the ids come back on every message about it. */
export interface PlacementRequest {
  callId: string;
  leadId: string;
  /** E.164: +1 and 10 digits. */
  phone: string;
  name: string;
}

export interface CallPlacer {
  /** Names the provider in logs and in the call's record. */
  readonly provider: string;
  /**
   * Dials the call and answers the provider's id for it. Throws `PlacementRefused` when the provider refused this
   * call (it will refuse it again); any other error means the provider could not be reached or failed, and the
   * placement is tried again later.
   */
  place(request: PlacementRequest): Promise<{ providerCallId: string }>;
  /**
   * The provider's id of a call it created for `callId` since `since`, if any: asked before a placement is tried
   * again, since an attempt whose answer never came may have dialled. Throws when the provider cannot tell.
   */
  findPlaced(request: { callId: string; since: Date }): Promise<{ providerCallId: string } | undefined>;
  /**
   * Ends a call under way (its consent was taken back). Throws `PlacementRefused` when the provider cannot end
   * it and never will; any other error is tried again later.
   */
  endCall(request: { providerCallId: string }): Promise<void>;
}

/** The provider answered, and refused this call (a 4xx other than 408 and 429): trying again changes nothing. */
export class PlacementRefused extends Error {
  override name = 'PlacementRefused';
}
