import { z } from 'zod';
import { TOTP_DIGITS } from '../constants.ts';
import { PERMISSION_NAMES } from '../permissions.ts';
import { adminRoleSchema } from './auth.ts';
import { isoDate, text } from './common.ts';

/**
 * Administrators (`/admins`, docs/security.md, Administrators and four eyes): the list, roles,
 * invitations, and the requests a second admin holding `admins.manage` decides.
 */
export const ADMIN_STATUSES = ['active', 'disabled', 'invited'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export const ADMIN_STATUS_LABELS: Record<AdminStatus, string> = {
  active: 'Active',
  disabled: 'Disabled',
  invited: 'Invited',
};

export const ADMIN_REQUEST_KINDS = ['grant', 'enable', 'reset-second-factor'] as const;
export type AdminRequestKind = (typeof ADMIN_REQUEST_KINDS)[number];
export const ADMIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdminRequestStatus = (typeof ADMIN_REQUEST_STATUSES)[number];

/**
 * The texts of the four-eyes refusals: all answer 409 (403 is kept for a missing permission,
 * with `data.permission`), as a withdrawal's first approver giving the second approval does.
 */
export const LAST_OWNER_MESSAGE = 'The last Owner cannot be disabled or demoted';
export const OWN_REQUEST_MESSAGE = 'You cannot approve your own request';
export const REQUEST_DECIDED_MESSAGE = 'This request was already decided';
export const ENROLMENT_GONE_MESSAGE = 'This link has expired or was already used';

/** How long an enrolment link holds. */
export const INVITE_VALID_HOURS = 24;

/** A username: letters, digits, dot, dash, underscore, never an `@` (usernames and e-mails both sign in). */
export const ADMIN_USERNAME_PATTERN = /^[\p{L}\p{N}._-]{3,64}$/u;
/** The least characters an admin's password has. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

const adminRef = z.object({ id: z.number().int(), username: z.string() });

export const adminRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  roles: z.array(adminRoleSchema),
  secondFactors: z.object({ authenticator: z.boolean(), passkeys: z.number().int() }),
  /** The latest activity of any of their sessions. */
  lastActiveAt: isoDate.nullable(),
  status: z.enum(ADMIN_STATUSES),
  /** While invited: when the enrolment link stops working. */
  inviteExpiresAt: isoDate.nullable(),
});
export type AdminRow = z.infer<typeof adminRowSchema>;

export const adminRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ADMIN_REQUEST_KINDS),
  admin: adminRef,
  /** The roles a grant gives; [] for the other kinds. */
  roles: z.array(adminRoleSchema),
  requestedBy: adminRef,
  requestedAt: isoDate,
  status: z.enum(ADMIN_REQUEST_STATUSES),
  decidedBy: adminRef.nullable(),
  decidedAt: isoDate.nullable(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

/* GET /admins */
export const adminsResponseSchema = z.object({ items: z.array(adminRowSchema) });
export type AdminsResponse = z.infer<typeof adminsResponseSchema>;

/* GET /admins/roles */
export const roleDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.enum(PERMISSION_NAMES)),
});
export type RoleDefinition = z.infer<typeof roleDefinitionSchema>;
export const adminRolesResponseSchema = z.object({ items: z.array(roleDefinitionSchema) });
export type AdminRolesResponse = z.infer<typeof adminRolesResponseSchema>;

/* POST /admins/roles */
const ROLE_NAME_MAX = 64;
export const createRoleRequestSchema = z.object({
  name: text.trim().min(1, 'Please enter a role name').max(ROLE_NAME_MAX),
  permissions: z
    .array(z.enum(PERMISSION_NAMES, { error: 'Unknown permission' }))
    .min(1, 'Please choose at least one permission')
    .max(PERMISSION_NAMES.length)
    .refine((list) => new Set(list).size === list.length, 'Each permission only once'),
});
export type CreateRoleRequest = z.infer<typeof createRoleRequestSchema>;
export const createRoleResponseSchema = z.object({ role: roleDefinitionSchema });

/** Role ids chosen for an admin: at least one, each once. */
const ROLE_ID_MAX = 64;
const roleIds = z
  .array(text.min(1).max(ROLE_ID_MAX))
  .max(32)
  .refine((list) => new Set(list).size === list.length, 'Each role only once');

const LOGIN_MESSAGE = 'Please enter a username or an e-mail address';
/** A username, or an e-mail address whose local part is a username (it becomes theirs). */
export const isInviteLogin = (value: string): boolean => {
  if (ADMIN_USERNAME_PATTERN.test(value)) return true;
  const at = value.lastIndexOf('@');
  return at > 0 && z.email().safeParse(value).success && ADMIN_USERNAME_PATTERN.test(value.slice(0, at));
};

/* POST /admins/invites */
export const inviteAdminRequestSchema = z.object({
  login: text.trim().min(1, LOGIN_MESSAGE).max(254).refine(isInviteLogin, LOGIN_MESSAGE),
  roles: roleIds.min(1, 'Please choose at least one role'),
});
export type InviteAdminRequest = z.infer<typeof inviteAdminRequestSchema>;
export const inviteAdminResponseSchema = z.object({
  admin: adminRowSchema,
  /** `/enrol/<token>`: the console's enrolment page; shown once, never stored in the clear. */
  link: z.string(),
  expiresAt: isoDate,
});
export type InviteAdminResponse = z.infer<typeof inviteAdminResponseSchema>;

/* PUT /admins/:id/roles: removals apply at once, additions become a grant request. */
export const setAdminRolesRequestSchema = z.object({ roles: roleIds });
export type SetAdminRolesRequest = z.infer<typeof setAdminRolesRequestSchema>;
export const setAdminRolesResponseSchema = z.object({
  admin: adminRowSchema,
  request: adminRequestSchema.nullable(),
});

/* POST /admins/:id/disable */
export const adminResponseSchema = z.object({ admin: adminRowSchema });
/* POST /admins/:id/enable, /reset-second-factor, /admins/requests/:id/approve|reject */
export const adminRequestResponseSchema = z.object({ request: adminRequestSchema });

/* GET /admins/requests: pending first, then the last 50 decided. */
export const adminRequestsResponseSchema = z.object({ items: z.array(adminRequestSchema) });
export type AdminRequestsResponse = z.infer<typeof adminRequestsResponseSchema>;

/** Path parameter `:token` of an enrolment link: 32 random bytes, base64url (43 characters). */
export const enrolmentTokenParamSchema = z.object({
  token: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a link token'),
});

/* GET /enrolment/:token */
export const enrolmentResponseSchema = z.object({
  username: z.string(),
  expiresAt: isoDate,
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type EnrolmentResponse = z.infer<typeof enrolmentResponseSchema>;

/* POST /enrolment/:token */
const ENROL_CODE_MESSAGE = `Please enter a ${TOTP_DIGITS}-digit code`;
export const enrolRequestSchema = z.object({
  password: text
    .min(1, 'Password is required')
    .max(200)
    .refine(
      (p) => [...p].length >= ADMIN_PASSWORD_MIN_LENGTH,
      `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`,
    ),
  code: z
    .string({ error: ENROL_CODE_MESSAGE })
    .max(TOTP_DIGITS, { error: ENROL_CODE_MESSAGE, abort: true })
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), ENROL_CODE_MESSAGE),
});
export type EnrolRequest = z.infer<typeof enrolRequestSchema>;
export const enrolResponseSchema = z.object({ username: z.string() });
