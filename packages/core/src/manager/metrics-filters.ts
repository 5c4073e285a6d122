/**
 * Filters in front of the metrics handler (controller-runtime's `metrics/filters`):
 * `withAuthenticationAndAuthorization` lets a request through only when its bearer token
 * passes a TokenReview (authentication.k8s.io/v1) and the user it names passes a
 * SubjectAccessReview (authorization.k8s.io/v1) for the request's path as a non-resource
 * URL and its method as the verb (`get` on `/metrics`), both sent by the manager's REST wire.
 * No or an unknown token → 401, denied → 403, a review that fails (the API server
 * unreachable, the operator not allowed to create reviews) → 500 and one error log line.
 * Answers are cached as controller-runtime caches them: token answers 1 min, allowed 5 min,
 * denied 30 s; at most 1024 entries each; a failed review is not cached. The operator needs
 * `create` on `tokenreviews` and `subjectaccessreviews` (kubebuilder's `metrics-auth-role`);
 * a scraper needs `get` on the non-resource URL `/metrics` (`metrics-reader`).
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../api/logger.js';
import type { RestClient } from '../client/rest.js';
import { ReviewCache, type ReviewCacheOptions } from './review-cache.js';

/** What a filter answers instead of the handler. */
export interface FilterReply {
  status: number;
  body: string;
}

/** Answers a request itself (refuses it), or resolves undefined to let the handler answer. */
export type Filter = (url: URL, req: IncomingMessage) => Promise<FilterReply | undefined>;

/** What a filter is built from: the manager's REST wire and logger. */
export interface FilterContext {
  rest: Pick<RestClient, 'json'>;
  logger: Logger;
}

/** Builds the filter of a metrics server (controller-runtime's `metricsserver.Filter` provider). */
export type FilterProvider = (context: FilterContext) => Filter;

export interface AuthenticationAndAuthorizationOptions extends ReviewCacheOptions {
  /** How long a TokenReview answer is reused. Default 1 min. */
  tokenCacheTtlMs?: number;
  /** How long an allowing SubjectAccessReview answer is reused. Default 5 min. */
  allowCacheTtlMs?: number;
  /** How long a denying SubjectAccessReview answer is reused. Default 30 s. */
  denyCacheTtlMs?: number;
  /** Longest a review may take. Default 10 s. */
  reviewTimeoutMs?: number;
}

interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

interface TokenReview {
  status?: { authenticated?: boolean; user?: UserInfo; error?: string };
}

interface SubjectAccessReview {
  status?: { allowed?: boolean; denied?: boolean; reason?: string };
}

function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/**
 * The filter kubebuilder's `main.go` puts in front of secure metrics. Pass it as
 * `metricsServer.filterProvider` (`managerOptionsFromFlags` does when `--metrics-secure`).
 */
export function withAuthenticationAndAuthorization(
  context: FilterContext,
  options: AuthenticationAndAuthorizationOptions = {},
): Filter {
  const { rest } = context;
  const logger = context.logger.child({ component: 'metrics-auth' });
  const tokens = new ReviewCache<UserInfo | null>(options);
  const decisions = new ReviewCache<boolean>(options);
  const timeout = () => AbortSignal.timeout(options.reviewTimeoutMs ?? 10_000);

  async function authenticate(token: string): Promise<UserInfo | null> {
    const key = process.getBuiltinModule('node:crypto').createHash('sha256').update(token).digest('hex');
    const known = tokens.get(key);
    if (known !== undefined) return known;
    const review = await rest.json<TokenReview>(
      {
        method: 'POST',
        path: '/apis/authentication.k8s.io/v1/tokenreviews',
        body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } },
        signal: timeout(),
      },
      'unable to create a TokenReview',
    );
    const user = review.status?.authenticated === true ? (review.status.user ?? {}) : null;
    tokens.set(key, user, options.tokenCacheTtlMs ?? 60_000);
    return user;
  }

  async function authorize(user: UserInfo, verb: string, path: string): Promise<boolean> {
    const spec = { user: user.username, uid: user.uid, groups: user.groups, extra: user.extra };
    const key = JSON.stringify([spec, verb, path]);
    const known = decisions.get(key);
    if (known !== undefined) return known;
    const review = await rest.json<SubjectAccessReview>(
      {
        method: 'POST',
        path: '/apis/authorization.k8s.io/v1/subjectaccessreviews',
        body: {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SubjectAccessReview',
          spec: { ...spec, nonResourceAttributes: { path, verb } },
        },
        signal: timeout(),
      },
      `unable to create a SubjectAccessReview for user ${user.username}`,
    );
    const allowed = review.status?.allowed === true;
    decisions.set(key, allowed, allowed ? (options.allowCacheTtlMs ?? 300_000) : (options.denyCacheTtlMs ?? 30_000));
    return allowed;
  }

  return async (url, req) => {
    const token = bearerToken(req);
    if (token === undefined) return { status: 401, body: 'Unauthorized\n' };
    let user: UserInfo | null;
    try {
      user = await authenticate(token);
    } catch (err) {
      logger.error('Authentication failed', { error: err });
      return { status: 500, body: 'Authentication failed\n' };
    }
    if (user === null) return { status: 401, body: 'Unauthorized\n' };
    const verb = (req.method ?? 'GET').toLowerCase();
    try {
      if (await authorize(user, verb, url.pathname)) return undefined;
    } catch (err) {
      logger.error(`Authorization for user ${user.username} failed`, { error: err });
      return { status: 500, body: `Authorization for user ${user.username} failed\n` };
    }
    logger.debug(`Authorization denied for user ${user.username}`, { verb, path: url.pathname });
    return { status: 403, body: `Authorization denied for user ${user.username}\n` };
  };
}
