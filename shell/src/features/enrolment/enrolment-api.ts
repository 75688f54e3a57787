import { calls, type EnrolmentResponse } from '@manager/contract';
import { http, isApiError, serverMessage } from '@manager/platform';

/** The page's outcome of a call: its data, or the text to show (the API's own when it gave one). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string; gone: boolean };

const pathOf = (token: string) => calls.enrolment.path.replace(':token', encodeURIComponent(token));

async function attempt<T>(
  send: () => Promise<{ data?: unknown }>,
  parse: (d: unknown) => T,
): Promise<Outcome<T>> {
  try {
    return { ok: true, data: parse((await send()).data) };
  } catch (error) {
    if (isApiError(error) && error.status === undefined)
      return { ok: false, message: 'Network error. Please try again.', gone: false };
    const message =
      (isApiError(error) && serverMessage(error.data)) || 'Something went wrong. Please try again.';
    return { ok: false, message, gone: isApiError(error) && error.status === 410 };
  }
}

/** GET /enrolment/:token: who the link is for and the authenticator secret to set up. */
export const loadEnrolment = (token: string): Promise<Outcome<EnrolmentResponse>> =>
  attempt(
    () => http.get(pathOf(token)),
    (d) => calls.enrolment.response.parse(d),
  );

/** POST /enrolment/:token: the password and a code from the authenticator; spends the link. */
export const enrol = (token: string, body: { password: string; code: string }) =>
  attempt(
    () => http.post(pathOf(token), body),
    (d) => calls.enrol.response.parse(d),
  );
