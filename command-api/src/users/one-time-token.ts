/**
 * The token formats of users (links and sessions) live in events/http-kit/src/auth/user-token.ts, shared
 * with the mail reactor and query-api; these are their names on the command side.
 */
export {
  type LocatedToken,
  linkToken as oneTimeToken,
  locateUserToken as locateToken,
  newSessionToken,
} from '@nocturne/http-kit/auth';
