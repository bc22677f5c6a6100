/**
 * What a request log line may say about a request. Guest cart and wishlist tokens, sign-in and
 * verification codes, reset links and captcha answers travel in query strings; a log keeps them
 * for weeks and is read by more people than the database, so their values never reach it. Headers
 * and cookies (sessions, anti-forgery) are not logged at all.
 */

export const REDACTED = '[redacted]';

/** Parameter names (compared in lower case) whose values are secrets. */
const SECRET_NAMES = new Set([
  'token',
  'code',
  'session',
  'sessionid',
  'sid',
  'key',
  'apikey',
  'api_key',
  'secret',
  'password',
  'resettoken',
  'verificationcode',
  'recaptchatoken',
  'signature',
]);

/** Any name ending in one of these is a secret too: accessToken, wishlist_token, newPassword, clientSecret. */
const SECRET_SUFFIX = /(token|password|secret)$/;

function decodeName(raw: string): string {
  const spaced = raw.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // Malformed percent-encoding: match on what was written.
    return spaced;
  }
}

/** True when a query parameter of this (raw, possibly percent-encoded) name carries a secret. */
export function isSecretParameter(rawName: string): boolean {
  // token[]=..., token[0]=...: the bracket suffixes some parsers read as arrays or objects.
  const name = decodeName(rawName)
    .trim()
    .replace(/(\[[^\]]*\])+$/, '')
    .toLowerCase();
  return SECRET_NAMES.has(name) || SECRET_SUFFIX.test(name);
}

function redactParameters(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      return value !== '' && isSecretParameter(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The URL with the values of secret query parameters replaced by `[redacted]`; the path, the
 * other parameters and their order stay as written. Never throws: malformed percent-encoding is
 * matched as written, and a repeated parameter is redacted every time it appears. A fragment
 * (which browsers never send, but a raw request may carry) is treated as parameters too.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  const hash = url.indexOf('#');
  if (question < 0 && hash < 0) return url;
  const pathEnd = question < 0 ? hash : hash < 0 ? question : Math.min(question, hash);
  const path = url.slice(0, pathEnd);
  const rest = url.slice(pathEnd);
  const restHash = rest.indexOf('#');
  const query = restHash < 0 ? rest : rest.slice(0, restHash);
  const fragment = restHash < 0 ? null : rest.slice(restHash + 1);
  let out = path;
  if (query.startsWith('?')) out += `?${redactParameters(query.slice(1))}`;
  if (fragment !== null) out += `#${fragment.includes('=') ? redactParameters(fragment) : fragment}`;
  return out;
}

/** The parts of a Fastify request the log line reads. */
interface LoggableRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/** A type, not an interface: Fastify's serializer option wants a shape with an index signature. */
type RequestLogLine = {
  method: string | undefined;
  url: string | undefined;
  hostname: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
};

/**
 * Fastify's `logger: { serializers: requestLogSerializers }`: each request is logged by method,
 * redacted URL, host name, and the client's address and port. Nothing from headers or cookies.
 */
export const requestLogSerializers = {
  req(request: LoggableRequest): RequestLogLine {
    return {
      method: request.method,
      url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
      hostname: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
