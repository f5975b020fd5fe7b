/**
 * Who works in the admin panel and what each may do. The owner signs in with the admin
 * password; staff are invited by the owner into one role. `adminRoutePermissions` is the one
 * table of which role may call which admin-authenticated route: the server refuses every other
 * call with a 403 (events http/require-admin.ts), and the panel shows only what the table allows.
 */
export const ADMIN_ROLES = ['owner', 'admin', 'moderator', 'auditor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The roles the owner can invite into (there is one owner: whoever holds the password). */
export const STAFF_ROLES = ['admin', 'moderator', 'auditor'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRoleName =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export const roleLabels: Readonly<Record<AdminRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  moderator: 'Moderator',
  auditor: 'Auditor',
};

const everyone = ADMIN_ROLES;
const ownerOnly = ['owner'] as const;
/** Everything the panel did before staff existed: stories, tags, users, payments, premium. */
const managers = ['owner', 'admin'] as const;
/** Story visibility and the report queue. */
const moderators = ['owner', 'admin', 'moderator'] as const;
/** Reading users, payments, premium histories and the growth chart; changing none of them. */
const readers = ['owner', 'admin', 'auditor'] as const;

/**
 * Every route that X-Admin-Code opens or widens, as `METHOD path` with the servers' own route
 * paths (`:param`), mapped to the roles allowed. The permission matrix test fails when an
 * admin-authenticated route of the OpenAPI document is missing here.
 */
export const adminRoutePermissions: Readonly<Record<string, readonly AdminRole[]>> = {
  'POST /api/admin/validate': everyone,
  'POST /api/admin/logout': everyone,
  // Stories: publishing, curating and the plain delete are the admin's; reading premium also the
  // moderator's (the moderation work), who removes a story only by a reasoned decision.
  'POST /api/stories': managers,
  'DELETE /api/stories/:id': managers,
  'GET /api/stories': moderators,
  'GET /api/stories/:id': moderators,
  'GET /api/search': moderators,
  'PUT /api/admin/stories/:id/labels': managers,
  'POST /api/admin/tags': managers,
  'DELETE /api/admin/tags/:tag': managers,
  // Moderation: the report queue, each story's moderation history and the decisions.
  'GET /api/admin/reports': moderators,
  'POST /api/admin/reports/:id/dismiss': moderators,
  'POST /api/admin/stories/:id/hide': moderators,
  'POST /api/admin/stories/:id/restore': moderators,
  'POST /api/admin/stories/:id/delete': moderators,
  'POST /api/admin/stories/:id/rating': moderators,
  'GET /api/admin/stories/:id/moderation': moderators,
  // Users, payments and premium.
  'GET /api/admin/users': readers,
  'GET /api/admin/users/monthly-stats': readers,
  'GET /api/admin/age-assurances': readers,
  // An account's history by its address: for those who read addresses (the auditor's console
  // finds an account by its id).
  'GET /api/admin/users/:email/history': managers,
  'GET /api/admin/payments': readers,
  'GET /api/admin/payments/queue': readers,
  'GET /api/admin/revenue': readers,
  'DELETE /api/admin/users/:email': managers,
  'POST /api/admin/users/:email/resend-verification': managers,
  'PUT /api/admin/users/:email/subscription': managers,
  // The auditor's console: account timelines and the event browser, read-only.
  'GET /api/admin/audit/timeline': readers,
  'GET /api/admin/audit/reconciliations': readers,
  'GET /api/admin/audit/streams': readers,
  'GET /api/admin/audit/streams/:stream/events': readers,
  'GET /api/admin/audit/events': readers,
  'GET /api/admin/audit/events/:position': readers,
  'GET /api/admin/audit/correlations/:correlationId': readers,
  // Integrity checks: they read and compare, change nothing; starting one is the only write.
  'POST /api/admin/integrity/:kind': readers,
  'GET /api/admin/integrity/:kind': readers,
  // Staff: the owner's alone.
  'GET /api/admin/staff': ownerOnly,
  'POST /api/admin/staff': ownerOnly,
  'PUT /api/admin/staff/:staffId/role': ownerOnly,
  'DELETE /api/admin/staff/:staffId': ownerOnly,
  'POST /api/admin/staff/:staffId/second-factor/reset': ownerOnly,
  'POST /api/admin/staff/second-factor/reset': ownerOnly,
};

/**
 * Who reads personal fields (addresses, transaction ids, staff addresses) where the event log
 * shows them: those who manage users. The auditor checks amounts, dates and who acted, and sees
 * a personal field only as "sealed".
 */
const personalDataReaders: readonly AdminRole[] = managers;
export const mayReadPersonalData = (role: AdminRole): boolean => personalDataReaders.includes(role);

/** HEAD is answered by the GET route. */
export const permissionKey = (method: string, routePath: string) =>
  `${method === 'HEAD' ? 'GET' : method} ${routePath}`;

/** The roles that may call this route; undefined for a route X-Admin-Code adds nothing to. */
export function rolesAllowed(method: string, routePath: string): readonly AdminRole[] | undefined {
  return adminRoutePermissions[permissionKey(method, routePath)];
}

/** Whether `role` may call the route (the panel asks this to decide what to show). */
export function roleMay(role: AdminRole, method: string, routePath: string): boolean {
  return rolesAllowed(method, routePath)?.includes(role) ?? false;
}

/** Staff passwords guard the whole product: longer than a reader's. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;
export const RECOVERY_CODE_COUNT = 10;
/** An invitation link works for 7 days. */
export const STAFF_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const staffMessages = {
  forbidden: 'Your role does not allow this action.',
  roleInvalid: 'Role must be one of: admin, moderator, auditor',
  alreadyStaff: 'This address already belongs to a staff member.',
  notFound: 'Staff member not found',
  invitationUnknown: 'This invitation link is not valid.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationExpired: 'This invitation link has expired. Please ask for a new one.',
  passwordTooShort: `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`,
  passwordFirst: 'Please choose a password first.',
  codeInvalid: 'The code is not valid. Please check your authenticator app and try again.',
  codeRequired: 'The code from your authenticator app (or a recovery code) is required',
  invalidLogin: 'Invalid email, password or code',
  sameRole: 'The staff member already has this role.',
  deleteByDecision:
    'A moderator removes a story by a decision with a stated reason: Delete in the Reports tab (POST /api/admin/stories/{id}/delete).',
} as const;

/** Where a refused role is sent instead, for the routes whose work another route does for it. */
const refusalDetails: Readonly<Record<string, string>> = {
  'DELETE /api/stories/:id': staffMessages.deleteByDecision,
};

/** The `detail` of a 403 for a role the permission table leaves out of this route. */
export function forbiddenDetail(method: string, routePath: string): string {
  return refusalDetails[permissionKey(method, routePath)] ?? staffMessages.forbidden;
}
