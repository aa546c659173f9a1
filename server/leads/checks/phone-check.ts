import { z } from 'zod';
import { bearer, isSuccess, type Outbound, requestJson } from '#server/http/outbound.ts';
import { isValidTimeZone } from '#shared/business-hours.ts';
import { CheckUnavailableError } from './check-unavailable.ts';
import { checkUsPhone, type PhoneVerdict } from './us-phone.ts';

export type { PhoneVerdict };
/** Takes the cleaned 10 digits; throws CheckUnavailableError when the service cannot answer. */
export type PhoneCheck = (tenDigits: string) => Promise<PhoneVerdict>;

/** Offline default: libphonenumber's validity and types, US only, time zone from the area code. */
export const offlinePhoneCheck: PhoneCheck = checkUsPhone;

// The service's reply: only status, data.status and data.country_timezone are read.
const remoteReply = z.object({
  status: z.string().optional(),
  data: z.object({ status: z.string().optional(), country_timezone: z.string().optional() }).nullish().catch(undefined),
});

/**
 * POST `<url>/v1/phonenumber/validate` `{number}` with bearer auth. The US-only rule runs first, so the service is
 * never asked about a number we would refuse anyway. Invalid when the status is 'failed', data is missing, or
 * data.status is not 'valid'.
 */
export function remotePhoneCheck(url: string, key: string, outbound: Outbound): PhoneCheck {
  const endpoint = `${url}/v1/phonenumber/validate`;
  return async (tenDigits) => {
    const local = await checkUsPhone(tenDigits);
    if (!local.valid) return local;
    let reply: { status: number; body: unknown };
    try {
      reply = await requestJson(
        endpoint,
        { method: 'POST', headers: bearer(key), json: { number: tenDigits } },
        outbound,
      );
    } catch (error) {
      throw new CheckUnavailableError('phone check did not answer', { cause: error });
    }
    const parsed = remoteReply.safeParse(reply.body);
    if (!parsed.success) throw new CheckUnavailableError(`phone check answered ${reply.status} without a reply`);
    const { status, data } = parsed.data;
    // A 4xx that says 'failed' is the service's verdict on the number; any other non-2xx is the service failing.
    if (!isSuccess(reply.status) && !(reply.status < 500 && status === 'failed')) {
      throw new CheckUnavailableError(`phone check answered ${reply.status}`);
    }
    if (status === 'failed' || !data || data.status !== 'valid') return { valid: false };
    const zone = data.country_timezone;
    return { ...local, timeZones: zone && isValidTimeZone(zone) ? [zone] : local.timeZones };
  };
}
