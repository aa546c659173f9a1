import { isDisposableEmailDomain } from 'disposable-email-domains-js';
import { z } from 'zod';
import { bearer, isSuccess, type Outbound, requestJson } from '#server/http/outbound.ts';
import type { Logger } from '#server/logger.ts';
import { emailCheckMessages } from '#shared/messages.ts';

/** Valid, or not with the reason to show under the e-mail field. */
export type EmailVerdict = { isValid: true } | { isValid: false; reason: string };
export type EmailCheck = (email: string) => Promise<EmailVerdict>;

const VALID: EmailVerdict = { isValid: true };
const flag = z.boolean().catch(false);
// The service's reply: only its spam, blocklisted and disposable flags are read.
const remoteReply = z.object({ spam: flag, blocklisted: flag, disposable: flag });

function disposableDomain(domain: string): boolean {
  // The list holds registrable domains; mail.mailinator.com is as disposable as mailinator.com.
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (isDisposableEmailDomain(labels.slice(i).join('.'))) return true;
  }
  return false;
}

/** Offline default: syntax, then the maintained disposable-domain list (disposable-email-domains-js). */
export const offlineEmailCheck: EmailCheck = async (email) => {
  if (!z.email().safeParse(email).success) return { isValid: false, reason: emailCheckMessages.invalid };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (disposableDomain(domain)) return { isValid: false, reason: emailCheckMessages.disposable };
  return VALID;
};

/**
 * GET `<url>?email=…` with bearer auth. When the service itself errors, the e-mail is valid: a broken check must not
 * cost a lead.
 */
export function remoteEmailCheck(url: string, key: string, outbound: Outbound, logger: Logger): EmailCheck {
  return async (email) => {
    const target = new URL(url);
    target.searchParams.set('email', email);
    let reply: { status: number; body: unknown };
    try {
      reply = await requestJson(target.href, { method: 'GET', headers: bearer(key) }, outbound);
    } catch (error) {
      logger.warn({ err: error }, 'e-mail check unavailable, treating the address as valid');
      return VALID;
    }
    const parsed = remoteReply.safeParse(reply.body);
    if (!isSuccess(reply.status) || !parsed.success) {
      logger.warn({ status: reply.status }, 'e-mail check answered an error, treating the address as valid');
      return VALID;
    }
    // Spam, then blocklisted, then disposable: the first flag decides the message.
    if (parsed.data.spam) return { isValid: false, reason: emailCheckMessages.spam };
    if (parsed.data.blocklisted) return { isValid: false, reason: emailCheckMessages.blocklisted };
    if (parsed.data.disposable) return { isValid: false, reason: emailCheckMessages.disposable };
    return VALID;
  };
}
