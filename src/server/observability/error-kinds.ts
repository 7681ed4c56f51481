/**
 * The kind of refusal or failure an API status stands for, as the `kind` label of
 * materia_api_errors_total: a short fixed list, so that the label stays bounded.
 */
const KINDS: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'wrong_method',
  409: 'conflict',
  413: 'too_large',
  415: 'wrong_content_type',
  429: 'throttled',
  500: 'server_error',
  503: 'unavailable',
};

/** Null for a success (below 400). */
export function errorKind(status: number): string | null {
  if (status < 400) return null;
  return KINDS[status] ?? (status < 500 ? 'other_client_error' : 'other_server_error');
}
