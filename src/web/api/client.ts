/**
 * The one API client. Every call is `POST {apiBase}/{path}` with JSON;
 * it adds `_company_slug` and, when logged in, `_user_token`, reads the envelope, shows the
 * messages as toasts, opens the 'Application Error' dialog for a reply without `result`, notes
 * the version and refreshed token fields, and logs the user out locally on
 * `authentication_failed`.
 */
import type { Envelope } from '../../shared/envelope';
import { apiBase } from '../config';
import { useSession } from '../session/store';
import { showApplicationError } from './errorDialog';
import { readReply, tokenFieldsOf } from './reply';
import { showMessages, showToast } from './toasts';

interface CallOptions {
  /** Log the messages to the console instead of showing toasts (list, row, settings calls). */
  quiet?: boolean;
  /** Leave the messages to the caller (forms that show them on the page). */
  silent?: boolean;
  /** Do not send the user token even when logged in. */
  anonymous?: boolean;
  /** Ask another company than the session's (used while finding out which company this is). */
  companySlug?: string;
  signal?: AbortSignal;
}

export const SERVER_DOWN_TEXT =
  'The server cannot be reached. Check your connection and try again in a moment.';
const INVALID_REPLY_TEXT = 'The server sent a reply the app does not understand.';

/** The server could not be reached (or answered with something that is not an envelope). */
export class CallError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'invalid' | 'failed',
    readonly envelope: Envelope | null = null,
  ) {
    super(message);
  }
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers itself so that a lost session can go to `/` without a page load. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

interface Answer {
  status: number;
  text: string;
}

/**
 * Reads of whole lists that two parts of the page may ask for at the same moment (the shell's
 * categories and the category tree's, both `categories/get_all_flat` of every node): an
 * identical read already on its way is not sent again, its answer serves both. The body holds
 * the token, so only the same session's identical read is shared; any call that may write ends
 * the sharing of reads sent before it, so that a read after a write never gets an older answer.
 */
const SHARED_READ = /\/(list|count|get_all_flat)$/;
/** Calls that change nothing; any other may, and reads sent before it are not shared after. */
const READ = /\/(get\w*|list|count|typeahead\w*|check_authentication)$/;
const readsInFlight = new Map<string, Promise<Answer>>();

function send(url: string, body: string, options: CallOptions): Promise<Answer> {
  const fetchAnswer = async (): Promise<Answer> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: options.signal ?? null,
    });
    return { status: response.status, text: await response.text() };
  };
  // A read sent after a write must not get an answer from before it.
  if (!READ.test(url)) readsInFlight.clear();
  if (options.signal || !SHARED_READ.test(url)) return fetchAnswer();
  const key = `${url}\n${body}`;
  const known = readsInFlight.get(key);
  if (known) return known;
  const answer = fetchAnswer().finally(() => readsInFlight.delete(key));
  readsInFlight.set(key, answer);
  return answer;
}

export async function call<T = unknown>(
  path: string,
  payload: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Envelope<T>> {
  const session = useSession.getState();
  const body: Record<string, unknown> = {
    ...payload,
    _company_slug: options.companySlug ?? session.company_slug ?? '',
  };
  if (session.token && !options.anonymous) body._user_token = session.token;

  let response: Answer;
  try {
    response = await send(`${apiBase(session.environment)}/${path}`, JSON.stringify(body), options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (!options.silent && !options.quiet) showToast({ type: 'e', text: SERVER_DOWN_TEXT });
    throw new CallError(SERVER_DOWN_TEXT, 'network');
  }
  useSession.getState().noteRequest(Date.now());

  const reply = readReply<T>(response.status, response.text);
  if (!reply.ok) {
    // A gateway's error page while the server restarts is "server down", not an app error.
    if (response.status >= 502 && response.status <= 504) {
      if (!options.silent && !options.quiet) showToast({ type: 'e', text: SERVER_DOWN_TEXT });
      throw new CallError(SERVER_DOWN_TEXT, 'network');
    }
    showApplicationError(reply.raw);
    throw new CallError(INVALID_REPLY_TEXT, 'invalid');
  }

  const envelope = reply.envelope;
  const state = useSession.getState();
  if (typeof envelope.version === 'string') state.noticeVersion(envelope.version);
  if (envelope.result) {
    const fields = tokenFieldsOf(envelope);
    if (fields && state.user) state.refreshToken(fields);
  }
  if (options.quiet) {
    for (const message of envelope.messages) console.info(`[${path}] ${message.text}`);
  } else if (!options.silent) {
    showMessages(envelope.messages);
  }
  if (!envelope.result && envelope.authentication_failed && state.user) {
    state.logout();
    navigate('/');
  }
  return envelope;
}

/** `call` for queries: the data when `result` is true, else a CallError (logged, not shown). */
export async function callData<T>(
  path: string,
  payload: Record<string, unknown> = {},
  options: CallOptions = { quiet: true },
): Promise<T> {
  const envelope = await call<T>(path, payload, options);
  if (!envelope.result) {
    const text = envelope.messages[0]?.text ?? `${path} failed`;
    console.warn(`[${path}] ${text}`);
    throw new CallError(text, 'failed', envelope);
  }
  return envelope.data;
}
