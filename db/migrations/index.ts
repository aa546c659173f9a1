import type { Migration } from 'kysely/migration';
import * as initial from './0001-initial.ts';
import * as consents from './0002-consents.ts';
import * as sessionIdHashes from './0003-session-id-hashes.ts';
import * as outboxDelivery from './0004-outbox-delivery.ts';
import * as visitRollups from './0005-visit-rollups.ts';
import * as leadInbox from './0006-lead-inbox.ts';
import * as privacyRequests from './0007-privacy-requests.ts';
import * as preparingCalls from './0008-preparing-calls.ts';
import * as sharedLimits from './0009-shared-limits.ts';
import * as sharedHookReplays from './0010-shared-hook-replays.ts';
import * as sharedSocketSlots from './0011-shared-socket-slots.ts';
import * as visitorIds from './0012-visitor-ids.ts';
import * as consentReceipts from './0014-consent-receipts.ts';
import * as liveCalls from './0015-live-calls.ts';
import * as sharedKeys from './0016-shared-keys.ts';

// A static list, not a folder scan: a scan breaks once the code is bundled, since the files are no longer there.
// Add new migrations at the end with the next number. Each runs in its own transaction with foreign keys off
// (so a table can be rebuilt), and must leave no dangling reference (db/migrator.ts checks before commit).
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-consents': consents,
  '0003-session-id-hashes': sessionIdHashes,
  '0004-outbox-delivery': outboxDelivery,
  '0005-visit-rollups': visitRollups,
  '0006-lead-inbox': leadInbox,
  '0007-privacy-requests': privacyRequests,
  '0008-preparing-calls': preparingCalls,
  '0009-shared-limits': sharedLimits,
  '0010-shared-hook-replays': sharedHookReplays,
  '0011-shared-socket-slots': sharedSocketSlots,
  '0012-visitor-ids': visitorIds,
  '0014-consent-receipts': consentReceipts,
  '0015-live-calls': liveCalls,
  '0016-shared-keys': sharedKeys,
};
