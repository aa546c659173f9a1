import { z } from 'zod';
import { bearer, isSuccess, type Outbound, requestJson } from '#server/http/outbound.ts';
import { judgeName, type NameVerdict } from '#shared/name-heuristics.ts';
import { CheckUnavailableError } from './check-unavailable.ts';

export type { NameVerdict };
/** The name check: throws CheckUnavailableError when it cannot answer, which the form words as its own message. */
export type NameCheck = (fullName: string) => Promise<NameVerdict>;

/** Offline default: the heuristics in shared/name-heuristics.ts. */
export const offlineNameCheck: NameCheck = async (fullName) => judgeName(fullName);

const remoteReply = z.object({ status: z.string() });

/** POST `<url>` `{fullName}`, bearer auth when a key is set. 'invalid' rejects; an error is a failure. */
export function remoteNameCheck(url: string, key: string | undefined, outbound: Outbound): NameCheck {
  return async (fullName) => {
    let reply: { status: number; body: unknown };
    try {
      reply = await requestJson(url, { method: 'POST', headers: bearer(key), json: { fullName } }, outbound);
    } catch (error) {
      throw new CheckUnavailableError('name check did not answer', { cause: error });
    }
    const parsed = remoteReply.safeParse(reply.body);
    if (!isSuccess(reply.status) || !parsed.success) {
      throw new CheckUnavailableError(`name check answered ${reply.status}`);
    }
    return parsed.data.status === 'invalid' ? 'invalid' : 'valid';
  };
}
