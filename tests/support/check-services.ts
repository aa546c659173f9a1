import type { MockAgent } from 'undici';

// The three third-party checks of the lead forms, faked at the HTTP level: each interceptor matches only the
// request the server must send (path, bearer key, body), so a request that strays fails the test.

/** Configuration that makes every check remote. */
export const REMOTE_CHECKS = {
  EMAIL_CHECK_URL: 'https://email.example/v1/check',
  EMAIL_CHECK_KEY: 'email-key',
  PHONE_CHECK_URL: 'https://phone.example',
  PHONE_CHECK_KEY: 'phone-key',
  NAME_CHECK_URL: 'https://names.example/validate-name',
  NAME_CHECK_KEY: 'name-key',
};

export const CLEAN_EMAIL = { spam: false, blocklisted: false, disposable: false };
export const VALID_PHONE = { status: 'success', data: { status: 'valid', country_timezone: 'America/Chicago' } };

interface Subject {
  email?: string;
  /** The 10 digits the server sends. */
  phone?: string;
  fullName?: string;
  /** False when NAME_CHECK_KEY is left out: the name service is then called without a bearer header. */
  nameKey?: boolean;
}

/** One interceptor per call to each service, for Jane Doe of 210-867-5309 unless told. */
export function checkServices(
  agent: MockAgent,
  { email = 'jane@example.com', phone = '2108675309', fullName = 'Jane Doe', nameKey = true }: Subject = {},
) {
  return {
    email: () =>
      agent.get('https://email.example').intercept({
        path: `/v1/check?email=${encodeURIComponent(email)}`,
        method: 'GET',
        headers: { authorization: 'Bearer email-key' },
      }),
    phone: () =>
      agent.get('https://phone.example').intercept({
        path: '/v1/phonenumber/validate',
        method: 'POST',
        headers: { authorization: 'Bearer phone-key' },
        body: JSON.stringify({ number: phone }),
      }),
    name: () =>
      agent.get('https://names.example').intercept({
        path: '/validate-name',
        method: 'POST',
        headers: nameKey ? { authorization: 'Bearer name-key' } : (headers) => !('authorization' in headers),
        body: JSON.stringify({ fullName }),
      }),
  };
}
