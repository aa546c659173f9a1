import type { Dispatcher } from 'undici';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/logger.ts';
import { type EmailCheck, offlineEmailCheck, remoteEmailCheck } from './email-check.ts';
import { type NameCheck, offlineNameCheck, remoteNameCheck } from './name-check.ts';
import { offlinePhoneCheck, type PhoneCheck, remotePhoneCheck } from './phone-check.ts';

/**
 * The three lead checks, each remote when configured and offline otherwise, so a fresh checkout needs no keys
 * (docs/product-rules.md#lead-checks).
 */
export interface LeadChecks {
  email: EmailCheck;
  phone: PhoneCheck;
  name: NameCheck;
}

export function createLeadChecks(config: Config, logger: Logger, dispatcher?: Dispatcher): LeadChecks {
  const outbound = { dispatcher, timeoutMs: config.leads.outboundTimeoutMs };
  const { emailCheckUrl, phoneCheckUrl, nameCheckUrl } = config.leads;
  const { emailCheckKey, phoneCheckKey, nameCheckKey } = config.secrets;
  const log = logger.child({ subsystem: 'checks' });
  return {
    email:
      emailCheckUrl && emailCheckKey
        ? remoteEmailCheck(emailCheckUrl, emailCheckKey, outbound, log)
        : offlineEmailCheck,
    phone:
      phoneCheckUrl && phoneCheckKey ? remotePhoneCheck(phoneCheckUrl, phoneCheckKey, outbound) : offlinePhoneCheck,
    name: nameCheckUrl ? remoteNameCheck(nameCheckUrl, nameCheckKey, outbound) : offlineNameCheck,
  };
}

/** One line for the start-up log: which checks call out and which run offline. */
export function describeLeadChecks(config: Config): Record<'email' | 'phone' | 'name', 'remote' | 'offline'> {
  return {
    email: config.leads.emailCheckUrl ? 'remote' : 'offline',
    phone: config.leads.phoneCheckUrl ? 'remote' : 'offline',
    name: config.leads.nameCheckUrl ? 'remote' : 'offline',
  };
}
