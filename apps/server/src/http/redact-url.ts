/**
 * The request address as the logs keep it (app.ts's `req` serializer; docs/security.md, Logs).
 *
 * The path stays, less the parts that are credentials: OAuth callbacks carry one-time codes
 * in the path, the provider's interaction pages the value of the browser's interaction cookie,
 * and the sandbox store's pages the checkout's reference (a bearer secret for that page).
 *
 * The query is redacted by parameter name after decoding, never by pattern on the raw text:
 * every parameter keeps its name, and only the few in KEPT_PARAMETERS keep their value. All
 * others read `[redacted]`, because their values are secrets or personal data, or may hold
 * them once encoded inside another: `invite` (whoever holds it can accept the invitation),
 * `returnPath` (the page a sign-in starts from, `/Client?invite=…` URL-encoded), `session`
 * (a checkout's reference), `search` and `cursor` (a coach's client search: a name or an
 * e-mail address, and base64url JSON of the last row's names), `referrer`, the provider's
 * `code`, `state`, `nonce`, `login_hint`, `id_token_hint` and `redirect_uri`, and the mailed
 * links' `token`. A parameter nobody listed is redacted too, so a new one is safe by default.
 */
export const REDACTED = '[redacted]';

/**
 * Parameters whose values say nothing about anyone. Of the endpoint table
 * (packages/contracts/src/endpoints): a sign-in's `intent` (sign-up or log-in), and the coach's
 * client list `limit`, `groupId` (a group's id, as paths carry ids) and `independent` (true).
 * Of the provider's authorization request (/idp/auth): the fixed protocol words that say which
 * form it opens, not `state`, `nonce`, `code_challenge`, `redirect_uri` or `login_hint`.
 */
const KEPT_PARAMETERS: ReadonlySet<string> = new Set([
  'intent',
  'limit',
  'groupId',
  'independent',
  'client_id',
  'response_type',
  'response_mode',
  'prompt',
  'code_challenge_method',
]);

/** A kept value must look like one of those: a word, a number or an id, never free text. */
const HARMLESS_VALUE = /^[A-Za-z0-9_-]{1,64}$/;

/** A name that is not a plain name (`?alice@example.com`, a token with no `=`) goes with its value. */
const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const SECRET_PATH_PARTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(LoginCallback[A-Za-z]*)\/.*/i, `$1/${REDACTED}`],
  [/(\/idp\/(?:interaction|auth)\/)[^/]+/i, `$1${REDACTED}`],
  [/(\/api\/purchase\/sandbox\/)[^/]+/i, `$1${REDACTED}`],
];

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const keptPath = SECRET_PATH_PARTS.reduce((kept, [pattern, replacement]) => kept.replace(pattern, replacement), path);
  if (queryAt === -1) return keptPath;
  const query = redactQuery(url.slice(queryAt + 1));
  return query ? `${keptPath}?${query}` : keptPath;
}

function redactQuery(query: string): string {
  const parameters: string[] = [];
  // URLSearchParams decodes names and values (`%3D`, `+`) and never throws on a malformed escape.
  for (const [name, value] of new URLSearchParams(query)) {
    if (!PLAIN_NAME.test(name)) parameters.push(REDACTED);
    else if (value === '') parameters.push(`${name}=`);
    else parameters.push(`${name}=${KEPT_PARAMETERS.has(name) && HARMLESS_VALUE.test(value) ? value : REDACTED}`);
  }
  return parameters.join('&');
}
