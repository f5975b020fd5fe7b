/**
 * What every route of the API shares, written into the document once: the headers of
 * read-your-writes, paging and caching, the statuses that any route can answer whatever its own
 * rules (a wrong admin code, a bad X-Min-Position, a body too large or of the wrong type, a
 * database that does not answer), the HEAD twin of each GET, an operationId and a `security`
 * entry on each operation. The routes declare only what is theirs (apiSchema); this adds the
 * rest, so a new route is documented with the shared behaviour without saying it again.
 */

type Json = Record<string, unknown>;

export interface Response extends Json {
  description: string;
  content?: Json;
  headers?: Record<string, Json>;
}
export interface Operation extends Json {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Json[];
  responses: Record<string, Response | { $ref: string }>;
}
export interface ApiDocument extends Json {
  info: Json;
  paths: Record<string, Record<string, Operation>>;
  components?: Json & { responses?: Json; headers?: Json; parameters?: Json; schemas?: Json };
}

const QUERY_METHODS = new Set(['get', 'head']);
const POSITION = { type: 'string', pattern: '^[0-9]+$' };

/** Response headers, by component name. */
export const sharedHeaders = {
  XEventPosition: {
    description:
      'The global position of the last event this request appended. Send the highest one seen as X-Min-Position so that later reads reflect it.',
    schema: POSITION,
  },
  XProjectedPosition: {
    description: 'The event position the read models had reached when this answer was read.',
    schema: POSITION,
  },
  XEventLogHead: {
    description:
      "The event log's last position, when X-Min-Position is beyond it (a position from a log that was reset): start over from this one.",
    schema: POSITION,
  },
  XNextCursor: {
    description: 'The `cursor` of the next page; absent on the last page.',
    schema: { type: 'string' },
  },
  XTotalCount: {
    description: 'How many items all pages hold together.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  ETag: {
    description: 'A strong validator of this answer; send it as If-None-Match to get a 304 while it holds.',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Whole seconds to wait before trying again.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  WWWAuthenticate: {
    description: 'The credential this route takes: `Bearer` (the session token from /api/auth/login).',
    schema: { type: 'string' },
  },
} as const;

type HeaderName = keyof typeof sharedHeaders;
const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
/** The wire names of the response headers above, for the ones written with `headerRef`. */
export const wireNames: Record<HeaderName, string> = {
  XEventPosition: 'X-Event-Position',
  XProjectedPosition: 'X-Projected-Position',
  XEventLogHead: 'X-Event-Log-Head',
  XNextCursor: 'X-Next-Cursor',
  XTotalCount: 'X-Total-Count',
  ETag: 'ETag',
  RetryAfter: 'Retry-After',
  WWWAuthenticate: 'WWW-Authenticate',
};

/** Request headers, by component name. */
export const sharedParameters = {
  XMinPosition: {
    name: 'X-Min-Position',
    in: 'header',
    required: false,
    description:
      'The highest X-Event-Position this client has seen: the answer waits (about 2 s at most) until the read models reflect it. Not a whole number, or beyond the log: 400.',
    schema: POSITION,
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The ETag of a copy the client holds: 304 with no body while it is still the answer.',
    schema: { type: 'string' },
  },
  XAdminCode: {
    name: 'X-Admin-Code',
    in: 'header',
    required: false,
    description:
      'Not needed here, but read on every route: a code that is neither the admin password nor a live admin session is a 401, and too many of them from one client a 429.',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A key the client makes once per user action (a UUID, say): a retry of the same request with the same key is answered like the first and changes nothing again; the key sent with another request is another action. A key that is not 1 to 200 visible ASCII characters is a 400.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
  },
} as const;

type ParameterName = keyof typeof sharedParameters;
const parameterRef = (name: ParameterName) => ({ $ref: `#/components/parameters/${name}` });

const detail = {
  'application/json': {
    schema: {
      type: 'object',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
      additionalProperties: false,
      description: 'The reason, phrased for a person',
    },
  },
};

/** The statuses that do not depend on the route's own rules, by component name. */
export const sharedResponses = {
  AdminCodeRefused: {
    status: '401',
    description:
      'X-Admin-Code was sent and is neither the admin password nor a live admin session (on every route)',
    content: detail,
  },
  TooManyRequests: {
    status: '429',
    description: 'Too many wrong admin codes from this client (on every route)',
    content: detail,
    headers: { 'Retry-After': headerRef('RetryAfter') },
  },
  BadMinPosition: {
    status: '400',
    description:
      'X-Min-Position is not a whole number, or is beyond the event log (then with X-Event-Log-Head)',
    content: detail,
    headers: { 'X-Event-Log-Head': headerRef('XEventLogHead') },
  },
  MalformedBody: {
    status: '400',
    description: 'The body is not what its Content-Type says (JSON that does not parse, an empty JSON body)',
    content: detail,
  },
  PayloadTooLarge: {
    status: '413',
    description: 'The body is larger than the server takes for this route',
    content: detail,
  },
  UnsupportedMediaType: {
    status: '415',
    description: 'The body has a Content-Type the route does not take',
    content: detail,
  },
  ServiceUnavailable: {
    status: '503',
    description:
      'The database does not answer, or (reads) the read models did not reach X-Min-Position in time: ask again after Retry-After',
    content: detail,
    headers: { 'Retry-After': headerRef('RetryAfter') },
  },
} as const;

type ResponseName = keyof typeof sharedResponses;

/** Which shared statuses apply to a query (GET/HEAD) and to a command (any other method). */
export const sharedResponsesFor = (method: string): ResponseName[] =>
  QUERY_METHODS.has(method)
    ? ['AdminCodeRefused', 'TooManyRequests', 'BadMinPosition', 'ServiceUnavailable']
    : [
        'AdminCodeRefused',
        'TooManyRequests',
        'MalformedBody',
        'PayloadTooLarge',
        'UnsupportedMediaType',
        'ServiceUnavailable',
      ];

/**
 * Headers of particular routes' answers. Keyed by `METHOD path`; a HEAD twin takes its GET's.
 * `304` answers are added where an ETag is.
 */
const routeHeaders: Record<string, { ok: HeaderName[]; notModified?: true }> = {
  'GET /api/stories': { ok: ['ETag', 'XNextCursor', 'XTotalCount'], notModified: true },
  'GET /api/stories/{id}': { ok: ['ETag', 'XEventPosition'], notModified: true },
  'GET /api/images/{name}': { ok: ['ETag'], notModified: true },
  'GET /api/me/library': { ok: ['XNextCursor'] },
  'GET /api/admin/users': { ok: ['XNextCursor', 'XTotalCount'] },
  'GET /api/admin/payments': { ok: ['XNextCursor'] },
  'GET /api/admin/reports': { ok: ['XNextCursor'] },
  'GET /api/admin/staff': { ok: ['XNextCursor'] },
};

/** `POST /api/stories/{id}/like` -> `postStoriesByIdLike`: stable while the route is. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((segment) => {
      const parameter = segment.match(/^\{(.+)\}$/);
      return parameter ? `By${capitalise(parameter[1]!)}` : capitalise(segment);
    });
  return `${method.toLowerCase()}${words.join('')}`;
}
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const isSuccess = (status: string) => status.startsWith('2');

function addHeaders(response: Response | { $ref: string }, headers: Record<string, Json>): void {
  if ('$ref' in response || Object.keys(headers).length === 0) return;
  response.headers = { ...response.headers, ...headers };
}

function hasParameter(operation: Operation, name: string): boolean {
  const lower = name.toLowerCase();
  return (operation.parameters ?? []).some((parameter) => {
    if (typeof parameter.$ref === 'string') {
      const key = parameter.$ref.split('/').at(-1) as ParameterName;
      return sharedParameters[key]?.name.toLowerCase() === lower;
    }
    return String(parameter.name).toLowerCase() === lower && parameter.in === 'header';
  });
}

function addParameter(operation: Operation, name: ParameterName): void {
  if (hasParameter(operation, sharedParameters[name].name)) return;
  operation.parameters = [...(operation.parameters ?? []), parameterRef(name)];
}

function applyShared(operation: Operation, method: string): void {
  for (const name of sharedResponsesFor(method)) {
    const shared = sharedResponses[name];
    const own = operation.responses[shared.status];
    if (!own) {
      operation.responses[shared.status] = { $ref: `#/components/responses/${name}` };
    } else if (!('$ref' in own)) {
      // The route's own refusal with that status stays, and says that the shared case is one too.
      if (!own.description.includes(shared.description)) {
        own.description = `${own.description}; or: ${shared.description}`;
      }
      if ('headers' in shared) addHeaders(own, shared.headers);
    }
  }
}

function describeHeaders(operation: Operation, method: string, path: string): void {
  const query = QUERY_METHODS.has(method);
  const own = routeHeaders[`${method === 'head' ? 'GET' : method.toUpperCase()} ${path}`];
  for (const [status, response] of Object.entries(operation.responses)) {
    if ('$ref' in response) continue;
    const headers: Record<string, Json> = {};
    if (query) headers['X-Projected-Position'] = headerRef('XProjectedPosition');
    if (!query && isSuccess(status)) headers['X-Event-Position'] = headerRef('XEventPosition');
    if (isSuccess(status)) for (const name of own?.ok ?? []) headers[wireNames[name]] = headerRef(name);
    if (status === '429' || status === '503') headers['Retry-After'] = headerRef('RetryAfter');
    if (status === '401' && operation.security?.some((scheme) => 'user' in scheme)) {
      headers['WWW-Authenticate'] = headerRef('WWWAuthenticate');
    }
    addHeaders(response, headers);
  }
  if (own?.notModified) {
    const existing = operation.responses['304'];
    operation.responses['304'] = {
      description:
        existing && !('$ref' in existing)
          ? existing.description
          : 'Not modified: the If-None-Match copy is still the answer',
      // A 304 carries the headers its 200 would have (RFC 9110: those of the cached answer).
      headers: {
        'X-Projected-Position': headerRef('XProjectedPosition'),
        ...Object.fromEntries(own.ok.map((name) => [wireNames[name], headerRef(name)])),
      },
    };
    addParameter(operation, 'IfNoneMatch');
  }
}

/** HEAD answers what GET answers, headers and statuses, without a body. */
function headTwin(get: Operation, path: string): Operation {
  const responses: Operation['responses'] = {};
  for (const [status, response] of Object.entries(get.responses)) {
    if ('$ref' in response) {
      responses[status] = response;
      continue;
    }
    const { content: _body, ...rest } = response;
    responses[status] = structuredClone(rest);
  }
  const { requestBody: _none, ...rest } = get;
  return {
    ...structuredClone(rest),
    summary: `${String(get.summary ?? '')} (headers only)`,
    operationId: operationIdOf('head', path),
    responses,
  };
}

/**
 * Returns the document with the shared conventions written in. Bodies in a HEAD twin's shared
 * responses are left as they are: a HEAD answer carries none whatever the response says.
 */
export function withSharedConventions(source: ApiDocument): ApiDocument {
  const document = structuredClone(source);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId ??= operationIdOf(method, path);
      operation.security ??= [];
      if (QUERY_METHODS.has(method)) addParameter(operation, 'XMinPosition');
      else addParameter(operation, 'IdempotencyKey');
      if (!operation.security.some((scheme) => 'admin' in scheme)) addParameter(operation, 'XAdminCode');
      describeHeaders(operation, method, path);
      applyShared(operation, method);
    }
    if (operations.get && !operations.head) operations.head = headTwin(operations.get, path);
  }
  const responses: Record<string, Json> = {};
  for (const [name, { status: _status, ...response }] of Object.entries(sharedResponses)) {
    responses[name] = response;
  }
  document.components = {
    ...document.components,
    responses: { ...(document.components?.responses as Json | undefined), ...responses },
    headers: { ...(document.components?.headers as Json | undefined), ...sharedHeaders },
    parameters: { ...(document.components?.parameters as Json | undefined), ...sharedParameters },
  };
  return document;
}
